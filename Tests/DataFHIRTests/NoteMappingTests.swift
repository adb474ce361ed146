import CoreDomain
@testable import DataFHIR
import Foundation
import Testing

/// Notes, procedures and immunizations as Synthea and real servers send them: base64 text,
/// markdown, HTML carrying scripts and terminal escape sequences, a note too big to show.
@Suite struct NoteMappingTests {
    private func note(contentType: String, _ text: String, extra: String = "") throws -> ClinicalNote {
        let data = Data(text.utf8).base64EncodedString()
        let json = """
        {"resourceType": "DocumentReference", "id": "d1", "status": "current",
         "type": {"coding": [{"system": "http://loinc.org", "code": "34117-2", "display": "History and physical note"}]},
         "subject": {"reference": "Patient/p1"}, "date": "2025-01-20T09:40:00Z",
         "author": [{"reference": "Organization/o1"}, {"reference": "Practitioner/dr1"}],
         "context": {"encounter": [{"reference": "Encounter/e1"}]},
         "content": [{"attachment": {"contentType": "\(contentType)", "data": "\(data)"}}] \(extra)}
        """
        return try #require(try decodeOne(json).content.note)
    }

    @Test func aPlainTextNoteIsReadWithItsEncounterAuthorAndDate() throws {
        let read = try note(contentType: "text/plain; charset=utf-8", "# Plan\r\nContinue lisinopril.\tDaily.\n")
        #expect(read.content.text == "# Plan\nContinue lisinopril.    Daily.\n")
        #expect(read.encounterID == "e1")
        #expect(read.authorID == "dr1", "the first author who is a Practitioner")
        #expect(read.date == (try utc(2025, 1, 20, 9, 40)))
        #expect(read.type?.displayName == "History and physical note")
        #expect(read.content.cutFromBytes == nil)
    }

    @Test func markdownIsKeptAsWritten() throws {
        #expect(try note(contentType: "text/markdown", "- **given** today").content.text == "- **given** today")
    }

    @Test func htmlIsTheTextAReaderSeesWithoutScriptsOrEscapes() throws {
        let html = "<html><head><style>p{}</style></head><body><h1>Summary</h1><p>Seen &amp; examined.<script>alert('x')</script> "
            + "Stable &lt;ok&gt;.</p>\u{1B}[2J\u{1B}]0;title\u{07}<ul><li>Eat</li><li>Walk\u{202E}kcab</li></ul>&#27;[5m end</body></html>"
        let text = try note(contentType: "text/html", html).content.text
        // The escape sequences between the paragraph and the list leave only the line breaks around them.
        #expect(text == "Summary\nSeen & examined. Stable <ok>.\n\n- Eat\n- Walkkcab\n end")
    }

    @Test(arguments: ["\u{1B}[31mred\u{1B}[0m", "\u{9B}31mred", "\u{1B}P1;2qdata\u{1B}\\red", "\u{1B}(Bred", "r\u{0}e\u{7}d\u{85}"])
    func noControlOrEscapeSequenceIsKept(_ hostile: String) throws {
        #expect(try note(contentType: "text/plain", hostile).content.text == "red")
    }

    @Test func aHugeNoteIsCutAndSaysItsSize() throws {
        let huge = String(repeating: "é", count: 40_000)
        let read = try note(contentType: "text/plain", huge)
        #expect(read.content.cutFromBytes == 80_000)
        #expect(read.content.text.utf8.count == NoteContent.shownBytes, "cut on a whole character")
    }

    @Test func aNoteHeldElsewhereSaysWhere() throws {
        let json = """
        {"resourceType": "DocumentReference", "id": "d2", "status": "current", "subject": {"reference": "Patient/p1"},
         "content": [{"attachment": {"contentType": "application/pdf", "url": "Binary/b1"}}]}
        """
        let read = try #require(try decodeOne(json).content.note)
        #expect(read.content == NoteContent(unreadType: "application/pdf", url: "Binary/b1"))
    }

    /// Only a `Binary` on the server read from is ever asked for a note's text: a relative
    /// address, or one under the server's base; never another host, type or a crafted id.
    @Test(arguments: [
        ("Binary/b1", "b1"), ("http://127.0.0.1:8080/fhir/Binary/b-2.x", "b-2.x"),
        ("http://evil.example/fhir/Binary/b1", nil), ("http://127.0.0.1:8080/fhir2/Binary/b1", nil), ("Patient/p1", nil),
        ("Binary/../metadata", nil), ("Binary/b1?_format=xml", nil), ("Binary/", nil), ("Binary/" + String(repeating: "a", count: 65), nil),
    ] as [(String, String?)])
    func aNotesTextIsAskedOnlyOfThisServersBinary(_ address: String, _ id: String?) {
        #expect(NoteContentReading.binaryID(address, base: URL(string: "http://127.0.0.1:8080/fhir")!) == id)
    }

    @Test func aBinaryIsReadAsAnInlineAttachmentIs() throws {
        func binary(_ type: String, _ text: String) throws -> NoteContent? {
            let json = #"{"resourceType":"Binary","id":"b1","contentType":"\#(type)","data":"\#(Data(text.utf8).base64EncodedString())"}"#
            return try NoteContentReading.content(ofBinary: ElementReader(try #require(FHIRDocument.parseObject(Data(json.utf8)))))
        }
        #expect(try binary("text/plain; charset=utf-8", "Slept well.\u{1B}[2J")?.text == "Slept well.")
        #expect(try binary("text/html", "<p>Seen &amp; examined.</p>")?.text == "Seen & examined.")
        #expect(try binary("application/pdf", "%PDF") == nil, "not text read here")
    }

    @Test func procedureAndImmunizationAreRead() throws {
        let procedure = try #require(try decodeOne("""
        {"resourceType": "Procedure", "id": "pr1", "status": "completed", "code": {"text": "Medication reconciliation"},
         "subject": {"reference": "Patient/p1"}, "encounter": {"reference": "Encounter/e1"},
         "performedPeriod": {"start": "2025-01-20T09:10:00Z", "end": "2025-01-20T09:25:00Z"}}
        """).content.procedure)
        #expect(procedure.performed == (try utc(2025, 1, 20, 9, 10)))
        #expect(procedure.encounterID == "e1")
        let immunization = try #require(try decodeOne("""
        {"resourceType": "Immunization", "id": "i1", "status": "completed", "vaccineCode": {"text": "Influenza"},
         "patient": {"reference": "Patient/p1"}, "occurrenceDateTime": "2025-01-20T09:20:00Z", "primarySource": true}
        """).content.immunization)
        #expect(immunization.vaccine.displayName == "Influenza")
        #expect(immunization.occurrence == (try utc(2025, 1, 20, 9, 20)))
    }

    @Test func conditionsAndOrdersKeepTheirEncounter() throws {
        let condition = try #require(try decodeOne("""
        {"resourceType": "Condition", "id": "c1", "code": {"text": "Hypertension"}, "subject": {"reference": "Patient/p1"},
         "encounter": {"reference": "Encounter/e1"}}
        """).content.condition)
        #expect(condition.encounterID == "e1")
    }

    @Test func carePlansAndGoalsAreRead() throws {
        let plan = try #require(try decodeOne("""
        {"resourceType": "CarePlan", "id": "cp1", "status": "active", "intent": "plan", "subject": {"reference": "Patient/p1"},
         "category": [{"coding": [{"system": "http://hl7.org/fhir/us/core/CodeSystem/careplan-category", "code": "assess-plan"}]},
                      {"text": "Asthma self management"}],
         "activity": [{"detail": {"code": {"text": "Inhaled steroid"}, "status": "in-progress"}}, {"reference": {"reference": "ServiceRequest/s1"}}],
         "period": {"start": "2025-01-20T09:00:00Z"}}
        """).content.carePlan)
        #expect(plan.categories.map(\.displayName).last == "Asthma self management")
        #expect(plan.activities.map(\.displayName) == ["Inhaled steroid"], "an activity given only by reference has no words to show")
        #expect(plan.start == (try utc(2025, 1, 20, 9)))
        let goal = try #require(try decodeOne("""
        {"resourceType": "Goal", "id": "g1", "lifecycleStatus": "active", "description": {"text": "Peak flow above 400"},
         "subject": {"reference": "Patient/p1"}}
        """).content.goal)
        #expect(goal.status == .active && goal.description.displayName == "Peak flow above 400")
    }
}
