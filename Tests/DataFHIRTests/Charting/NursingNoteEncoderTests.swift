import CoreDomain
@testable import DataFHIR
import Foundation
import Testing

/// A nurse's note goes out as an R4 DocumentReference that reads back as the same note: a
/// nurse note (LOINC 34746-8) by the nurse, in the stay, its text whole in a plain-text
/// attachment.
@Suite struct NursingNoteEncoderTests {
    private let encoder = NursingNoteEncoder(author: "nurse1 via emr-ward-5e", authorReference: "Practitioner/n1",
                                             timeZone: TimeZone(secondsFromGMT: 3_600)!)
    static let when = Date(timeIntervalSince1970: 1_772_352_900.25)
    static let text = "Settled overnight, pain 2/10.\n\nPlan: mobilise — family visiting at 14:00 ✓"

    private func object(_ charted: ChartedResource) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: charted.json) as? [String: Any])
    }

    @Test func theNoteReadsBackAsTheSameNoteByTheSameNurseInTheStay() throws {
        let charted = encoder.document(for: NursingNoteEntry(patientID: "pat-1", encounterID: "enc-1", text: Self.text, date: Self.when), id: "d1")
        #expect(charted.type == "DocumentReference" && charted.id == "d1" && charted.patientID == "pat-1")
        let read = try #require(try decodeOne(String(decoding: charted.json, as: UTF8.self)).content.note)
        #expect(read.id == "d1" && read.patientID == "pat-1" && read.encounterID == "enc-1")
        #expect(read.status == .current)
        #expect(read.type?.contains(code: NurseNoteCode.code, system: NurseNoteCode.system) == true)
        #expect(read.date == Self.when, "to the millisecond, with the ward's offset")
        #expect(read.authorID == "n1" && read.authorName == "nurse1 via emr-ward-5e")
        #expect(read.content.text == Self.text, "every character, line breaks and all")
        #expect(read.delivery == .settled, "delivery is the outbox's to say, never the JSON's")
    }

    /// The elements R4 requires of a DocumentReference (status, content.attachment) and the ones
    /// the issue asks for, spelled as R4 spells them.
    @Test func itIsAnR4DocumentReferenceAsTheIssueAsks() throws {
        let charted = encoder.document(for: NursingNoteEntry(patientID: "pat-1", encounterID: nil, text: Self.text, date: Self.when), id: "d2")
        let json = try object(charted)
        #expect(json["resourceType"] as? String == "DocumentReference")
        #expect(json["status"] as? String == "current" && json["docStatus"] as? String == "final")
        let type = try #require(json["type"] as? [String: Any])
        let coding = try #require((type["coding"] as? [[String: Any]])?.first)
        #expect(coding["system"] as? String == "http://loinc.org" && coding["code"] as? String == "34746-8" && coding["display"] as? String == "Nurse note")
        let category = try #require((json["category"] as? [[String: Any]])?.first?["coding"] as? [[String: Any]])
        #expect(category.first?["code"] as? String == "clinical-note")
        #expect((json["subject"] as? [String: Any])?["reference"] as? String == "Patient/pat-1")
        #expect(json["date"] as? String == "2026-03-01T09:15:00.250+01:00", "an instant: seconds and offset")
        let author = try #require((json["author"] as? [[String: Any]])?.first)
        #expect(author["reference"] as? String == "Practitioner/n1" && author["display"] as? String == "nurse1 via emr-ward-5e")
        #expect((json["authenticator"] as? [String: Any])?["display"] as? String == "nurse1 via emr-ward-5e")
        let attachment = try #require((json["content"] as? [[String: Any]])?.first?["attachment"] as? [String: Any])
        #expect(attachment["contentType"] as? String == "text/plain; charset=utf-8")
        let base64 = try #require(attachment["data"] as? String)
        let data = try #require(Data(base64Encoded: base64))
        #expect(String(decoding: data, as: UTF8.self) == Self.text)
        #expect(json["context"] == nil, "no stay, no encounter")
        let identifier = try #require((json["identifier"] as? [[String: Any]])?.first)
        #expect(identifier["value"] as? String == "urn:uuid:d2")
    }

    @Test func withoutALoginTheNurseIsNamedByDisplayOnly() throws {
        let charted = NursingNoteEncoder(author: "nurse1").document(for: NursingNoteEntry(patientID: "pat-1", encounterID: nil, text: "x", date: Self.when))
        let author = try #require((try object(charted)["author"] as? [[String: Any]])?.first)
        #expect(author["reference"] == nil && author["display"] as? String == "nurse1")
        let read = try #require(try decodeOne(String(decoding: charted.json, as: UTF8.self)).content.note)
        #expect(read.authorID == nil && read.authorName == "nurse1")
    }

    /// A note withdrawn: the same note, `entered-in-error`, the reason in an extension (R4's
    /// DocumentReference has no `note`), read back entered in error with its text kept.
    @Test func aNoteMarkedEnteredInErrorKeepsItsTextAndSaysWhyInAnExtension() throws {
        let charted = encoder.document(for: NursingNoteEntry(patientID: "pat-1", encounterID: "enc-1", text: Self.text, date: Self.when), id: "d3")
        let corrected = try #require(ResourceCorrection.enteredInError(charted.json, type: "DocumentReference", reason: "written on the wrong chart"))
        let json = try object(ChartedResource(type: "DocumentReference", id: "d3", patientID: "pat-1", json: corrected))
        #expect(json["status"] as? String == "entered-in-error" && json["note"] == nil)
        let reason = try #require((json["extension"] as? [[String: Any]])?.first)
        #expect(reason["url"] as? String == ResourceCorrection.reasonURL && reason["valueString"] as? String == "written on the wrong chart")
        let read = try #require(try decodeOne(String(decoding: corrected, as: UTF8.self)).content.note)
        #expect(read.status == .enteredInError && read.content.text == Self.text && read.id == "d3")
    }
}
