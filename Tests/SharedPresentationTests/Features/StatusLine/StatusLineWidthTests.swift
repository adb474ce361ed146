import CoreDomain
import CoreUseCases
import Foundation
@testable import SharedPresentation
import Testing

/// The status line is one row: at 80 columns each of its lines must be read whole. Seen cut:
/// `press q again to quit, any other key to`, `No patients in this cens`.
@Suite struct StatusLineWidthTests {
    /// An error that is not this product's: the generic line, the longest cause the status
    /// line carries after its prefixes.
    struct Foreign: Error {}

    /// Every line the workstation says in its own words, with the longest variable parts it holds.
    static let lines: [Notice] = [
        StatusText.chartStillLoading(press: "a"), StatusText.chartDidNotLoad, StatusText.noVitalsToMark,
        StatusText.fetchedFromServer, StatusText.allOnServer, StatusText.saving, StatusText.discardQuestion,
        StatusText.onlyItsAuthor(String(repeating: "W", count: 20)), StatusText.onlyItsAuthor(nil),
        StatusText.quitQuestion(["form not saved", "999 unsent entries"]),
        StatusText.refused(1), StatusText.refused(VitalsField.allCases.count),
        StatusText.syncFailed(UserMessage.describe(Foreign())), StatusText.outboxUncounted(UserMessage.describe(Foreign())),
        StatusText.patientListFailed(UserMessage.describe(Foreign())),
        .critical(UseCaseEffectRunner.goneMessage), .info(ServerSearchEffects.noServer),
        StatusText.loggedInAgain, StatusText.loginFailed("login cancelled"), StatusText.notSaved(UserMessage.describe(Foreign())),
    ] + [VitalsChartingError.nothingEntered, .reasonMissing, .reasonTooLong(maximum: 200), .nothingToCorrect].compactMap(\.errorDescription).map(Notice.warning)

    @Test(arguments: lines) func fitsEightyColumnsWhole(_ line: Notice) {
        var state = Census.state(columns: 80, rows: 24)
        state.notice = line
        let footer = ChromeView.footer(state, width: 80).plainText
        #expect(DisplayWidth.cells(footer) <= 80, "\(DisplayWidth.cells(footer)) cells: \(footer)")
    }

    /// At 40 columns a line too long keeps its first whole words and says there is more: it
    /// was cut mid-word (`recorded given, stays pending in the de`).
    @Test func atFortyColumnsWholeWordsAndMore() {
        var state = Census.state(columns: 40, rows: 12)
        state.notice = .warning("recorded given, stays pending in the demo (no server)")
        #expect(ChromeView.footer(state, width: 40).plainText == " recorded given, stays pending in the…")
        #expect(ChromeView.footer(state, width: 40, unicode: false).plainText == " recorded given, stays pending in the...")
        state.notice = StatusText.refused(12)
        #expect(ChromeView.footer(state, width: 40).plainText.hasPrefix(" 12 values refused"))
    }
}
