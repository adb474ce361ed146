import CoreDomain
import CoreUseCases
import Foundation
import Testing

/// The checks before a dose is recorded: the wristband, the window, the double-dose guard, the
/// allergy, the reasons and the dose typed.
@Suite struct DoseRecordingRuleTests {
    typealias MAR = MedicationAdministrationRecordTests
    private let hour: TimeInterval = 3600

    @Test func theWristbandMustBeTheChartsMRNIgnoringSpacesAndCaseOnly() {
        #expect(WristbandRule.matches(typed: "MRN1234", chartMRN: "MRN1234"))
        #expect(WristbandRule.matches(typed: " mrn1234 ", chartMRN: "MRN1234"))
        #expect(!WristbandRule.matches(typed: "MRN1235", chartMRN: "MRN1234"))
        #expect(!WristbandRule.matches(typed: "MRN123", chartMRN: "MRN1234"))
        #expect(!WristbandRule.matches(typed: "", chartMRN: "MRN1234"))
        #expect(!WristbandRule.matches(typed: "MRN1234", chartMRN: nil), "a chart without an MRN is never matched")
        #expect(WristbandRule.mismatch.hasPrefix("wristband does not match this chart"))
    }

    @Test func theWristbandCheckIsOnUnlessTheWardTurnsItOff() throws {
        #expect(try WardAdministrationTimes(config: [:]).wristbandCheck)
        #expect(try !WardAdministrationTimes(config: ["wristband_check": "off"]).wristbandCheck)
        #expect(try WardAdministrationTimes(config: ["wristband_check": " On "]).wristbandCheck)
        #expect(throws: WardAdministrationTimesError.unreadable(key: "wristband_check", value: "no")) {
            try WardAdministrationTimes(config: ["wristband_check": "no"])
        }
        #expect(WardAdministrationTimesError.unreadable(key: "wristband_check", value: "no").description
            == "config: wristband_check = no is not on or off")
    }

    @Test func aDoseOutsideItsWindowIsEarlyOrLateByMinutesFromItsTime() {
        let dose = MAR.record([MAR.order("a", "Amoxicillin", .init(code: "QD"))]).doses[0]  // 09:00
        #expect(DoseRecordingRule.timing(of: dose, givenAt: MAR.at(8), window: hour) == .onTime)
        #expect(DoseRecordingRule.timing(of: dose, givenAt: MAR.at(10), window: hour) == .onTime)
        #expect(DoseRecordingRule.timing(of: dose, givenAt: MAR.at(7, 30), window: hour) == .early(minutes: 90))
        #expect(DoseRecordingRule.timing(of: dose, givenAt: MAR.at(10, 35), window: hour) == .late(minutes: 95))
        #expect(DoseRecordingRule.Timing.late(minutes: 95).question == "given 95 min late")
        #expect(DoseRecordingRule.Timing.onTime.question == nil)
    }

    @Test func aSecondDoseOfTheSameOrderWithinItsIntervalIsFoundWithWhenAndWho() {
        let order = MAR.order("a", "Amoxicillin", .init(code: "TID"))  // 09, 14, 21
        let given = MedicationAdministration(id: "g1", patientID: "p1", requestID: "a", status: .completed, effective: MAR.at(9, 10), performer: "nurse2")
        let record = MAR.record([order, MAR.order("b", "Bisoprolol", .init(code: "QD"))], [given])
        let nine = record.doses[0], two = record.doses.first { $0.request.id == "a" && $0.time == MAR.at(14) }!
        #expect(DoseRecordingRule.earlierDose(of: nine, in: record, at: MAR.at(9, 40)) == given, "the same dose again")
        #expect(DoseRecordingRule.earlierDose(of: two, in: record, at: MAR.at(13, 30)) == given, "4 h 20 after, inside the 5 h interval")
        #expect(DoseRecordingRule.earlierDose(of: two, in: record, at: MAR.at(14, 30)) == nil, "5 h 20 after: the next dose")
        let bisoprolol = record.doses.first { $0.request.id == "b" }!
        #expect(DoseRecordingRule.earlierDose(of: bisoprolol, in: record, at: MAR.at(9, 15)) == nil, "another order")
    }

    @Test func aDoseNotGivenOrHeldIsNeverTakenForOneGiven() {
        let order = MAR.order("a", "Amoxicillin", .init(code: "QD"))
        let refused = MedicationAdministration(id: "r1", patientID: "p1", requestID: "a", status: .notDone, effective: MAR.at(9, 5), reason: "patient refused")
        let record = MAR.record([order], [refused])
        #expect(DoseRecordingRule.earlierDose(of: record.doses[0], in: record, at: MAR.at(9, 30)) == nil)
    }

    @Test func reasonsArePickedByLetterAndOtherNeedsWords() {
        #expect(DoseReason.allCases.map(\.key) == ["r", "n", "a", "v", "u", "o"])
        #expect(Set(DoseReason.allCases.map(\.key)).count == DoseReason.allCases.count)
        #expect(DoseReason.patientRefused.text(other: "") == "patient refused")
        #expect(DoseReason.other.text(other: "  ") == nil)
        #expect(DoseReason.other.text(other: " in theatre ") == "in theatre")
    }

    @Test func aTypedDoseNeedsAPositiveNumberAndAUnit() {
        #expect(DoseRecordingRule.dose("500 mg") == Quantity(value: 500, unit: "mg"))
        #expect(DoseRecordingRule.dose("0.5 mg") == Quantity(value: Decimal(string: "0.5")!, unit: "mg"))
        #expect(DoseRecordingRule.dose("2 units") == Quantity(value: 2, unit: "units"))
        for bad in ["500", "mg", "-1 mg", "0 mg", "1e3 mg", ""] { #expect(DoseRecordingRule.dose(bad) == nil, "\(bad)") }
        #expect(DoseRecordingRule.doseText(Quantity(value: Decimal(string: "0.5")!, unit: "mg")) == "0.5 mg")
    }
}
