import CoreDomain
import CoreUseCases
import Foundation
@testable import SharedPresentation
import Testing

/// Keeps the views recorded, and refuses them all when `refuses` is set.
final class RecordingViews: ResultViews, @unchecked Sendable {
    struct Refused: Error {}
    private let lock = NSLock()
    private var stored: [String: Date] = [:]
    let refuses: Bool

    init(refuses: Bool = false) { self.refuses = refuses }

    var views: [String: Date] { lock.withLock { stored } }

    func lastViewed(patientID: String) async throws -> Date { lock.withLock { stored[patientID] ?? .distantPast } }

    func recordViewed(patientID: String, at time: Date) async throws {
        if refuses { throw Refused() }
        lock.withLock { stored[patientID] = time }
    }
}

/// Opening the Results tab (not a refresh, and only once it is recorded as viewed) is what
/// makes its results no longer new to this user.
@Suite struct ResultsViewedTests {
    private let patient = OnePatient()

    private func runner(_ views: RecordingViews, trail: RecordingTrail = RecordingTrail()) -> UseCaseEffectRunner {
        UseCaseEffectRunner(WorkstationDependencies(directory: patient, chart: patient, audit: trail, resultViews: views, now: { Census.now }) { _ in (true, nil) })
    }

    @Test func openingResultsRecordsTheViewWithItsTime() async throws {
        let views = RecordingViews()
        _ = await runner(views).run(.chart(patientID: patient.entry.id, .load(.results)))
        #expect(views.views[patient.entry.id] == Census.now, "the runner's clock, not the machine's")
    }

    @Test func aRefreshAnotherTabOrAnUnrecordedViewIsNotAView() async {
        let views = RecordingViews()
        _ = await runner(views).run(.chart(patientID: patient.entry.id, .load(.results, isRefresh: true)))
        _ = await runner(views).run(.chart(patientID: patient.entry.id, .load(.summary)))
        let refused = await runner(views, trail: RecordingTrail(refuses: true)).run(.chart(patientID: patient.entry.id, .load(.results)))
        #expect(views.views.isEmpty)
        guard case .chart(_, .failed)? = refused else {
            Issue.record("a view the audit trail refused is not shown: \(String(describing: refused))")
            return
        }
    }

    @Test func aViewThatCannotBeKeptStillShowsTheResults() async {
        let action = await runner(RecordingViews(refuses: true)).run(.chart(patientID: patient.entry.id, .load(.results)))
        guard case let .chart(_, .loaded(content, _))? = action, content.tab == .results else {
            Issue.record("the results show; they stay new: \(String(describing: action))")
            return
        }
    }
}
