import CoreDomain
import Foundation

/// A PRN dose's effect as the Observation it is kept and sent as (see `PRNEffectEntry`):
/// status final, category `therapy`, code `PRNEffectCode` with the text "PRN medication
/// effectiveness", `partOf` the dose's MedicationAdministration, `valueCodeableConcept` the
/// answer (`PRNEffectCode.answerSystem`, its words as text), the nurse as `performer`, when it
/// was assessed as `effectiveDateTime`, the nurse's words as `note`.
extension VitalsObservationEncoder {
    public func observation(for entry: PRNEffectEntry, newID: () -> String = ChartedResource.newID) -> ChartedResource {
        let id = newID()
        var members: [(String, JSONValue)] = [("resourceType", .string("Observation")), ("id", .string(id))]
        members += record(
            id: id, category: .coding(system: Self.categorySystem, code: "therapy", display: "Therapy"),
            code: .fields([
                ("coding", .array([.coding(system: PRNEffectCode.system, code: PRNEffectCode.code, display: PRNEffectCode.display)])),
                ("text", .string(PRNEffectCode.display)),
            ]),
            patientID: entry.patientID, encounterID: nil, effective: entry.effective)
        members.insert(("partOf", .array([.fields([("reference", .string("MedicationAdministration/\(entry.administrationID)"))])])), at: 3)
        members.append(("valueCodeableConcept", .fields([
            ("coding", .array([.coding(system: PRNEffectCode.answerSystem, code: entry.effect.rawValue, display: entry.effect.text)])),
            ("text", .string(entry.effect.text)),
        ])))
        if let note = entry.note { members.append(("note", .array([.fields([("text", .string(note))])]))) }
        return ChartedResource(type: "Observation", id: id, patientID: entry.patientID, json: JSONWriter.data(.fields(members)))
    }
}
