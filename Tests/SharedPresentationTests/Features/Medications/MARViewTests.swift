import CoreDomain
import CoreUseCases
import Foundation
@testable import SharedPresentation
import Testing

/// The MAR as a nurse reads it at the chart pane's design width: each dose's time and where it
/// stands in words, every dose with its unit, PRN and unclear orders apart.
@Suite struct MARViewTests {
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = Charted.utc
        return calendar
    }()
    static let now = ISO8601DateFormatter().date(from: "2026-11-24T10:30:00Z")!
    static let context = ViewContext(now: now, timeZone: Charted.utc, unicode: true) { _ in "" }

    static func order(_ id: String, _ name: String, mg: Decimal, _ timing: MedicationRequest.Timing, asNeeded: Bool = false) -> MedicationRequest {
        MedicationRequest(id: id, patientID: "p1", medication: CodedConcept(text: name), dose: Quantity(value: mg, unit: "mg", ucumCode: "mg"),
                          route: CodedConcept(text: "PO"), timing: timing, asNeeded: asNeeded, status: .active)
    }

    static let amoxicillin = order("a", "Amoxicillin", mg: 500, .init(code: "TID"))
    static let bisoprolol = order("b", "Bisoprolol", mg: Decimal(string: "2.5")!, .init(code: "QD"))
    static let paracetamol = order("p", "Paracetamol", mg: 1000, .init(code: "Q6H"), asNeeded: true)
    static let warfarin = order("w", "Warfarin", mg: 5, .init(frequency: 1, period: 1, periodUnit: "wk"))

    static func list(_ given: [MedicationAdministration] = []) -> MedicationList {
        var list = MedicationList(requests: [amoxicillin, bisoprolol, paracetamol, warfarin])
        list.record = MedicationAdministrationRecord(
            requests: list.active, administrations: given, from: now.addingTimeInterval(-24 * 3600),
            to: ISO8601DateFormatter().date(from: "2026-11-24T23:59:59Z")!, ward: WardAdministrationTimes(), calendar: calendar)
        return list
    }

    static func text(_ list: MedicationList, width: Int = 51) -> [String] {
        MedicationsView.lines(list, isMARShown: true, width: width, context: context).map { $0.spans.map(\.text).joined() }
    }

    @Test func eachDoseSaysWhereItStandsInWords() throws {
        let given = MedicationAdministration(id: "g", patientID: "p1", requestID: "b", status: .completed,
                                             effective: ISO8601DateFormatter().date(from: "2026-11-24T09:12:00Z")!, performer: "nurse1")
        let shown = Self.text(Self.list([given]))
        #expect(shown.first == "MAR · due 60 min either side")
        #expect(shown.contains("2026-11-23") && shown.contains("Today 2026-11-24"), "a line per day: \(shown)")
        #expect(shown.contains("  21:00  missed     Amoxicillin 500 mg PO TID"), "never recorded, and this morning's came due: \(shown)")
        #expect(shown.contains("  09:00  late!      Amoxicillin 500 mg PO TID"))
        let recorded = try #require(shown.firstIndex(of: "  09:00  given      Bisoprolol 2.5 mg PO daily ·"), "\(shown)")
        #expect(shown[recorded + 1].hasPrefix(String(repeating: " ", count: 20) + "09:12 by nurse1"), "wrapped under the order, never under the time")
        // The record names no dose (another system's): placed by its time, and the MAR says so.
        #expect(shown[recorded...].joined(separator: " ").split(separator: " ").joined(separator: " ").contains("names no dose: placed by its time"))
        #expect(shown.contains("  14:00             Amoxicillin 500 mg PO TID"), "not yet in its window: no word")
    }

    /// A MAR opened on a dose late in the day is scrolled to it: its title stays on top, so the
    /// screen still says it is the MAR and its window (the e2e found it scrolled away at 08:00).
    @Test func theTitleStaysOnTopWhereverTheChosenDoseIs() {
        let list = Self.list()
        let content = MARView.content(list, chosen: list.record!.doses.count - 1, width: 51, context: Self.context)
        let layout = content.layout
        for offset in 0..<content.lines.count {
            let window = layout.window(offset, height: 6)
            #expect(window.shows(0), "the title at offset \(offset)")
        }
        #expect(content.items.allSatisfy { !$0.lines.contains(0) }, "the pinned title belongs to no item")
    }

    /// As vital signs do: a dose recorded here reads `pending` until the outbox has sent it,
    /// the last PRN dose too; one the server has carries no word.
    @Test func aDoseRecordedHereIsPendingUntilTheServerHasIt() throws {
        let at = ISO8601DateFormatter().date(from: "2026-11-24T09:12:00Z")!
        // Recorded here, so it names its dose.
        var given = MedicationAdministration(id: "g", patientID: "p1", requestID: "b", status: .completed, effective: at, performer: "nurse1")
        given.scheduledTime = ISO8601DateFormatter().date(from: "2026-11-24T09:00:00Z")!
        given.delivery = .pending
        var prn = MedicationAdministration(id: "q", patientID: "p1", requestID: "p", status: .completed, effective: at, performer: "nurse1")
        prn.delivery = .pending
        let shown = Self.text(Self.list([given, prn]), width: 76)
        #expect(shown.contains("  09:00  given      Bisoprolol 2.5 mg PO daily · 09:12 by nurse1 · pending"), "\(shown)")
        #expect(shown.contains { $0.contains("Paracetamol") && $0.contains("last 09:12 by nurse1 · pending") }, "\(shown)")
        given.delivery = .settled
        #expect(!Self.text(Self.list([given]), width: 76).contains { $0.contains("pending") })
    }

    /// An order written on a bare day (`"authoredOn": "2026-11-24"`) was ordered that day in
    /// every zone, never the evening before west of UTC.
    @Test func anOrderWrittenOnADayReadsOrderedThatDay() {
        var order = Self.bisoprolol
        order.authoredOn = ISO8601DateFormatter().date(from: "2026-11-24T00:00:00Z")
        order.writtenAsDays = MedicationRequest.DayWrittenDates(authoredOn: true)
        let newYork = ViewContext(now: Self.now, timeZone: TimeZone(identifier: "America/New_York")!, unicode: true) { _ in "" }
        let shown = MedicationsView.lines(MedicationList(requests: [order]), width: 76, context: newYork).map { $0.spans.map(\.text).joined() }
        #expect(shown.contains { $0.contains("ordered 2026-11-24") }, "\(shown)")
    }

    @Test func prnOrdersAreNeverDueAndUnclearOnesAreToBeChecked() throws {
        let shown = Self.text(Self.list())
        let prn = try #require(shown.firstIndex(of: "As needed (PRN): never due"))
        #expect(shown[prn + 1].hasPrefix("  Paracetamol 1,000 mg PO") && shown[prn + 1].contains("PRN"), "\(shown[prn + 1])")
        let unclear = try #require(shown.firstIndex(of: "Schedule unclear: check the order"))
        let reason = shown[(unclear + 1)...].joined(separator: " ").split(separator: " ").joined(separator: " ")
        #expect(reason.hasPrefix("Warfarin 5 mg PO") && reason.contains("(the repeat has no ward times)"), "\(reason)")
        #expect(!shown.contains { $0.contains("due") && $0.contains("Paracetamol") })
    }

    /// A long name or reason never pushes the drug off the line: it follows the order.
    @Test func aLongRecordFollowsTheOrderAndNeverPushesItOff() throws {
        let refused = MedicationAdministration(id: "g", patientID: "p1", requestID: "b", status: .notDone,
                                               effective: ISO8601DateFormatter().date(from: "2026-11-24T09:05:00Z")!,
                                               performer: "Practitioner/6f0c3a4e-2d4b-4b8e-9a51-0c6f2a1d9e77",
                                               reason: "patient away from the ward for imaging")
        let shown = Self.text(Self.list([refused]), width: 38)
        let line = try #require(shown.firstIndex { $0.hasPrefix("  09:00  not given  Bisoprolol") }, "\(shown)")
        #expect(shown[line].contains("2.5 mg"), "\(shown[line])")
        #expect(shown.allSatisfy { DisplayWidth.cells($0) <= 38 })
    }

    @Test func atFortyColumnsEveryDoseIsWholeAndLinesWrap() {
        let shown = Self.text(Self.list(), width: 38)
        #expect(shown.allSatisfy { DisplayWidth.cells($0) <= 38 }, "\(shown)")
        #expect(shown.joined(separator: " ").contains("500 mg"), "a dose and its unit never part or get cut")
    }

    @Test func aDueDoseSaysDue() {
        let early = ViewContext(now: ISO8601DateFormatter().date(from: "2026-11-24T08:30:00Z")!, timeZone: Charted.utc, unicode: true) { _ in "" }
        let shown = MedicationsView.lines(Self.list(), isMARShown: true, width: 51, context: early).map { $0.spans.map(\.text).joined() }
        #expect(shown.contains("  09:00  due        Amoxicillin 500 mg PO TID"), "\(shown)")
    }
}

/// No screen shows the ordered dose as the one given: 45 g given for a 4.5 g order reads
/// `given 45 g (ordered 4.5 g)` on the MAR (the MAR said `given … 4.5 g IV daily`).
@Suite struct GivenDoseOnTheMARTests {
    @Test func aDoseGivenOtherThanOrderedSaysWhatWasGiven() {
        let order = BedsideChecksTests.piptaz
        var given = MedicationAdministration(id: "g", patientID: "p0", requestID: order.id, status: .completed, effective: DoseFormFeatureTests.at(14, 5),
                                             performer: "nurse1")
        given.dose = Quantity(value: 45, unit: "g", ucumCode: "g")
        given.scheduledTime = DoseFormFeatureTests.at(14)
        var list = BedsideChecksTests.list(order)
        list.record = MedicationAdministrationRecord(
            requests: list.active, administrations: [given], from: DoseFormFeatureTests.calendar.startOfDay(for: Census.now),
            to: DoseFormFeatureTests.calendar.startOfDay(for: Census.now).addingTimeInterval(86_399), ward: WardAdministrationTimes(),
            calendar: DoseFormFeatureTests.calendar)
        let text = MARView.lines(list, width: 76, context: BedsideChecksTests.context).map(\.plainText).joined(separator: " ")
            .split(separator: " ").joined(separator: " ")
        #expect(text.contains("14:00 given Piperacillin/tazobactam 4.5 g IV TID · 14:05 by nurse1 · given 45 g (ordered 4.5 g)"), "\(text)")
        given.dose = Quantity(value: 4500, unit: "mg", ucumCode: "mg")
        list.record?.doses[1].administration = given
        let same = MARView.lines(list, width: 76, context: BedsideChecksTests.context).map(\.plainText).joined(separator: " ")
        #expect(!same.contains("given 4500"), "the order's dose in other units is no other dose")
    }
}
