import CoreDomain
@testable import DataFHIR
import Foundation
import Testing

@Suite struct ResourceCorrectionTests {
    @Test func enteredInErrorKeepsTheResourceAndAddsTheReason() throws {
        let stored = Data(ObservationMappingTests.bloodPressure.utf8)
        let corrected = try #require(ResourceCorrection.enteredInError(stored, type: "Observation", reason: "charted on the wrong patient"))
        let original = try #require(try decodeOne(ObservationMappingTests.bloodPressure).content.observation)
        let read = try decodeOne(String(decoding: corrected, as: UTF8.self))
        let observation = try #require(read.content.observation)
        #expect(read.id == "bp1")
        #expect(read.versionID == nil && read.lastUpdated == nil, "the server numbers the new version")
        #expect(observation.status == .enteredInError)
        #expect(observation.notes == ["charted on the wrong patient"], "the reason is read back as a note")
        var unchanged = observation
        unchanged.status = original.status
        unchanged.notes = original.notes
        #expect(unchanged == original, "values, subject and time stay as charted")
        let json = try #require(try JSONSerialization.jsonObject(with: corrected) as? [String: Any])
        #expect((json["note"] as? [[String: Any]])?.map { $0["text"] as? String } == ["charted on the wrong patient"])
    }

    @Test func aReasonIsAddedAfterTheNotesAlreadyThere() throws {
        let entry = VitalsEntry(patientID: "p", effective: Date(timeIntervalSince1970: 0), oxygenSaturation: 96, oxygen: .roomAir)
        let charted = try #require(VitalsObservationEncoder(performer: "n").observations(for: entry).first)
        let corrected = try #require(ResourceCorrection.enteredInError(charted.json, type: "Observation", reason: "wrong time"))
        let json = try #require(try JSONSerialization.jsonObject(with: corrected) as? [String: Any])
        #expect((json["note"] as? [[String: Any]])?.map { $0["text"] as? String } == ["Room air", "wrong time"])
        #expect(json["status"] as? String == "entered-in-error")
        #expect(json["meta"] != nil, "the profiles stay")
    }

    @Test func onlyAResourceOfTheTypeNamedCanBeCorrected() {
        #expect(ResourceCorrection.enteredInError(Data(#"{"resourceType":"Patient","id":"p"}"#.utf8), type: "Observation", reason: "x") == nil)
        #expect(ResourceCorrection.enteredInError(Data("not json".utf8), type: "Observation", reason: "x") == nil)
    }

    @Test func aDoseRecordedHereIsCorrectedTheSameWayAndReadsBackEnteredInError() throws {
        let dose = DoseRecord(status: .completed, patientID: "p", requestID: "r", medication: CodedConcept(text: "Amoxicillin"),
                              effective: Date(timeIntervalSince1970: 0), notes: ["late: in X-ray"])
        let charted = MedicationAdministrationEncoder(performer: "n").administration(for: dose)
        #expect(ResourceCorrection.enteredInError(charted.json, type: "Observation", reason: "x") == nil)
        let corrected = try #require(ResourceCorrection.enteredInError(charted.json, type: "MedicationAdministration", reason: "wrong patient"))
        let read = try #require(try decodeOne(String(decoding: corrected, as: UTF8.self)).content.medicationAdministration)
        #expect(read.status == .enteredInError && read.id == charted.id && read.requestID == "r")
        let json = try #require(try JSONSerialization.jsonObject(with: corrected) as? [String: Any])
        #expect((json["note"] as? [[String: Any]])?.map { $0["text"] as? String } == ["late: in X-ray", "wrong patient"])
    }

    @Test func thePerformerIsReadByDisplayElseByReference() throws {
        let base = #"{"resourceType":"Observation","id":"o","status":"final","code":{"text":"x"},"subject":{"reference":"Patient/p"},"performer":"#
        #expect(try decodeOne(base + #"[{"reference":"Practitioner/pr1","display":"Dr Who"}]}"#).content.observation?.performer == "Dr Who")
        #expect(try decodeOne(base + #"[{"reference":"Practitioner/pr1"}]}"#).content.observation?.performer == "Practitioner/pr1")
        let odd = readSource(base + #""nurse"}"#, file: "o.json")
        #expect(odd.resources.first?.content.observation?.performer == nil, "a malformed performer is dropped with a warning")
        #expect(odd.problems.map(\.severity) == [.warning])
    }
}
