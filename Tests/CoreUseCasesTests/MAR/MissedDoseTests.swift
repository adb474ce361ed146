import CoreDomain
import CoreUseCases
import Foundation
import Testing

/// A missed or late dose is recorded as itself: the nurse says which dose a record is for, and
/// the MAR shows it there, never on the next one.
@Suite struct MissedDoseTests {
    typealias MAR = MedicationAdministrationRecordTests
    static let insulin = MAR.order("ins", "Insulin regular", .init(code: "TID"))  // 09:00, 14:00, 21:00

    static func given(at time: Date, for scheduled: Date?, id: String = "g1") -> MedicationAdministration {
        MedicationAdministration(id: id, patientID: "p1", requestID: "ins", status: .completed, effective: time, performer: "nurse1",
                                 scheduledTime: scheduled)
    }

    static func dose(_ record: MedicationAdministrationRecord, at hour: Int) -> ScheduledDose {
        record.doses.first { $0.time == MAR.at(hour) }!
    }

    /// The issue: the 09:00 insulin, missed, given at 16:41 (461 min late), was attached to
    /// 14:00 while 09:00 still read missed.
    @Test func theMissedNineOClockDoseGivenLateIsShownOnNineOClock() {
        let record = MAR.record([Self.insulin], [Self.given(at: MAR.at(16, 41), for: MAR.at(9))])
        let nine = Self.dose(record, at: 9), two = Self.dose(record, at: 14)
        #expect(nine.administration?.id == "g1")
        #expect(nine.status(at: MAR.at(16, 45), window: 3600) == .given(at: MAR.at(16, 41), by: "nurse1"))
        #expect(nine.match == .named)
        #expect(nine.recordedTiming(window: 3600) == .late(minutes: 461))
        #expect(two.administration == nil)
        #expect(two.status(at: MAR.at(16, 45), window: 3600) == .late, "14:00 is still to give, and says so")
    }

    /// A record that names no dose (another system's) is still placed by its time, and the MAR
    /// says it was placed so: never silently.
    @Test func aRecordNamingNoDoseIsPlacedByItsTimeAndSaysSo() {
        let record = MAR.record([Self.insulin], [Self.given(at: MAR.at(16, 41), for: nil)])
        #expect(Self.dose(record, at: 14).administration?.id == "g1")
        #expect(Self.dose(record, at: 14).match == .nearest)
        #expect(Self.dose(record, at: 9).match == nil)
    }

    /// Two records naming one dose (a second dose confirmed): the second stays on that dose,
    /// listed, and is never moved to the next one.
    @Test func aSecondRecordForTheSameDoseStaysOnIt() {
        let record = MAR.record([Self.insulin], [Self.given(at: MAR.at(9, 5), for: MAR.at(9)),
                                                 Self.given(at: MAR.at(13, 30), for: MAR.at(9), id: "g2")])
        #expect(Self.dose(record, at: 9).administration?.id == "g1")
        #expect(Self.dose(record, at: 9).alsoRecorded.map(\.id) == ["g2"])
        #expect(Self.dose(record, at: 14).administration == nil)
    }

    /// A record naming a time the schedule no longer has (the ward's times changed) is placed
    /// by its time, marked as placed.
    @Test func aRecordNamingATimeNotOnTheScheduleIsPlacedByItsTime() {
        let record = MAR.record([Self.insulin], [Self.given(at: MAR.at(8, 50), for: MAR.at(8))])
        #expect(Self.dose(record, at: 9).administration?.id == "g1")
        #expect(Self.dose(record, at: 9).match == .nearest)
    }

    /// A record of a scheduled order, in the span, that stands beside no dose (given before
    /// any dose's window opened, naming none) is listed apart: never hidden.
    @Test func aRecordBesideNoDoseIsListedApart() {
        let early = Self.given(at: MAR.at(5, 12), for: nil)
        let elsewhere = MedicationAdministration(id: "x", patientID: "p1", requestID: "other", status: .completed, effective: MAR.at(5))
        let record = MAR.record([Self.insulin], [early, elsewhere])
        #expect(record.doses.allSatisfy { $0.administration == nil })
        #expect(record.unplaced.map(\.id) == ["g1"], "a record for an order not on this MAR is not its business")
        #expect(MAR.record([Self.insulin], [Self.given(at: MAR.at(9, 5), for: MAR.at(9))]).unplaced.isEmpty)
        #expect(DoseRecordingRule.earlierDose(of: Self.dose(record, at: 9), in: record, at: MAR.at(9))?.id == "g1",
                "the second-dose guard still sees it")
    }

    /// Choosing the missed 09:00 dose at 16:41 asks which dose this is: the 09:00 one given
    /// late now, or the 14:00 one (late too at that hour).
    @Test func choosingAMissedDoseOffersItLateOrTheNextOne() throws {
        let record = MAR.record([Self.insulin])
        let nine = Self.dose(record, at: 9)
        let choices = DoseChoiceRule.choices(for: nine, in: record, at: MAR.at(16, 41))
        #expect(choices.map(\.dose.time) == [MAR.at(9), MAR.at(14)])
        #expect(choices.map(\.timing) == [.late(minutes: 461), .late(minutes: 161)])
        #expect(choices.map { $0.sentence(calendar: MAR.calendar) }
            == ["the 09:00 dose, given late now (461 min)", "the 14:00 dose, given late now (161 min)"])
    }

    /// Late at 10:30, the 09:00 dose can be it, or the 14:00 one given early.
    @Test func choosingALateDoseOffersTheNextOneEarly() {
        let record = MAR.record([Self.insulin])
        let choices = DoseChoiceRule.choices(for: Self.dose(record, at: 9), in: record, at: MAR.at(10, 30))
        #expect(choices.map { $0.sentence(calendar: MAR.calendar) }
            == ["the 09:00 dose, given late now (90 min)", "the 14:00 dose, given early now (210 min)"])
        #expect(DoseChoiceRule.choices(for: Self.dose(record, at: 14), in: record, at: MAR.at(13, 30)).isEmpty, "a dose due: no choice")
        let nightOnly = MAR.record([Self.insulin])
        #expect(DoseChoiceRule.choices(for: Self.dose(nightOnly, at: 21), in: nightOnly, at: MAR.at(23, 30)).isEmpty,
                "the day's last dose, late, has no next one in view: it is that one")
    }

    /// The next dose recorded already: only the late one could be it, so nothing is asked.
    @Test func noChoiceWhenTheNextDoseIsRecorded() {
        let record = MAR.record([Self.insulin], [Self.given(at: MAR.at(14, 5), for: MAR.at(14))])
        #expect(DoseChoiceRule.choices(for: Self.dose(record, at: 9), in: record, at: MAR.at(16, 41)).isEmpty)
    }

    /// Once the 09:00 dose is given at 16:41, giving the 14:00 one at 17:00 meets the
    /// second-dose guard (its interval, 5 h, counts from 16:41).
    @Test func theNextDosesIntervalGuardCountsFromTheLateDose() {
        let record = MAR.record([Self.insulin], [Self.given(at: MAR.at(16, 41), for: MAR.at(9))])
        #expect(DoseRecordingRule.earlierDose(of: Self.dose(record, at: 14), in: record, at: MAR.at(17))?.id == "g1")
    }
}
