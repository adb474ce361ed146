import CoreDomain
import CoreUseCases
import Testing
@testable import SharedPresentation

/// The patient list on its own, with no workstation around it: every update's effects and
/// delegates asserted, so what the list asks for and what it tells are seen whole.
@Suite struct PatientListFeatureTests {
    static let context = PatientListContext(visibleRows: 10, ward: "4W", serverUnavailable: nil, isLocked: false)
    static let page = PatientPage(entries: (0..<30).map { Census.entry($0) }, total: 30)

    /// A list showing the 4W census, first row chosen.
    static func loaded() -> PatientListState {
        var list = PatientListState()
        let step = list.update(.loaded(list.currentSearch(context), page), in: context)
        #expect(step == .tell(.selectionChanged))
        return list
    }

    @Test func aMoveTellsTheChartToFollowAndAsksForNothingLoaded() {
        var list = Self.loaded()
        #expect(list.update(.key(.down), in: Self.context) == .tell(.selectionChanged))
        #expect(list.selected == 1)
        #expect(list.update(.key(.character("G")), in: Self.context) == .tell(.selectionChanged))
        #expect(list.selected == 29 && list.top == 20)
    }

    @Test func aMoveOutsideTheLoadedWindowAsksForThatPage() {
        var list = PatientListState()
        let first = PatientPage(entries: (0..<400).map { Census.entry($0) }, total: 5000)
        #expect(list.update(.loaded(list.currentSearch(Self.context), first), in: Self.context) == .tell(.selectionChanged))
        var wanted = list.currentSearch(Self.context)
        wanted.offset = 4990 - PatientListState.pageSize / 4
        #expect(list.update(.key(.end), in: Self.context) == FeatureStep(effects: [.search(wanted)], delegates: [.selectionChanged]))
    }

    @Test func enterOpensTheChosenPatientAndTabKeysGoToTheChart() {
        var list = Self.loaded()
        #expect(list.update(.key(.enter), in: Self.context) == .tell(.open(Census.entry(0))))
        #expect(list.update(.key(.character("3")), in: Self.context) == .tell(.chartTabKey(.character("3"))))
        #expect(list.update(.key(.tab), in: Self.context) == .tell(.chartTabKey(.tab)))
        #expect(list.update(.key(.character("a")), in: Self.context) == .tell(.addVitals))
    }

    @Test func typingSearchesTheWardFromTheTopAndEscKeepsTheChosenPatient() {
        var list = Self.loaded()
        #expect(list.update(.key(.character("/")), in: Self.context) == .none)
        let typed = list.update(.key(.character("F")), in: Self.context)
        #expect(typed == .run(.search(PatientSearch(text: "F", ward: "4W", offset: 0, limit: PatientListState.pageSize))))
        #expect(list.isLoading && list.selected == 0)
        #expect(list.update(.loaded(list.currentSearch(Self.context), Self.page), in: Self.context) == .tell(.selectionChanged))
        #expect(list.update(.key(.down), in: Self.context) == .tell(.selectionChanged))
        let cleared = list.update(.key(.escape), in: Self.context)
        #expect(cleared == .run(.search(PatientSearch(text: "", ward: "4W", offset: 0, limit: PatientListState.pageSize))))
        #expect(list.search == SearchField())
        #expect(list.update(.loaded(list.currentSearch(Self.context), Self.page), in: Self.context) == .tell(.selectionChanged))
        #expect(list.selectedEntry?.id == "p1", "the patient chosen in the search is still chosen")
    }

    @Test func anAnswerToAnotherWardOrSearchChangesNothing() {
        var list = Self.loaded()
        let other = PatientSearch(text: "", ward: "7A", offset: 0, limit: PatientListState.pageSize)
        #expect(list.update(.loaded(other, PatientPage(entries: [], total: 0)), in: Self.context) == .none)
        #expect(list.total == 30)
    }

    @Test func aFailedReadIsSaidAndTheListStopsLoading() {
        var list = PatientListState()
        #expect(list.update(.failed("could not read the census"), in: Self.context) == .tell(.say(StatusText.patientListFailed("could not read the census"))))
        #expect(!list.isLoading)
    }

    @Test func aReloadKeepsItsPlaceAndIsARefresh() {
        var list = Self.loaded()
        var search = list.currentSearch(Self.context)
        search.offset = list.windowOffset
        #expect(list.update(.reload(announcingRises: true), in: Self.context) == .run(.search(search, isRefresh: true)))
    }

    @Test func aChartFetchedWhileLockedWaitsForTheUnlock() {
        var list = Self.loaded()
        list.search.text = "ada"
        let patient = Patient(id: "srv-1", mrn: "S1", name: PersonName(family: "Ada", given: ["Lovelace"]))
        list.server = ServerSearchState(text: "ada", phase: .found(RemotePatientMatches(patients: [patient], hasMore: false)))
        list.server?.fetching = "srv-1"
        var locked = Self.context
        locked.isLocked = true
        let step = list.update(.serverPatientFetched(patient), in: locked)
        #expect(step == .tell(.say(StatusText.fetchedFromServer), .refreshAtUnlock))
        #expect(list.server?.fetching == nil)
    }

    @Test func theServerIsNotAskedWhenItCannotAnswer() {
        var list = Self.loaded()
        #expect(list.update(.key(.character("/")), in: Self.context) == .none)
        #expect(list.update(.key(.character("z")), in: Self.context) == .run(.search(list.currentSearch(Self.context))))
        let nothing = PatientPage(entries: [], total: 0)
        #expect(list.update(.loaded(list.currentSearch(Self.context), nothing), in: Self.context) == .tell(.selectionChanged))
        var offline = Self.context
        offline.serverUnavailable = "no server set"
        #expect(list.update(.key(.enter), in: offline) == .tell(.say(.info("no server set"))))
        #expect(list.server?.phase == .offered)
    }
}
