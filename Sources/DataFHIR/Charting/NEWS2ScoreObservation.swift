import CoreDomain
import Foundation

/// A round's NEWS2 as the Observation sent beside it: category `survey`, SNOMED CT
/// 1104051000000101 "Royal College of Physicians NEWS2 (National Early Warning Score 2) total
/// score", `valueInteger` the total, `derivedFrom` the round's Observations, the band and its
/// response in `interpretation` (text) and how it was scored, parameter by parameter, in `note`.
/// Its code is no vital sign's, so no reader takes it for a reading.
extension VitalsObservationEncoder {
    static let news2TotalScoreDisplay = "Royal College of Physicians NEWS2 (National Early Warning Score 2) total score"

    func scoreObservation(_ score: VitalsEntry.Score, id: String, entry: VitalsEntry, derivedFrom: [String]) -> JSONValue {
        var members: [(String, JSONValue)] = [("resourceType", .string("Observation")), ("id", .string(id))]
        members += record(
            id: id, category: .coding(system: Self.categorySystem, code: "survey", display: "Survey"),
            code: .concept([.coding(system: CodeSystem.snomed, code: EarlyWarning.scoreCode, display: Self.news2TotalScoreDisplay)]),
            patientID: entry.patientID, encounterID: entry.encounterID, effective: entry.effective)
        members += [
            ("valueInteger", .number("\(score.total)")),
            ("interpretation", .array([.fields([("text", .string(score.interpretation))])])),
            ("note", .array([.fields([("text", .string(score.method))])])),
            ("derivedFrom", .array(derivedFrom.map { .fields([("reference", .string("Observation/\($0)"))]) })),
        ]
        return .fields(members)
    }
}
