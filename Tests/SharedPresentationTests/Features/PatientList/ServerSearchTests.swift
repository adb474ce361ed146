import CoreDomain
import CoreUseCases
import Foundation
import Testing
@testable import SharedPresentation

/// The server's section under a search: offered on every search, asked only on Enter, its
/// answer shown apart from the census, and a patient from it fetched, then opened.
@Suite struct ServerSearchTests {
    static let search = PatientSearch(text: "ada", limit: PatientListState.pageSize)
    static let lovelace = Patient(id: "srv-1", mrn: "MRN-S1", name: PersonName(family: "Lovelace", given: ["Ada"]),
                                  birthDate: PartialDate(year: 1915, month: 12, day: 10), gender: .female)
    static let byron = Patient(id: "srv-2", name: PersonName(family: "Byron", given: ["Ada"]), gender: .female)

    /// An online workstation that typed "ada"; the census answered with `census` patients.
    private static func searched(census: Int = 0, mode: DataMode = .online) -> WorkstationState {
        var state = Census.state()
        state.session = SessionInfo(mode: mode, user: "nurse1", hasServer: mode != .demo)
        #expect(state.press(.character("/"), .character("a"), .character("d"), .character("a")) == Census.searches(typing: "ada"))
        // p0's chart, beside the list, stays when p0 still matches and goes when nobody does.
        #expect(state.update(.list(.loaded(search, PatientPage(entries: (0..<census).map { Census.entry($0) }, total: census)))).isEmpty)
        return state
    }

    private static func title(_ state: WorkstationState) -> String {
        state.patients.server.map { ServerSearchView.title($0, unavailable: state.serverSearchUnavailable) } ?? "(no section)"
    }

    @Test func typingOffersTheServerButAsksItNothing() {
        var state = Census.state()
        state.session = SessionInfo(mode: .online, user: "nurse1", hasServer: true)
        let effects = state.press(.character("/"), .character("a"), .character("d"), .character("a"))
        #expect(effects == Census.searches(typing: "ada"))
        #expect(state.patients.server == ServerSearchState(text: "ada"))
        #expect(Self.title(state) == "Enter: search server")
        #expect(state.press(.escape) == Census.searches(""))
        #expect(state.patients.server == nil, "no search, no section")
    }

    @Test func enterWithNoCensusMatchAsksTheServerOnce() {
        var state = Self.searched()
        #expect(state.patients.rowCount == 1 && state.patients.selectedServerRow == 0)
        #expect(state.press(.enter) == [.list(.searchServer("ada"))])
        #expect(!state.patients.search.isEditing)
        #expect(Self.title(state) == "searching server…")
        #expect(state.press(.enter).isEmpty, "one request at a time")
    }

    @Test func withCensusMatchesTheSectionFollowsThem() {
        var state = Self.searched(census: 2)
        #expect(state.patients.selectedServerRow == nil)
        #expect(state.press(.down, .down) == Census.opened("p1"))
        #expect(state.patients.selectedServerRow == 0)
        #expect(state.chart == nil, "no chart beside a row that is no cached patient")
        #expect(state.press(.enter) == [.list(.searchServer("ada"))])
    }

    @Test func theAnswerListsThePatientsUnderATitle() throws {
        var state = Self.searched(census: 1)
        #expect(state.press(.down, .enter) == [.list(.searchServer("ada"))])
        #expect(state.update(.list(.serverAnswered(text: "ada", .found(RemotePatientMatches(patients: [Self.lovelace, Self.byron], hasMore: true))))).isEmpty)
        #expect(state.patients.rowCount == 4)
        #expect(Self.title(state) == "Not on census (2+)")
        let context = ViewContext(now: Census.now, timeZone: TimeZone(identifier: "UTC")!, unicode: true) { _ in "" }
        let row = ServerSearchView.row(try #require(state.patients.server), 1, unavailable: nil, width: 30, context: context).plainText
        #expect(row.hasPrefix(" Lovelace, Ada") && row.hasSuffix(" 1915-12-10"))
    }

    @Test func anAnswerToAnEarlierSearchIsIgnored() {
        var state = Self.searched()
        #expect(state.press(.enter) == [.list(.searchServer("ada"))])
        #expect(state.update(.list(.serverAnswered(text: "ad", .found(RemotePatientMatches(patients: [Self.byron]))))).isEmpty)
        #expect(state.patients.server?.phase == .searching)
    }

    @Test func aFailureSaysSoAndEnterTriesAgain() {
        var state = Self.searched()
        #expect(state.press(.enter) == [.list(.searchServer("ada"))])
        #expect(state.update(.list(.serverAnswered(text: "ada", .failed("server search failed: the FHIR server did not answer within 30 s")))).isEmpty)
        #expect(state.notice?.text == "server search failed: the FHIR server did not answer within 30 s")
        #expect(Self.title(state) == "failed: Enter retries")
        #expect(state.press(.enter) == [.list(.searchServer("ada"))])
    }

    @Test func enterOnAPatientFetchesThenOpensTheChart() {
        var state = Self.searched()
        #expect(state.press(.enter) == [.list(.searchServer("ada"))])
        #expect(state.update(.list(.serverAnswered(text: "ada", .found(RemotePatientMatches(patients: [Self.lovelace, Self.byron]))))).isEmpty)
        #expect(state.press(.down).isEmpty)
        #expect(state.press(.enter) == [.list(.fetchServerPatient(Self.lovelace))])
        #expect(state.patients.server?.fetching == "srv-1")
        #expect(state.press(.down, .enter).isEmpty, "one fetch at a time")
        #expect(state.press(.up).isEmpty)

        let effects = state.update(.list(.serverPatientFetched(Self.lovelace)))
        #expect(effects == [.chart(patientID: "srv-1", .load(.summary)), .list(.search(Self.search, isRefresh: true))])
        #expect(state.focus == .chart && state.chart?.patientID == "srv-1")
        #expect(state.patients.server?.patients == [Self.byron], "now cached, it leaves the server's section")

        let cached = PatientListEntry(patient: Self.lovelace)
        #expect(state.update(.list(.loaded(Self.search, PatientPage(entries: [cached], total: 1)))).isEmpty)
        #expect(state.patients.selectedEntry == cached, "the list selects the patient whose chart is open")
    }

    @Test func aFetchLandingAfterTheUserMovedOnOpensNothing() {
        var state = Self.searched(census: 1)
        #expect(state.press(.down, .enter) == [.list(.searchServer("ada"))])
        #expect(state.update(.list(.serverAnswered(text: "ada", .found(RemotePatientMatches(patients: [Self.lovelace]))))).isEmpty)
        #expect(state.press(.down, .enter) == [.list(.fetchServerPatient(Self.lovelace))])
        #expect(state.patients.server?.fetching == "srv-1")
        #expect(state.press(.home, .enter) == Census.firstOpened("p0"))
        let reading = Census.entry(0).id
        #expect(state.chart?.patientID == reading)

        let effects = state.update(.list(.serverPatientFetched(Self.lovelace)))
        #expect(state.chart?.patientID == reading, "the chart being read stays")
        #expect(effects == [.list(.search(Self.search, isRefresh: true))], "the list reloads: she is cached now; no chart opened")
        #expect(state.patients.server?.fetching == nil)
        #expect(state.patients.selectedEntry?.id == reading)
    }

    @Test func aFetchLandingWhileLockedOpensNothingUntilAsked() {
        var state = Self.searched()
        #expect(state.press(.enter) == [.list(.searchServer("ada"))])
        #expect(state.update(.list(.serverAnswered(text: "ada", .found(RemotePatientMatches(patients: [Self.lovelace]))))).isEmpty)
        #expect(state.press(.down, .enter) == [.list(.fetchServerPatient(Self.lovelace))])
        state.lockNow()

        #expect(state.update(.list(.serverPatientFetched(Self.lovelace))).isEmpty, "nothing loaded, nothing audited as viewed")
        #expect(state.chart == nil)
        #expect(state.isRefreshPending, "the list, which holds the patient now, reloads at unlock")
        #expect(state.patients.server?.fetching == nil)
    }

    @Test func aFailedFetchSaysSoAndLeavesTheRowToTryAgain() {
        var state = Self.searched()
        #expect(state.press(.enter) == [.list(.searchServer("ada"))])
        #expect(state.update(.list(.serverAnswered(text: "ada", .found(RemotePatientMatches(patients: [Self.lovelace]))))).isEmpty)
        #expect(state.press(.down, .enter) == [.list(.fetchServerPatient(Self.lovelace))])
        #expect(state.update(.list(.serverPatientFetchFailed(patientID: "srv-1", "could not fetch the chart: the server no longer has this patient; search again"))).isEmpty)
        #expect(state.notice?.text.hasPrefix("could not fetch the chart") == true)
        #expect(state.chart == nil)
        #expect(state.press(.enter) == [.list(.fetchServerPatient(Self.lovelace))])
    }

    @Test func aRefreshKeepsTheCursorOnTheSection() {
        var state = Self.searched(census: 1)
        #expect(state.press(.down).isEmpty)
        #expect(state.update(.list(.loaded(Self.search, PatientPage(entries: [Census.entry(0), Census.entry(1)], total: 2)))).isEmpty)
        #expect(state.patients.selectedServerRow == 0)
    }

    @Test(arguments: [
        (DataMode.demo, false, "no server in the demo"),
        (DataMode.offline, false, "no server set"),
        (DataMode.offline, true, "server: connecting…"),
    ])
    func withoutAReachableServerTheRowSaysWhyAndEnterAsksNothing(mode: DataMode, hasServer: Bool, reason: String) {
        var state = Self.searched(mode: mode)
        state.session.hasServer = hasServer
        #expect(Self.title(state) == reason)
        #expect(state.press(.enter).isEmpty)
        #expect(state.notice?.text == reason)
    }

    @Test func offlineAfterASyncFailedTheServerIsNotReachable() {
        var state = Self.searched(mode: .offline)
        #expect(state.update(.sync(.failed("cannot reach the FHIR server", offline: true))) == [.checkOutbox])
        #expect(Self.title(state) == "server not reachable")
    }

    @Test func aSearchWithNothingToAskTheServerHasNoSection() {
        var state = Census.state()
        state.session = SessionInfo(mode: .online, user: "nurse1", hasServer: true)
        #expect(state.press(.character("/"), .character(","), .character("-")) == Census.searches(typing: ",-"))
        #expect(state.patients.server == nil)
    }
}
