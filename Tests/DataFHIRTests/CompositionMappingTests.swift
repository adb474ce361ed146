import CoreDomain
@testable import DataFHIR
import Foundation
import Testing

/// Compositions (a discharge summary, a consultation) as servers send them: read as one note,
/// the title, then each section's title and narrative, nested sections after their parent's;
/// the narrative's scripts and escape sequences never kept.
@Suite struct CompositionMappingTests {
    private func composition(status: String = "final", sections: String) throws -> ClinicalNote? {
        let json = """
        {"resourceType": "Composition", "id": "c1", "status": "\(status)",
         "type": {"coding": [{"system": "http://loinc.org", "code": "18842-5", "display": "Discharge summary"}]},
         "subject": {"reference": "Patient/p1"}, "encounter": {"reference": "Encounter/e1"}, "date": "2025-01-22T16:05:00Z",
         "author": [{"reference": "Practitioner/dr1", "display": "Dr A Jones"}], "title": "Discharge summary",
         "section": \(sections)}
        """
        return try decodeOne(json).content.note
    }

    private static let summary = """
    [{"title": "Hospital course", "text": {"status": "generated",
       "div": "<div xmlns=\\"http://www.w3.org/1999/xhtml\\"><p>Admitted with sepsis.<script>alert(1)</script></p>\\u001b[2J<p>Improved on IV antibiotics.</p></div>"},
       "section": [{"title": "Antibiotics", "text": {"status": "generated", "div": "<div xmlns=\\"http://www.w3.org/1999/xhtml\\"><ul><li>Piperacillin</li></ul></div>"}}]},
      {"title": "Plan", "text": {"status": "generated", "div": "<div xmlns=\\"http://www.w3.org/1999/xhtml\\">GP review in 1 week &amp; bloods.</div>"}}]
    """

    @Test func aDischargeSummaryIsReadAsOneNoteWithItsSectionsInOrder() throws {
        let note = try #require(try composition(sections: Self.summary))
        #expect(note.content.text == """
            Discharge summary

            Hospital course

            Admitted with sepsis.

            Improved on IV antibiotics.

            Antibiotics

            - Piperacillin

            Plan

            GP review in 1 week & bloods.
            """)
        #expect(note.status == .current && note.encounterID == "e1" && note.authorID == "dr1" && note.authorName == "Dr A Jones")
        #expect(note.type?.displayName == "Discharge summary")
        #expect(note.date == (try utc(2025, 1, 22, 16, 5)))
    }

    @Test func oneEnteredInErrorSaysSo() throws {
        #expect(try composition(status: "entered-in-error", sections: Self.summary)?.status == .enteredInError)
    }

    /// Nothing to read, a status R4 does not have, or no patient: refused, as a DocumentReference
    /// without content is, and said in one problem.
    @Test func aCompositionThatSaysNothingOrNamesNoPatientIsRefused() throws {
        func json(status: String = "final", subject: String = #", "subject": {"reference": "Patient/p1"}"#, title: String = "Note",
                  sections: String = #"[{"title": "A"}]"#) -> String {
            #"{"resourceType": "Composition", "id": "c2", "status": "\#(status)", "title": "\#(title)", "section": \#(sections)\#(subject)}"#
        }
        #expect(try rejection(json(title: "", sections: #"[{"title": " "}]"#)).description.contains("section"))
        #expect(try rejection(json(status: "draft")).description.contains("status"))
        #expect(try rejection(json(subject: "")).description.contains("subject"))
    }

    /// Sections nested deep (a hostile document; the reader refuses JSON past 64 levels, 32
    /// sections) are read to a depth.
    @Test func deeplyNestedSectionsAreReadToADepth() throws {
        var nested = "{\"title\": \"deepest\"}"
        for level in (1...20).reversed() { nested = "{\"title\": \"level \(level)\", \"section\": [\(nested)]}" }
        let note = try #require(try composition(sections: "[\(nested)]"))
        #expect(note.content.text.contains("level \(CompositionMapping.deepestSection)"))
        #expect(!note.content.text.contains("level \(CompositionMapping.deepestSection + 1)"))
    }
}
