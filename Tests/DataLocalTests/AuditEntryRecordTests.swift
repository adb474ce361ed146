import Foundation
import Testing
@testable import DataLocal

/// An audit entry's stored bytes are read strictly: an action code that names no action, or
/// bytes after the last field, are a damaged entry, never a guess.
@Suite struct AuditEntryRecordTests {
    /// `bareAuditEntry`'s golden bytes: entry 1, "lock" by "u", failed.
    private static let lock = "0280808081c4c2e0e2410175000173046c6f636b0000076661696c757265"

    private func read(_ hex: String) throws(BinaryRecordError) -> AuditEntry {
        let bytes = stride(from: 0, to: hex.count, by: 2).map { offset in
            let start = hex.index(hex.startIndex, offsetBy: offset)
            return UInt8(hex[start..<hex.index(start, offsetBy: 2)], radix: 16) ?? 0
        }
        var reader = ByteReader(Data(bytes))
        return try AuditEntry(from: &reader)
    }

    @Test func theGoldenEntryReads() throws {
        #expect(try read(Self.lock).event.action == .lock)
    }

    /// Entries written before logins named the clinician end before `fhirUser`: they read
    /// as entries with none, so a trail from before the change still opens and verifies.
    @Test func anEntryFromBeforeTheUserOfRecordReadsWithNone() throws {
        #expect(try read(Self.lock).event.actor.fhirUser == nil)
        let named = Self.lock + "01" + "0e" + "50726163746974696f6e65722f70"
        #expect(try read(named).event.actor.fhirUser == "Practitioner/p")
    }

    @Test func anActionCodeNamingNothingIsAnError() {
        let unknown = Self.lock.replacingOccurrences(of: "046c6f636b", with: "046c6f6b6b")
        #expect(throws: BinaryRecordError(what: "audit action")) { try read(unknown) }
    }

    @Test func bytesAfterTheLastFieldAreAnError() {
        #expect(throws: BinaryRecordError(what: "audit entry")) { try read(Self.lock + "0000") }
    }
}
