import CoreDomain
import CoreUseCases
import Foundation
import Testing

/// What a list row says is due, from the row alone: observations by NEWS2's monitoring, doses
/// from the open doses kept with the row, both following the clock.
@Suite struct PatientRowTasksTests {
    typealias MAR = MedicationAdministrationRecordTests
    static let hour: TimeInterval = 3600

    static func entry(nextDue: Date? = nil, openDoses: OpenDoses? = nil) -> PatientListEntry {
        var entry = PatientListEntry(patient: Patient(id: "p1", mrn: "M1", name: PersonName(family: "Brown", given: ["Robin"])))
        entry.earlyWarning = EarlyWarning(total: 2, band: .low, taken: MAR.at(8), nextDue: nextDue)
        entry.openDoses = openDoses
        return entry
    }

    @Test func observationsAreDueAQuarterHourBeforeTheRoundAndLateAfterIt() {
        let entry = Self.entry(nextDue: MAR.at(12))
        #expect(PatientRowTasks(entry, at: MAR.at(11, 44)).observations == nil)
        #expect(PatientRowTasks(entry, at: MAR.at(11, 45)).observations == .due)
        #expect(PatientRowTasks(entry, at: MAR.at(12)).observations == .due)
        #expect(PatientRowTasks(entry, at: MAR.at(12, 1)).observations == .late)
    }

    @Test func noScoreMarksNoRound() {
        var unscored = Self.entry()
        unscored.earlyWarning = nil
        #expect(PatientRowTasks(unscored, at: MAR.at(23)).isEmpty)
    }

    /// A high score asks for continuous monitoring, and it never read `O`: a 7 charted six days
    /// ago looked watched. Its round is late an hour after it, due from a quarter before.
    @Test func aHighScoreWithNoRoundWithinTheHourHasItsObservationsLate() {
        var high = Self.entry(nextDue: nil)
        high.earlyWarning?.band = .high
        high.earlyWarning?.total = 7
        #expect(PatientRowTasks(high, at: MAR.at(8, 44)).observations == nil)
        #expect(PatientRowTasks(high, at: MAR.at(8, 45)).observations == .due)
        #expect(PatientRowTasks(high, at: MAR.at(9, 1)).observations == .late)
        #expect(PatientRowTasks(high, at: MAR.at(8, day: 30)).observations == .late)
    }

    @Test func aScoreIsStaleOnceOlderThanTheWardsObservationInterval() throws {
        let warning = try #require(Self.entry().earlyWarning)
        #expect(!warning.isStale(at: MAR.at(20)), "twelve hours after 08:00")
        #expect(warning.isStale(at: MAR.at(20, 1)))
    }

    @Test func aDoseIsDueInItsWindowLateAfterAndMissedOnceTheNextComesDue() {
        let open = OpenDoses(doses: [.init(time: MAR.at(9), next: MAR.at(21))], window: Self.hour, until: MAR.at(23, day: 25))
        let entry = Self.entry(openDoses: open)
        #expect(PatientRowTasks(entry, at: MAR.at(7, 59)).dose == nil)
        #expect(PatientRowTasks(entry, at: MAR.at(8)).dose == .due)
        #expect(PatientRowTasks(entry, at: MAR.at(10, 1)).dose == .late)
        #expect(PatientRowTasks(entry, at: MAR.at(20)).dose == nil, "missed: giving it now would be a second dose")
    }

    @Test func aRowPastItsDoseSpanNoLongerKnows() {
        let entry = Self.entry(openDoses: OpenDoses(doses: [], window: Self.hour, until: MAR.at(12)))
        #expect(!PatientRowTasks(entry, at: MAR.at(12)).doseUnknown)
        let later = PatientRowTasks(entry, at: MAR.at(12, 1))
        #expect(later.doseUnknown && later.dose == nil)
    }

    @Test func theBuilderKeepsTheDosesNothingWasRecordedFor() throws {
        let builder = PatientListEntryBuilder(locations: [], calendar: MAR.calendar)
        let order = MAR.order("a", "Amoxicillin", .init(code: "BID"))
        let given = MedicationAdministration(id: "g", patientID: "p1", requestID: "a", status: .completed, effective: MAR.at(9, 5))
        let entry = builder.entry(for: Self.entry().patient, encounters: [], allergies: [], observations: [],
                                  requests: [order], administrations: [given], now: MAR.at(10))
        let open = try #require(entry.openDoses)
        #expect(open.until == MAR.at(10, day: 26))
        #expect(open.doses.contains(OpenDoses.Dose(time: MAR.at(21), next: MAR.at(9, day: 25))))
        #expect(!open.doses.contains { $0.time == MAR.at(9) }, "09:00 was given")
        #expect(PatientRowTasks(entry, at: MAR.at(20, 30)).dose == .due)
        let asNeeded = builder.entry(for: Self.entry().patient, encounters: [], allergies: [], observations: [],
                                     requests: [MAR.order("b", "Paracetamol", .init(code: "Q6H"), asNeeded: true)], now: MAR.at(10))
        #expect(asNeeded.openDoses == nil, "an as-needed order is never due")
    }

    /// The due list lists an infusion ordered and not started; the row's mark says so too (it
    /// counted only scheduled doses), until the infusion is started.
    @Test func anInfusionNotStartedMarksTheRowUntilStarted() {
        let builder = PatientListEntryBuilder(locations: [], calendar: MAR.calendar)
        let heparin = InfusionTests.heparin
        let waiting = builder.entry(for: Self.entry().patient, encounters: [], allergies: [], observations: [], requests: [heparin], now: MAR.at(10))
        #expect(PatientRowTasks(waiting, at: MAR.at(10)).dose == .late, "ordered days ago, not started")
        let started = builder.entry(for: Self.entry().patient, encounters: [], allergies: [], observations: [], requests: [heparin],
                                    administrations: [InfusionTests.action("s", .inProgress, at: MAR.at(9), rate: 18)], now: MAR.at(10))
        #expect(PatientRowTasks(started, at: MAR.at(10)).dose == nil)
    }
}
