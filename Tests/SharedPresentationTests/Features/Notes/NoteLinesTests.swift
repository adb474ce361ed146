import CoreDomain
import CoreUseCases
import Foundation
@testable import SharedPresentation
import Testing

/// A note as it is read: heading, text whole with its paragraphs, and what it says when cut
/// or unreadable here.
@Suite struct NoteLinesTests {
    static let context = ViewContext(now: Census.now, timeZone: Charted.utc, unicode: true) { _ in "" }

    private func lines(_ content: NoteContent, width: Int = 40) -> [String] {
        let note = ClinicalNote(id: "d1", patientID: "p1", type: CodedConcept(text: "Nurse note"), date: Census.now, content: content)
        let author = Practitioner(id: "n1", name: PersonName(family: "Reyes", given: ["Morgan"]))
        return NoteLines.lines(NoteItem(note: note, author: author), width: width, context: Self.context).map(\.plainText)
    }

    @Test func theTextIsWrappedWholeWithItsParagraphsAndBlankLines() {
        let shown = lines(NoteContent(text: "Settled overnight, pain controlled with regular paracetamol.\n\nPlan: mobilise.\n"))
        #expect(shown.first?.hasPrefix("Nurse note · ") == true && shown.first?.hasSuffix("Reyes, Morgan") == true, "\(shown)")
        #expect(Array(shown.dropFirst()) == ["Settled overnight, pain controlled with", "regular paracetamol.", "", "Plan: mobilise."])
        #expect(shown.allSatisfy { DisplayWidth.cells($0) <= 40 })
    }

    @Test func aCutNoteSaysWhereAndOfWhatSize() {
        let shown = lines(NoteContent(text: "Start", cutFromBytes: 87_524), width: 80)
        #expect(shown.last == "note cut at 64 KiB of 85 KiB: the rest is in the source record")
    }

    @Test func aNoteWithoutReadableTextSaysWhy() {
        let shown = lines(NoteContent(unreadType: "application/pdf", url: "Binary/b1"), width: 80)
        #expect(shown.dropFirst() == ["text not shown here: application/pdf, held at Binary/b1"])
    }

    /// A note written here says `pending` beside its heading until the server has it, and names
    /// its nurse by the name it carries when no Practitioner is known for them.
    @Test func aNoteWrittenHereIsMarkedPendingUntilSent() {
        var note = ClinicalNote(id: "d2", patientID: "p1", type: CodedConcept(text: "Nurse note"), date: Census.now, authorName: "nurse1",
                                content: NoteContent(text: "Settled."))
        note.delivery = .pending
        let pending = NoteLines.lines(NoteItem(note: note), width: 80, context: Self.context).map(\.plainText)
        #expect(pending.first?.hasSuffix("· nurse1 · pending") == true, "\(pending)")
        note.delivery = .settled
        let sent = NoteLines.lines(NoteItem(note: note), width: 80, context: Self.context).map(\.plainText)
        #expect(sent.first?.hasSuffix("· nurse1") == true, "\(sent)")
    }

    /// A note entered in error stays where it was, marked so in its heading, its text dimmed.
    @Test func aNoteEnteredInErrorIsMarkedNotHidden() {
        let note = ClinicalNote(id: "d3", patientID: "p1", status: .enteredInError, type: CodedConcept(text: "Nurse note"), date: Census.now,
                                authorName: "nurse1", content: NoteContent(text: "Settled."))
        let lines = NoteLines.lines(NoteItem(note: note), width: 80, context: Self.context)
        #expect(lines.first?.plainText.hasSuffix("· nurse1 · ENTERED IN ERROR") == true, "\(lines.map(\.plainText))")
        #expect(lines.last?.plainText == "Settled." && lines.last?.spans.allSatisfy { $0.role == .dim } == true)
    }
}
