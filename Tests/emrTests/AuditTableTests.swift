import CoreDomain
@testable import DataLocal
@testable import emr
import Foundation
import Testing

/// `emr audit show`: once someone logged in at the server with this cache, each entry names the
/// clinician of record (their Practitioner) beside the OS account; before, the table is as it was.
@Suite struct AuditTableTests {
    private func entry(_ sequence: Int, fhirUser: String?) -> AuditEntry {
        let actor = AuditActor(user: "nurse1", source: "/dev/pts/1", fhirUser: fhirUser)
        return AuditEntry(sequence: sequence, event: AuditEvent(
            time: Date(timeIntervalSince1970: 0), actor: actor, action: .unlock, outcome: .success))
    }

    @Test func aLoggedInClinicianIsTheLastColumn() {
        let lines = AuditTable(entries: [entry(1, fhirUser: nil), entry(2, fhirUser: "Practitioner/prac-1")]).lines
        #expect(lines[0].hasSuffix("OUTCOME  PRACTITIONER"))
        #expect(lines[1].split(separator: " ").last == "-")
        #expect(lines[2].split(separator: " ").last == "Practitioner/prac-1")
    }

    @Test func withoutALoginTheTableEndsWithTheOutcome() {
        let lines = AuditTable(entries: [entry(1, fhirUser: nil)]).lines
        #expect(lines[0].hasSuffix("OUTCOME"))
        #expect(lines[1].split(separator: " ").last == "success")
    }
}
