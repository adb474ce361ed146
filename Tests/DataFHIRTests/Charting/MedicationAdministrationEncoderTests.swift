import CoreDomain
@testable import DataFHIR
import Foundation
import Testing

@Suite struct MedicationAdministrationEncoderTests {
    static let when = Date(timeIntervalSince1970: 1_772_352_900)  // 2026-03-01T08:15:00Z
    static let amoxicillin = CodedConcept(
        codings: [Coding(system: CodeSystem.rxnorm, code: "308182", display: "amoxicillin 500 MG Oral Capsule")])
    private let encoder = MedicationAdministrationEncoder(
        performer: VitalsObservationEncoder.performerDisplay(user: "nurse1", clientID: "emr-ward-5e"),
        timeZone: TimeZone(secondsFromGMT: 3_600)!)

    private func given() -> DoseRecord {
        DoseRecord(
            status: .completed, patientID: "pat-1", encounterID: "enc-1", requestID: "req-1", medication: Self.amoxicillin,
            effective: Self.when, dose: Quantity(value: 500, unit: "mg", ucumCode: "mg"),
            route: CodedConcept(codings: [Coding(system: CodeSystem.snomed, code: "26643006", display: "Oral route")]),
            notes: ["late: patient was in X-ray"])
    }

    private func object(_ charted: ChartedResource) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: charted.json) as? [String: Any])
    }

    @Test func aLoggedInNurseIsThePerformersPractitioner() throws {
        let loggedIn = MedicationAdministrationEncoder(performer: "nurse1", performerReference: "Practitioner/prac-1")
        let json = try object(loggedIn.administration(for: given(), id: "a1"))
        let actor = try #require((json["performer"] as? [[String: Any]])?.first?["actor"] as? [String: Any])
        #expect(actor["reference"] as? String == "Practitioner/prac-1")
        #expect(actor["display"] as? String == "nurse1")
    }

    @Test func aDoseGivenIsWrittenAsR4AndReadsBackAsTheSameDoseAgainstItsOrder() throws {
        let charted = encoder.administration(for: given(), id: "a1b2")
        #expect(charted.type == "MedicationAdministration")
        #expect(charted.id == "a1b2")
        #expect(charted.patientID == "pat-1")
        let read = try #require(try decodeOne(String(decoding: charted.json, as: UTF8.self)).content.medicationAdministration)
        #expect(read == MedicationAdministration(
            id: "a1b2", patientID: "pat-1", requestID: "req-1", status: .completed, effective: Self.when,
            performer: "nurse1 via emr-ward-5e", dose: Quantity(value: 500, unit: "mg", ucumCode: "mg")))
        let json = try object(charted)
        #expect(json["effectiveDateTime"] as? String == "2026-03-01T09:15:00+01:00")
        #expect((json["context"] as? [String: Any])?["reference"] as? String == "Encounter/enc-1")
        #expect((json["identifier"] as? [[String: Any]])?.first?["value"] as? String == "urn:uuid:a1b2")
        let dosage = try #require(json["dosage"] as? [String: Any])
        #expect(((dosage["route"] as? [String: Any])?["coding"] as? [[String: Any]])?.first?["code"] as? String == "26643006")
        #expect((json["note"] as? [[String: Any]])?.first?["text"] as? String == "late: patient was in X-ray")
        #expect(json["statusReason"] == nil)
        let medication = try #require(json["medicationCodeableConcept"] as? [String: Any])
        #expect((medication["coding"] as? [[String: Any]])?.first?["code"] as? String == "308182")
    }

    /// Two records of one infusion made within a second (a start, then its rate changed) are
    /// read in the order they were made: a time of now keeps its milliseconds, or the two tie
    /// and the MAR showed the first rate as running half the time. A typed time stays whole.
    @Test func aTimeOfNowKeepsItsMillisecondsSoRecordsWithinASecondKeepTheirOrder() throws {
        var dose = given()
        dose.effective = Self.when.addingTimeInterval(0.25)
        let json = try object(encoder.administration(for: dose, id: "a1"))
        #expect(json["effectiveDateTime"] as? String == "2026-03-01T09:15:00.250+01:00")
        let read = try #require(try decodeOne(String(decoding: encoder.administration(for: dose, id: "a1").json, as: UTF8.self)).content.medicationAdministration)
        #expect(read.effective == dose.effective)
        #expect(try object(encoder.administration(for: given(), id: "a1"))["effectiveDateTime"] as? String == "2026-03-01T09:15:00+01:00")
    }

    /// An as-needed dose says why it was given (`reasonCode`), and reads back with it.
    @Test func anAsNeededDoseCarriesWhyItWasGiven() throws {
        var dose = given()
        dose.indication = "pain 7/10"
        let charted = encoder.administration(for: dose, id: "a1")
        let json = try object(charted)
        #expect((json["reasonCode"] as? [[String: Any]])?.first?["text"] as? String == "pain 7/10")
        let read = try #require(try decodeOne(String(decoding: charted.json, as: UTF8.self)).content.medicationAdministration)
        #expect(read.indication == "pain 7/10")
        #expect(try object(encoder.administration(for: given(), id: "a2"))["reasonCode"] == nil, "a scheduled dose has none")
    }

    @Test func aDoseNotGivenOrHeldCarriesItsStatusAndReason() throws {
        for (status, code) in [(MedicationAdministration.Status.notDone, "not-done"), (.onHold, "on-hold")] {
            var dose = given()
            dose.status = status
            dose.reason = "patient refused"
            dose.dose = nil
            dose.route = nil
            dose.notes = []
            let charted = encoder.administration(for: dose)
            let json = try object(charted)
            #expect(json["status"] as? String == code)
            #expect(json["dosage"] == nil)
            let read = try #require(try decodeOne(String(decoding: charted.json, as: UTF8.self)).content.medicationAdministration)
            #expect(read.status == status)
            #expect(read.reason == "patient refused")
        }
    }

    @Test func aMedicationNamedOnlyInWordsIsSentAsText() throws {
        var dose = given()
        dose.medication = CodedConcept(text: "paracetamol 1 g")
        let json = try object(encoder.administration(for: dose))
        #expect((json["medicationCodeableConcept"] as? [String: Any])?["text"] as? String == "paracetamol 1 g")
    }
}
