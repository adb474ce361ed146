import CoreDomain
@testable import DataLocal
import Foundation
import Testing

/// The chart's notes as the cache holds them: a DocumentReference's and a Composition's alike,
/// each in the patient's chart (the Composition stored under its own type, read as a note).
@Suite struct ImportedNotesTests {
    private let person = FHIRSamples.people[0]

    @Test func aCompositionIsOneOfTheChartsNotes() async throws {
        let cache = TemporaryCache()
        let store = try cache.unlock()
        let text = Data("Seen on the ward.".utf8).base64EncodedString()
        let document = #"{"resourceType":"DocumentReference","id":"n1","status":"current","subject":{"reference":"Patient/\#(person.id)"},"date":"2025-01-20T09:40:00Z","content":[{"attachment":{"contentType":"text/plain","data":"\#(text)"}}]}"#
        let composition = #"{"resourceType":"Composition","id":"n1","status":"final","type":{"text":"Discharge summary"},"subject":{"reference":"Patient/\#(person.id)"},"date":"2025-01-22T16:05:00Z","title":"Discharge summary","section":[{"title":"Plan","text":{"status":"generated","div":"<div xmlns=\"http://www.w3.org/1999/xhtml\">GP review</div>"}}]}"#
        try cache.importWhole([FHIRSamples.patient(person), document, composition], into: store, named: "notes.ndjson")
        let notes = try await CachedChartRepository(cache: store).notes(patientID: person.id)
        #expect(notes.map(\.content.text).sorted() == ["Discharge summary\n\nPlan\n\nGP review", "Seen on the ward."],
                "one id, two types: both kept")
    }
}
