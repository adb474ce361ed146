import CoreDomain
import CoreUseCases
import Foundation
import Testing

/// Continuous infusions: an order with a rate and no timing is charted as an infusion (it was
/// "Schedule unclear"), its state read from what was recorded, each action a record.
@Suite struct InfusionTests {
    typealias MAR = MedicationAdministrationRecordTests
    static func perKgPerHour(_ value: Decimal) -> MedicationRequest.Rate {
        MedicationRequest.Rate(amount: Quantity(value: value, unit: "units/kg/h", ucumCode: "[U]/kg/h"))
    }

    static var heparin: MedicationRequest {
        var order = MedicationRequest(id: "hep", patientID: "p1", medication: CodedConcept(text: "Heparin 25,000 units in 250 mL"),
                                      route: CodedConcept(text: "IV"), frequencyText: "25,000 units in 250 mL at 18 units/kg/h titrate to aPTT",
                                      status: .active, authoredOn: MAR.at(8, day: 20), rate: perKgPerHour(18))
        order.additionalInstructions = ["titrate to aPTT per heparin protocol"]
        return order
    }

    static var norepinephrine: MedicationRequest {
        MedicationRequest(id: "nor", patientID: "p1", medication: CodedConcept(text: "Norepinephrine"), status: .active,
                          authoredOn: MAR.at(8, day: 20), rate: .init(amount: Quantity(value: Decimal(string: "0.05")!, unit: "mcg/kg/min")))
    }

    static func action(_ id: String, _ status: MedicationAdministration.Status, at time: Date, rate: Decimal? = nil, by nurse: String = "nurse1",
                       order: String = "hep") -> MedicationAdministration {
        MedicationAdministration(id: id, patientID: "p1", requestID: order, status: status, effective: time, performer: nurse,
                                 rate: rate.map(perKgPerHour))
    }

    static func infusion(_ records: [MedicationAdministration], order: MedicationRequest = heparin) -> Infusion {
        MAR.record([order], records).infusions[0]
    }

    @Test func aRateWithoutTimingIsAnInfusionNotAnUnclearSchedule() {
        #expect(DoseScheduleRule.schedule(for: Self.heparin, ward: WardAdministrationTimes()) == .continuous)
        var timed = Self.heparin
        timed.timing = .init(code: "QD")
        #expect(DoseScheduleRule.schedule(for: timed, ward: WardAdministrationTimes()) == .daily([ClockTime(hour: 9, minute: 0)!]),
                "a rate with a timing is given at its times")
        let mar = MAR.record([Self.heparin, Self.norepinephrine])
        #expect(mar.infusions.map(\.request.id) == ["hep", "nor"])
        #expect(mar.unclear.isEmpty && mar.doses.isEmpty && mar.noDoseInSpan.isEmpty)
    }

    @Test func anInfusionNothingWasRecordedForIsNotStarted() {
        let infusion = Self.infusion([])
        #expect(infusion.state == .notStarted)
        #expect(infusion.actions == [.start])
        #expect(infusion.titration == "titrate to aPTT per heparin protocol")
    }

    /// Started, its rate changed, paused, resumed: running at the last rate since the resume.
    @Test func theStateFollowsEachActionInTurn() {
        let started = Self.action("a1", .inProgress, at: MAR.at(14, 2), rate: 18)
        let changed = Self.action("a2", .inProgress, at: MAR.at(16), rate: 20, by: "nurse2")
        let paused = Self.action("a3", .onHold, at: MAR.at(17))
        var infusion = Self.infusion([changed, started])
        #expect(infusion.state == .running(rate: Self.perKgPerHour(20), since: MAR.at(16), by: "nurse2"))
        #expect(infusion.events.map(\.action) == [.start, .rateChange])
        #expect(infusion.actions == [.rateChange, .pause, .stop])
        infusion = Self.infusion([started, changed, paused])
        #expect(infusion.state == .paused(since: MAR.at(17), by: "nurse1", reason: nil))
        #expect(infusion.actions == [.resume, .stop])
        let resumed = Self.action("a4", .inProgress, at: MAR.at(17, 30))
        infusion = Self.infusion([started, changed, paused, resumed])
        #expect(infusion.state == .running(rate: Self.perKgPerHour(20), since: MAR.at(17, 30), by: "nurse1"), "resumed at the rate before the pause")
        #expect(Self.infusion([started, changed, paused]).prefilledRate == Self.perKgPerHour(20), "a resume offers the rate before the pause")
        #expect(infusion.events.map(\.action) == [.start, .rateChange, .pause, .resume])
        let stopped = Self.action("a5", .completed, at: MAR.at(18))
        infusion = Self.infusion([started, changed, stopped])
        #expect(infusion.state == .stopped(at: MAR.at(18), by: "nurse1"))
        #expect(infusion.actions == [.start])
        #expect(infusion.prefilledRate == Self.perKgPerHour(18), "a restart offers the order's rate")
    }

    @Test func aRecordEnteredInErrorOrForAnotherOrderDoesNotCount() {
        var wrong = Self.action("a1", .inProgress, at: MAR.at(14), rate: 18)
        wrong.status = .enteredInError
        #expect(Self.infusion([wrong, Self.action("x", .inProgress, at: MAR.at(14), rate: 5, order: "other")]).state == .notStarted)
    }

    /// Each action is one record: its status, the rate it runs at, the order's medication.
    @Test func eachActionMakesOneRecord() throws {
        let infusion = Self.infusion([])
        let start = try infusion.record(.start, rate: Self.perKgPerHour(18), at: MAR.at(14, 2), notes: [])
        #expect(start.status == .inProgress && start.infusionAction == .start && start.rate == Self.perKgPerHour(18))
        #expect(start.requestID == "hep" && start.patientID == "p1" && start.medication == Self.heparin.medication)
        #expect(start.scheduledTime == nil && start.dose == nil)
        #expect(throws: InfusionRecordingError.notNow(.pause)) { try infusion.record(.pause, rate: nil, at: MAR.at(15), notes: []) }
        #expect(throws: InfusionRecordingError.rateNeeded(.start)) { try infusion.record(.start, rate: nil, at: MAR.at(15), notes: []) }
        let running = Self.infusion([Self.action("a1", .inProgress, at: MAR.at(14), rate: 18)])
        let pause = try running.record(.pause, rate: Self.perKgPerHour(18), at: MAR.at(15), notes: ["to theatre"])
        #expect(pause.status == .onHold && pause.rate == nil, "a pause runs at no rate")
        #expect(InfusionRecordingError.notNow(.pause).errorDescription == "cannot pause this infusion now: it is not running")
        #expect(throws: InfusionRecordingError.notNow(.start)) { try running.record(.start, rate: Self.perKgPerHour(18), at: MAR.at(15), notes: []) }
        #expect(InfusionRecordingError.notNow(.start).errorDescription == "cannot start this infusion now: it is running or paused already")
        #expect(InfusionRecordingError.notNow(.resume).errorDescription == "cannot resume this infusion now: it is not paused")
    }

    /// A rate change is checked against the order as a dose is.
    @Test func aRateIsCheckedAgainstTheOrder() {
        let infusion = Self.infusion([Self.action("a1", .inProgress, at: MAR.at(14), rate: 18)])
        #expect(infusion.check(rate: Self.perKgPerHour(18)) == .same)
        #expect(infusion.check(rate: Self.perKgPerHour(36)).sentence == "36 units/kg/h is 2x the ordered 18 units/kg/h")
        guard case .needsReason = infusion.check(rate: Self.perKgPerHour(36)) else { Issue.record("2x needs a reason"); return }
        guard case .refused = infusion.check(rate: .init(amount: Quantity(value: 18, unit: "mL/h"))) else { Issue.record("mL/h against units/kg/h"); return }
        #expect(infusion.prefilledRate == Self.perKgPerHour(18))
        #expect(InfusionRule.rate("20 units/kg/h") == Self.perKgPerHour(20).withoutCode)
        #expect(InfusionRule.rate("20") == nil && InfusionRule.rate("fast") == nil)
    }

    /// The titration instruction, kept whole: from the order's further instructions, else
    /// from its text, from `titrate` on.
    @Test func aTitrationInstructionIsKeptWhole() {
        var order = Self.heparin
        order.additionalInstructions = []
        #expect(Self.infusion([], order: order).titration == "titrate to aPTT")
        order.frequencyText = "at 18 units/kg/h"
        #expect(Self.infusion([], order: order).titration == nil)
    }

    /// The ward's due list shows infusions not yet started, and only those.
    @Test func theDueListHasInfusionsNotStarted() {
        let started = Self.action("a1", .inProgress, at: MAR.at(14), rate: 18)
        let record = MAR.record([Self.heparin, Self.norepinephrine], [started])
        #expect(WardDoseList.infusionsToStart(of: record).map(\.request.id) == ["nor"])
    }
}

extension MedicationRequest.Rate {
    /// The rate as typed on a form: no UCUM code.
    var withoutCode: Self { .init(amount: Quantity(value: amount.value, unit: amount.unit)) }
}
