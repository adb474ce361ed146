import CoreDomain
import Foundation

/// The notes outbox in memory: each note written, and each note marked entered in error, kept
/// with what its write was audited as.
actor MemoryNotes: NoteCharting {
    enum Write: Equatable {
        case note(NursingNoteEntry)
        case enteredInError(noteID: String, patientID: String, reason: String)
    }

    private(set) var written: [(Write, [AuditAction])] = []

    func record(_ note: NursingNoteEntry) async throws -> String { keep(.note(note), audited: []) }

    func markEnteredInError(noteID: String, patientID: String, reason: String) async throws {
        keep(.enteredInError(noteID: noteID, patientID: patientID, reason: reason), audited: [])
    }

    @discardableResult
    fileprivate func keep(_ write: Write, audited: [AuditAction]) -> String {
        written.append((write, audited))
        return "d\(written.count)"
    }

    nonisolated func auditing(_ actions: [AuditAction]) -> any NoteCharting { Audited(notes: self, actions: actions) }

    /// The outbox as `auditing` hands it out: each write kept with `actions`.
    private struct Audited: NoteCharting {
        let notes: MemoryNotes
        let actions: [AuditAction]
        func record(_ note: NursingNoteEntry) async throws -> String { await notes.keep(.note(note), audited: actions) }
        func markEnteredInError(noteID: String, patientID: String, reason: String) async throws {
            await notes.keep(.enteredInError(noteID: noteID, patientID: patientID, reason: reason), audited: actions)
        }
        func auditing(_ actions: [AuditAction]) -> any NoteCharting { Audited(notes: notes, actions: actions) }
    }
}
