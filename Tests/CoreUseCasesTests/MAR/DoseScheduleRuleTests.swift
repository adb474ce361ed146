import CoreDomain
import CoreUseCases
import Foundation
import Testing

/// Each way an order's timing can be written, to the schedule the ward works to; whatever
/// cannot be worked out is unclear, never guessed.
@Suite struct DoseScheduleRuleTests {
    static let ward = WardAdministrationTimes()

    static func order(_ timing: MedicationRequest.Timing?, asNeeded: Bool = false) -> MedicationRequest {
        MedicationRequest(id: "m1", patientID: "p1", medication: CodedConcept(text: "Paracetamol 500 MG"), timing: timing,
                          asNeeded: asNeeded, status: .active)
    }

    static func at(_ text: String...) -> [ClockTime] { text.compactMap(ClockTime.init) }

    @Test(arguments: [(2, "BID"), (3, "TID"), (4, "QID"), (1, "QD")])
    func nADayIsTheWardsTimesForThatCode(perDay: Int, code: String) {
        let schedule = DoseScheduleRule.schedule(for: Self.order(.init(frequency: perDay, period: 1, periodUnit: "d")), ward: Self.ward)
        #expect(schedule == .daily(Self.ward.times(for: code)!))
    }

    @Test func q6hIsByTheClockNeverTheQIDTimes() {
        let byCode = DoseScheduleRule.schedule(for: Self.order(.init(code: "Q6H")), ward: Self.ward)
        let byRepeat = DoseScheduleRule.schedule(for: Self.order(.init(frequency: 1, period: 6, periodUnit: "h")), ward: Self.ward)
        #expect(byCode == .daily(Self.at("00:00", "06:00", "12:00", "18:00")))
        #expect(byRepeat == byCode)
        #expect(byCode != .daily(Self.ward.times(for: "QID")!))
    }

    @Test func writtenClockTimesComeFirst() {
        let timing = MedicationRequest.Timing(frequency: 2, period: 1, periodUnit: "d", timesOfDay: ["20:00:00", "08:00:00"])
        #expect(DoseScheduleRule.schedule(for: Self.order(timing), ward: Self.ward) == .daily(Self.at("08:00", "20:00")))
    }

    @Test func eventsOfTheDayUseTheWardsTimes() {
        #expect(DoseScheduleRule.schedule(for: Self.order(.init(when: ["MORN", "HS"])), ward: Self.ward) == .daily(Self.at("09:00", "22:00")))
        #expect(DoseScheduleRule.schedule(for: Self.order(.init(when: ["ACM"])), ward: Self.ward) == .unclear("no ward time for ACM"))
    }

    @Test func asNeededIsNeverDue() {
        #expect(DoseScheduleRule.schedule(for: Self.order(.init(code: "Q6H"), asNeeded: true), ward: Self.ward) == .asNeeded)
        #expect(DoseScheduleRule.schedule(for: Self.order(.init(code: "Q6H_PRN")), ward: Self.ward) == .asNeeded)
    }

    @Test func everyOtherDayCountsFromTheFirstDay() {
        #expect(DoseScheduleRule.schedule(for: Self.order(.init(code: "QOD")), ward: Self.ward) == .everyOtherDay(Self.at("09:00")))
        #expect(DoseScheduleRule.schedule(for: Self.order(.init(frequency: 1, period: 2, periodUnit: "d")), ward: Self.ward)
            == .everyOtherDay(Self.at("09:00")))
    }

    @Test func whatCannotBeWorkedOutIsUnclear() {
        #expect(DoseScheduleRule.schedule(for: Self.order(nil), ward: Self.ward) == .unclear("no timing in the order"))
        #expect(DoseScheduleRule.schedule(for: Self.order(.init(frequency: 1, period: 1, periodUnit: "wk")), ward: Self.ward)
            == .unclear("the repeat has no ward times"))
        #expect(DoseScheduleRule.schedule(for: Self.order(.init(frequency: 1, period: 5, periodUnit: "h")), ward: Self.ward)
            == .unclear("the repeat has no ward times"))
        #expect(DoseScheduleRule.schedule(for: Self.order(.init(code: "Q36H")), ward: Self.ward) == .unclear("no ward times for Q36H"))
        #expect(DoseScheduleRule.schedule(for: Self.order(.init(timesOfDay: ["9am"])), ward: Self.ward) == .unclear("a time of day does not read"))
    }

    /// "Once" (`count 1`) or Mondays only (`dayOfWeek`) read as every day: a timing element not
    /// read makes the schedule unclear.
    @Test func aTimingWithElementsNotReadIsUnclear() {
        let once = MedicationRequest.Timing(frequency: 1, period: 1, periodUnit: "d", unread: ["count"])
        #expect(DoseScheduleRule.schedule(for: Self.order(once), ward: Self.ward) == .unclear("the timing also says count, which is not read here"))
    }

    /// Text "Q6H" kept as four a day with written times: the written times stand.
    @Test func writtenTimesComeBeforeTheTextsCode() {
        var order = Self.order(.init(frequency: 4, period: 1, periodUnit: "d", timesOfDay: ["02:00:00", "08:00:00", "14:00:00", "20:00:00"]))
        order.frequencyText = "500mg PO Q6H"
        #expect(DoseScheduleRule.schedule(for: order, ward: Self.ward) == .daily(Self.at("02:00", "08:00", "14:00", "20:00")))
    }

    @Test func theWardsConfigReplacesADefaultAndABadLineIsNamed() throws {
        let ward = try WardAdministrationTimes(config: ["admin_times.BID": "08:00, 20:00", "admin_window_minutes": "30", "ward": "4W"])
        #expect(ward.times(for: "bid") == Self.at("08:00", "20:00"))
        #expect(ward.times(for: "TID") == Self.at("09:00", "14:00", "21:00"))
        #expect(ward.window == 30 * 60)
        #expect(throws: WardAdministrationTimesError.unreadable(key: "admin_times.TID", value: "9,14")) {
            try WardAdministrationTimes(config: ["admin_times.TID": "9,14"])
        }
        #expect(WardAdministrationTimesError.unreadable(key: "admin_window_minutes", value: "soon").description
            == "config: admin_window_minutes = soon is not a number of minutes from 0 to 720")
    }

    /// `prn_followup_minutes`: 60 unless the ward says otherwise; a bad value is named.
    @Test func thePRNFollowUpIsAnHourUnlessTheWardSetsIt() throws {
        #expect(try WardAdministrationTimes(config: [:]).prnFollowUp == 60 * 60)
        #expect(try WardAdministrationTimes(config: ["prn_followup_minutes": "45"]).prnFollowUp == 45 * 60)
        for bad in ["0", "soon", "1441"] {
            #expect(throws: WardAdministrationTimesError.unreadable(key: "prn_followup_minutes", value: bad)) {
                try WardAdministrationTimes(config: ["prn_followup_minutes": bad])
            }
        }
        #expect(WardAdministrationTimesError.unreadable(key: "prn_followup_minutes", value: "soon").description
            == "config: prn_followup_minutes = soon is not a number of minutes from 1 to 1440")
    }
}
