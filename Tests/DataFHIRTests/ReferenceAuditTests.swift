import CoreDomain
import DataFHIR
import Foundation
import Testing

@Suite struct ReferenceAuditTests {
    static let resources = [
        #"{"resourceType":"Patient","id":"p1"}"#,
        #"{"resourceType":"Location","id":"ward","name":"Ward 4"}"#,
        #"{"resourceType":"Location","id":"bed","name":"Bed 1","partOf":{"reference":"Location/ward"}}"#,
        #"{"resourceType":"Encounter","id":"e1","status":"finished","class":{"code":"AMB"},"subject":{"reference":"Patient/p1"},"location":[{"location":{"reference":"Location/bed"}}],"participant":[{"individual":{"reference":"Practitioner/dr9"}}]}"#,
        #"{"resourceType":"Observation","id":"o1","status":"final","code":{"text":"x"},"subject":{"reference":"Patient/nobody"},"encounter":{"reference":"Encounter/e1"}}"#,
    ].joined(separator: "\n")

    @Test func reportsOnlyReferencesWithoutATarget() throws {
        var audit = ReferenceAudit()
        for resource in readSource(Self.resources).resources { audit.add(resource) }
        let problems = audit.unresolvedReferences()
        #expect(problems.map(\.description) == [
            "Encounter/e1.participant: unresolved reference Practitioner/dr9",
            "Observation/o1.subject: unresolved reference Patient/nobody",
        ])
        #expect(problems.allSatisfy { $0.kind == .unresolvedReference && $0.severity == .warning })
    }

    @Test func resourcesKnownFromElsewhereCount() throws {
        var audit = ReferenceAudit()
        for resource in readSource(Self.resources).resources { audit.add(resource) }
        audit.addKnown(resourceType: "Practitioner", id: "dr9")
        audit.addKnown(resourceType: "Patient", id: "nobody")
        #expect(audit.unresolvedReferences().isEmpty)
    }
}
