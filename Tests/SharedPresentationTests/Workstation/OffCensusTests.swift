import CoreDomain
import CoreUseCases
import Foundation
import Testing
@testable import SharedPresentation

/// A patient not on the census says so in their list row, in the server's rows and on every
/// chart banner, in text (so without color too), including a chart just fetched from the server.
@Suite struct OffCensusTests {
    /// The list's row width at 80x24 (see `ScreenLayout`: a 26-column pane, its frame and cursor).
    static let compact = 23
    static let wide = 39

    static func context(unicode: Bool) -> ViewContext {
        ViewContext(now: Census.now, timeZone: TimeZone(identifier: "UTC")!, unicode: unicode) { _ in "" }
    }

    static func offCensus(_ entry: PatientListEntry) -> PatientListEntry {
        var entry = entry
        entry.isOffCensus = true
        return entry
    }

    static func bannerText(_ chart: ChartState?, width: Int = 52, unicode: Bool = true) -> String {
        guard let chart else { return "(no chart)" }
        return BannerView.lines(for: chart, width: width, context: context(unicode: unicode)).map(\.plainText).joined(separator: "\n")
    }

    @Test(arguments: [true, false])
    func aCompactRowSaysOffInPlaceOfTheBedAndKeepsTheName(unicode: Bool) {
        let census = Census.entry(1)
        let row = PatientListView.row(Self.offCensus(census), width: Self.compact, context: Self.context(unicode: unicode)).plainText
        #expect(row == "Family1, Giv\(unicode ? "…" : ".") off      ", "the name by words, the marker in the bed's slot: \(row)")
        let onCensus = PatientListView.row(census, width: Self.compact, context: Self.context(unicode: unicode)).plainText
        #expect(!onCensus.contains(" off ") && onCensus.contains(" 4W-1 "))
        #expect(DisplayWidth.cells(row) == DisplayWidth.cells(onCensus))
    }

    @Test func aRowWithoutABedSaysOffAtEveryWidth() {
        var entry = Self.offCensus(Census.entry(2))
        entry.location = nil
        for width in [Self.compact, Self.wide] {
            let row = PatientListView.row(entry, width: width, context: Self.context(unicode: true)).plainText
            #expect(row.hasPrefix("Family2, Giv") && row.contains(width == Self.wide ? " off F" : " off "), "\(width): \(row)")
        }
    }

    @Test func aWideRowKeepsTheBedAfterTheMarker() {
        let row = PatientListView.row(Self.offCensus(Census.entry(3)), width: Self.wide, context: Self.context(unicode: true)).plainText
        #expect(row.hasPrefix("Family3, Given") && row.contains(" off 4W-3 F "), "\(row)")
        #expect(DisplayWidth.cells(row) == Self.wide)
    }

    @Test(arguments: [true, false])
    func theBannerSaysNotOnCensusAsAWarning(unicode: Bool) throws {
        let chart = ChartState(listEntry: Self.offCensus(Census.entry(1)))
        let lines = BannerView.lines(for: chart, width: 52, context: Self.context(unicode: unicode))
        let mark = try #require(lines.flatMap(\.spans).first { $0.text == "NOT ON CENSUS" })
        #expect(mark.role == .warning, "bold and underlined where there is no color")
        let text = Self.bannerText(chart, unicode: unicode)
        #expect(text.contains("DOB 1951-01-01") && text.contains("MRN MRN1"), "the identifiers stay whole")
        #expect(!Self.bannerText(ChartState(listEntry: Census.entry(1))).contains("CENSUS"))
    }

    @Test func theBannerWrapsTheMarkWholeInANarrowPane() {
        let text = Self.bannerText(ChartState(listEntry: Self.offCensus(Census.entry(1))), width: 20)
        #expect(text.contains("NOT ON CENSUS"), "\(text)")
    }

    @Test func widerServerRowsAreMarkedAndCompactOnesKeepTheNameWithTheBirthDateWhole() throws {
        let patient = Patient(id: "s1", name: PersonName(family: "Gallagher", given: ["Noreen"]), birthDate: PartialDate(year: 1949, month: 3, day: 7))
        var server = ServerSearchState(text: "ga", phase: .found(RemotePatientMatches(patients: [patient])))
        let context = Self.context(unicode: false)
        let compact = ServerSearchView.row(server, 1, unavailable: nil, width: Self.compact, context: context).plainText
        #expect(compact == " Gal., Nor.  1949-03-07", "both names keep a part: \(compact)")
        #expect(DisplayWidth.cells(compact) == Self.compact)
        let wide = ServerSearchView.row(server, 1, unavailable: nil, width: PatientListView.wideWidth, context: context).plainText
        #expect(wide.hasSuffix(" off 1949-03-07") && wide.hasPrefix(" Gallagher"), "\(wide)")
        server.fetching = "s1"
        #expect(ServerSearchView.row(server, 1, unavailable: nil, width: PatientListView.wideWidth, context: context).plainText.hasSuffix(" off fetching…"))
    }

    /// Online, "ada" typed, the server asked and its patient fetched: the chart opens marked.
    @Test func aChartFetchedFromTheServerSearchOpensMarkedAndFollowsItsListRow() {
        let search = PatientSearch(text: "ada", limit: PatientListState.pageSize)
        let lovelace = Patient(id: "srv-1", mrn: "MRN-S1", name: PersonName(family: "Lovelace", given: ["Ada"]),
                               birthDate: PartialDate(year: 1915, month: 12, day: 10), gender: .female)
        var state = Census.state()
        state.session = SessionInfo(mode: .online, user: "nurse1", hasServer: true)
        #expect(state.press(.character("/"), .character("a"), .character("d"), .character("a")) == Census.searches(typing: "ada"))
        #expect(state.update(.list(.loaded(search, PatientPage(entries: [], total: 0)))).isEmpty)
        #expect(state.press(.enter) == [.list(.searchServer("ada"))])
        #expect(state.update(.list(.serverAnswered(text: "ada", .found(RemotePatientMatches(patients: [lovelace]))))).isEmpty)
        #expect(state.press(.down, .enter) == [.list(.fetchServerPatient(lovelace))])
        #expect(state.update(.list(.serverPatientFetched(lovelace))) == [.chart(patientID: "srv-1", .load(.summary)), .list(.search(search, isRefresh: true))])
        #expect(state.chart?.patientID == "srv-1")
        #expect(Self.bannerText(state.chart).contains("NOT ON CENSUS"), "before the list has reloaded")

        let row = PatientListEntry(patient: lovelace, isOffCensus: true)
        #expect(state.update(.list(.loaded(search, PatientPage(entries: [row], total: 1)))).isEmpty)
        #expect(state.patients.selectedEntry == row)
        #expect(Self.bannerText(state.chart).contains("NOT ON CENSUS"))

        // A later sync put her on the census: the reloaded row clears the banner's mark.
        #expect(state.update(.list(.loaded(search, PatientPage(entries: [PatientListEntry(patient: lovelace)], total: 1)))).isEmpty)
        #expect(!Self.bannerText(state.chart).contains("NOT ON CENSUS"))
    }

    @Test func anOpenChartIsMarkedWhenASyncTakesThePatientOffTheCensus() {
        var state = Census.state(patients: 3)
        #expect(state.press(.enter).isEmpty)
        #expect(state.chart?.patientID == "p0" && !Self.bannerText(state.chart).contains("NOT ON CENSUS"))
        let reloaded = [Self.offCensus(Census.entry(0)), Census.entry(1), Census.entry(2)]
        #expect(state.update(.list(.loaded(state.currentSearch, PatientPage(entries: reloaded, total: 3)))).isEmpty)
        #expect(state.chart?.patientID == "p0")
        #expect(Self.bannerText(state.chart).contains("NOT ON CENSUS"))
    }
}
