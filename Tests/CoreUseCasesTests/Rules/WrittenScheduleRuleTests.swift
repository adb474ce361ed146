import CoreDomain
import CoreUseCases
import Testing

/// The demo's generator keeps "500mg PO Q6H" as four a day, so the screen said QID: the
/// prescriber's by-the-clock code is the schedule when it gives as many doses a day; when the
/// text and the timing give different numbers, the order must be checked.
@Suite struct WrittenScheduleRuleTests {
    static func order(text: String?, _ timing: MedicationRequest.Timing) -> MedicationRequest {
        MedicationRequest(id: "m1", patientID: "p1", medication: CodedConcept(text: "Acetaminophen 500 MG"), frequencyText: text,
                          timing: timing, status: .active)
    }

    static let fourADay = MedicationRequest.Timing(frequency: 4, period: 1, periodUnit: "d")

    @Test func aByTheClockCodeRefinesTheSameNumberADay() {
        #expect(WrittenScheduleRule.reading(Self.order(text: "500mg PO Q6H", Self.fourADay)) == .refines(code: "Q6H"))
        #expect(WrittenScheduleRule.reading(Self.order(text: "q4h", .init(frequency: 6, period: 1, periodUnit: "d"))) == .refines(code: "Q4H"))
    }

    @Test func theSameScheduleOrNoneWrittenAgrees() {
        #expect(WrittenScheduleRule.reading(Self.order(text: "1 tablet twice daily", .init(frequency: 2, period: 1, periodUnit: "d"))) == .agrees)
        #expect(WrittenScheduleRule.reading(Self.order(text: "40 mg PO daily", .init(frequency: 1, period: 1, periodUnit: "d"))) == .agrees)
        #expect(WrittenScheduleRule.reading(Self.order(text: "500mg PO QID", Self.fourADay)) == .agrees)
        #expect(WrittenScheduleRule.reading(Self.order(text: nil, Self.fourADay)) == .agrees)
        #expect(WrittenScheduleRule.reading(Self.order(text: "Q6H_PRN", .init(frequency: 1, period: 6, periodUnit: "h"))) == .agrees)
    }

    @Test func aDifferentNumberADayConflicts() {
        #expect(WrittenScheduleRule.reading(Self.order(text: "500mg PO Q6H", .init(frequency: 2, period: 1, periodUnit: "d")))
            == .conflicts(written: "Q6H", timing: "BID"))
        #expect(WrittenScheduleRule.reading(Self.order(text: "BID", Self.fourADay)) == .conflicts(written: "BID", timing: "QID"))
    }

    @Test func aCodedTimingIsNeverOverriddenByText() {
        let coded = MedicationRequest.Timing(frequency: 4, period: 1, periodUnit: "d", code: "QID")
        #expect(WrittenScheduleRule.reading(Self.order(text: "500mg PO Q6H", coded)) == .conflicts(written: "Q6H", timing: "QID"))
    }

    @Test func theMARFollowsTheRefinedScheduleAndListsAConflictToCheck() {
        let ward = WardAdministrationTimes()
        #expect(DoseScheduleRule.schedule(for: Self.order(text: "500mg PO Q6H", Self.fourADay), ward: ward) == .daily(ward.times(for: "Q6H")!))
        #expect(DoseScheduleRule.schedule(for: Self.order(text: "Q6H", .init(frequency: 2, period: 1, periodUnit: "d")), ward: ward)
            == .unclear("the order's text says Q6H, its timing bid"))
    }
}
