import CoreDomain
import CoreUseCases
import Foundation
@testable import SharedPresentation
import Testing

/// A PRN dose's follow-up on the MAR, worked out from the clock: `follow-up due 10:30` until
/// `prn_followup_minutes` after the dose, then `follow-up late` in the abnormal style; once
/// its effect is recorded, what and when and by whom, and no follow-up mark.
@Suite struct MARFollowUpTests {
    static let givenAt = ISO8601DateFormatter().date(from: "2026-11-24T09:30:00Z")!
    static let dose = MedicationAdministration(id: "q", patientID: "p1", requestID: "p", status: .completed, effective: givenAt, performer: "nurse1")

    static func prnLine(at now: Date, effects: [Observation] = []) -> (text: String, spans: [Span]) {
        var list = MARViewTests.list([dose])
        list.record?.asNeededEffects = PRNFollowUpRule.effects(effects)
        let context = ViewContext(now: now, timeZone: Charted.utc, unicode: true) { _ in "" }
        let lines = MedicationsView.lines(list, isMARShown: true, width: 200, context: context)
        let line = lines.first { $0.plainText.contains("Paracetamol") } ?? StyledLine("")
        return (line.plainText, line.spans)
    }

    @Test func dueUntilItsTimeThenLateAtTheBoundary() throws {
        let due = Self.prnLine(at: Self.givenAt.addingTimeInterval(59 * 60 + 59))
        #expect(due.text.contains("last 09:30 by nurse1 · follow-up due 10:30"), "\(due.text)")
        #expect(due.spans.first { $0.text.contains("follow-up") }?.role == .normal, "neutral while due")
        let late = Self.prnLine(at: Self.givenAt.addingTimeInterval(60 * 60))
        #expect(late.text.contains("follow-up late"), "\(late.text)")
        #expect(!late.text.contains("follow-up due"))
        #expect(late.spans.first { $0.text.contains("follow-up late") }?.role == .abnormal, "abnormal once late, in words too")
    }

    @Test func theWardsFollowUpMinutesSetWhenItIsDue() throws {
        var list = MARViewTests.list([Self.dose])
        list.record?.prnFollowUp = 30 * 60
        let context = ViewContext(now: Self.givenAt.addingTimeInterval(10 * 60), timeZone: Charted.utc, unicode: true) { _ in "" }
        let text = MedicationsView.lines(list, isMARShown: true, width: 200, context: context).map(\.plainText)
        #expect(text.contains { $0.contains("follow-up due 10:00") }, "\(text)")
    }

    @Test func aRecordedEffectReplacesTheFollowUp() {
        let effect = Observation(
            id: "o1", patientID: "p1", code: CodedConcept(codings: [Coding(system: PRNEffectCode.system, code: PRNEffectCode.code)]),
            effective: ISO8601DateFormatter().date(from: "2026-11-24T10:40:00Z")!,
            value: .concept(CodedConcept(codings: [Coding(system: PRNEffectCode.answerSystem, code: "effective")])), performer: "nurse1")
        var linked = effect
        linked.partOfIDs = ["q"]
        let shown = Self.prnLine(at: Self.givenAt.addingTimeInterval(3 * 3600), effects: [linked])
        #expect(shown.text.contains("effect: effective 10:40 by nurse1"), "\(shown.text)")
        #expect(!shown.text.contains("follow-up"))
        let unlinked = Self.prnLine(at: Self.givenAt.addingTimeInterval(3 * 3600), effects: [effect])
        #expect(unlinked.text.contains("follow-up late"), "an effect of another dose is not this one's")
        var inError = linked
        inError.status = .enteredInError
        #expect(Self.prnLine(at: Self.givenAt.addingTimeInterval(3 * 3600), effects: [inError]).text.contains("follow-up late"))
    }
}
