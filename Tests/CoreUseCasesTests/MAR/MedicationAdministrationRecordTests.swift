import CoreDomain
import CoreUseCases
import Foundation
import Testing

/// The MAR of one patient: doses in time order, each due, late, upcoming or as recorded.
@Suite struct MedicationAdministrationRecordTests {
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/London")!
        return calendar
    }()

    /// 2026-11-24 at `hour`:`minute` on the ward's clock.
    static func at(_ hour: Int, _ minute: Int = 0, day: Int = 24) -> Date {
        calendar.date(from: DateComponents(year: 2026, month: 11, day: day, hour: hour, minute: minute))!
    }

    static func order(_ id: String, _ name: String, _ timing: MedicationRequest.Timing, status: MedicationRequest.Status = .active,
                      asNeeded: Bool = false) -> MedicationRequest {
        MedicationRequest(id: id, patientID: "p1", medication: CodedConcept(text: name), timing: timing, asNeeded: asNeeded,
                          status: status, authoredOn: at(8, day: 20))
    }

    static func record(_ requests: [MedicationRequest], _ given: [MedicationAdministration] = []) -> MedicationAdministrationRecord {
        MedicationAdministrationRecord(requests: requests, administrations: given, from: at(0), to: at(23, 59),
                                       ward: WardAdministrationTimes(), calendar: calendar)
    }

    @Test func todaysDosesInTimeOrderAcrossOrders() {
        let mar = Self.record([Self.order("a", "Amoxicillin", .init(code: "TID")), Self.order("b", "Bisoprolol", .init(code: "QD"))])
        #expect(mar.doses.map { "\($0.request.id)@\(Self.calendar.component(.hour, from: $0.time))" } == ["a@9", "b@9", "a@14", "a@21"])
    }

    @Test func dosesKeepTheWardsClockOnTheDaysTheClocksChange() {
        // London: 29 March 2026 the clocks go forward, 25 October 2026 back; a 09:00 dose is
        // at 09:00 on the ward either side, never an hour off.
        for day in [(3, 28), (3, 29), (3, 30), (10, 24), (10, 25), (10, 26)] {
            let start = Self.calendar.date(from: DateComponents(year: 2026, month: day.0, day: day.1))!
            let mar = MedicationAdministrationRecord(
                requests: [Self.order("a", "Amoxicillin", .init(code: "BID"))].map { var order = $0; order.authoredOn = nil; return order },
                administrations: [], from: start, to: start.addingTimeInterval(23 * 3600), ward: WardAdministrationTimes(), calendar: Self.calendar)
            #expect(mar.doses.map { Self.calendar.dateComponents([.day, .hour, .minute], from: $0.time) }
                        == [9, 21].map { DateComponents(day: day.1, hour: $0, minute: 0) }, "\(day)")
        }
    }

    @Test func aDoseIsDueWithinTheWindowEitherSideAndLateAfter() {
        let dose = Self.record([Self.order("a", "Amoxicillin", .init(code: "QD"))]).doses[0]
        let hour: TimeInterval = 3600
        #expect(dose.status(at: Self.at(7, 59), window: hour) == .upcoming)
        #expect(dose.status(at: Self.at(8), window: hour) == .due)
        #expect(dose.status(at: Self.at(10), window: hour) == .due)
        #expect(dose.status(at: Self.at(10, 1), window: hour) == .late)
    }

    @Test func aDoseNotRecordedIsMissedOnceTheNextOneComesDue() {
        let doses = Self.record([Self.order("a", "Amoxicillin", .init(code: "BID"))]).doses
        #expect(doses[0].status(at: Self.at(19, 59), window: 3600) == .late)
        #expect(doses[0].status(at: Self.at(20), window: 3600) == .missed, "giving it now would be a second dose")
        #expect(doses[1].status(at: Self.at(23), window: 3600) == .late, "the day's last dose has no next one in view")
    }

    @Test func aRecordedDoseShowsWhatWasRecordedNotTheClock() {
        let requests = [Self.order("a", "Amoxicillin", .init(code: "BID"))]
        let given = MedicationAdministration(id: "g1", patientID: "p1", requestID: "a", status: .completed, effective: Self.at(9, 12),
                                             performer: "nurse1")
        let held = MedicationAdministration(id: "g2", patientID: "p1", requestID: "a", status: .onHold, effective: Self.at(20, 40),
                                            reason: "nil by mouth")
        let mar = Self.record(requests, [given, held])
        #expect(mar.doses[0].status(at: Self.at(23), window: 3600) == .given(at: Self.at(9, 12), by: "nurse1"))
        #expect(mar.doses[1].status(at: Self.at(23), window: 3600) == .held(reason: "nil by mouth"))
        #expect(mar.outstanding(at: Self.at(23)).isEmpty)
    }

    /// A BID order written at 15:00 showed its 09:00 dose late: a nurse giving it then would
    /// give the 21:00 one six hours later.
    @Test func noDoseFallsBeforeTheOrderWasWritten() {
        var order = Self.order("a", "Amoxicillin", .init(code: "BID"))
        order.authoredOn = Self.at(15)
        #expect(Self.record([order]).doses.map(\.time) == [Self.at(21)])
    }

    /// A daily order written after today's dose time has no dose before tomorrow: it stays on
    /// the MAR, listed apart, never dropped.
    @Test func anOrderWithNoDoseInTheSpanIsStillListed() {
        var order = Self.order("a", "Amlodipine", .init(code: "QD"))
        order.authoredOn = Self.at(10)
        let mar = Self.record([order])
        #expect(mar.doses.isEmpty)
        #expect(mar.noDoseInSpan.map(\.id) == ["a"])
    }

    /// Given late at 15:30, the 09:00 dose was matched to 21:00 (nearer): 09:00 read late, and
    /// 21:00 read given before its time.
    @Test func aDoseGivenLateIsTheOneDueNotTheNext() {
        let requests = [Self.order("a", "Amoxicillin", .init(code: "BID"))]
        let late = MedicationAdministration(id: "g", patientID: "p1", requestID: "a", status: .completed, effective: Self.at(15, 30))
        let doses = Self.record(requests, [late]).doses
        #expect(doses.map { $0.administration?.id } == ["g", nil])
        #expect(doses[1].status(at: Self.at(21), window: 3600) == .due)
    }

    @Test func anInfusionRunningOrStoppedIsNeitherDueNorGiven() {
        let requests = [Self.order("a", "Heparin", .init(code: "QD"))]
        let running = MedicationAdministration(id: "g", patientID: "p1", requestID: "a", status: .inProgress, effective: Self.at(9, 5))
        #expect(Self.record(requests, [running]).doses[0].status(at: Self.at(12), window: 3600) == .running(since: Self.at(9, 5)))
    }

    @Test func everyOtherDayWithNoFirstDayIsUnclear() {
        var order = Self.order("a", "Digoxin", .init(code: "QOD"))
        order.authoredOn = nil
        #expect(Self.record([order]).unclear.map(\.reason) == ["every other day, but from which day is not in the order"])
    }

    @Test func aDoseEnteredInErrorCountsAsNotRecorded() {
        let requests = [Self.order("a", "Amoxicillin", .init(code: "QD"))]
        let wrong = MedicationAdministration(id: "g1", patientID: "p1", requestID: "a", status: .enteredInError, effective: Self.at(9))
        #expect(Self.record(requests, [wrong]).doses[0].status(at: Self.at(12), window: 3600) == .late)
    }

    @Test func onlyActiveOrdersWithinTheirBoundsAreScheduled() {
        let bounded = MedicationRequest.Timing(code: "QID", bounds: Period(start: Self.at(12), end: Self.at(18)))
        let mar = Self.record([Self.order("a", "Amoxicillin", bounded), Self.order("s", "Stopped", .init(code: "BID"), status: .stopped)])
        #expect(mar.doses.map(\.time) == [Self.at(13), Self.at(17)])
    }

    @Test func everyOtherDayFromTheOrdersFirstDay() {
        let order = Self.order("a", "Digoxin", .init(code: "QOD"))
        let mar = MedicationAdministrationRecord(requests: [order], administrations: [], from: Self.at(0, day: 23), to: Self.at(23, day: 25),
                                                 ward: WardAdministrationTimes(), calendar: Self.calendar)
        // Authored on the 20th: doses on the 20th, 22nd, 24th.
        #expect(mar.doses.map(\.time) == [Self.at(9, day: 24)])
    }

    @Test func asNeededAndUnclearOrdersAreListedApart() {
        let mar = Self.record([Self.order("p", "Salbutamol", .init(code: "Q4H"), asNeeded: true),
                               Self.order("u", "Warfarin", .init(frequency: 1, period: 1, periodUnit: "wk"))])
        #expect(mar.doses.isEmpty)
        #expect(mar.asNeeded.map(\.id) == ["p"])
        #expect(mar.unclear.map(\.request.id) == ["u"])
    }
}
