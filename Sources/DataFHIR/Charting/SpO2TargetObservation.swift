import CoreDomain
import Foundation

/// A prescribed SpO2 target set or cleared here, as the Observation it is kept and sent as
/// (see `SpO2TargetEntry`): category `therapy` (oxygen therapy; never `vital-signs`, so it is
/// not taken for a reading), code `SpO2TargetCode` with the text "SpO2 target range". Set:
/// `valueRange` 88-92 % (UCUM). Cleared: no value, `dataAbsentReason` not-applicable. A
/// `note` says what it means for NEWS2 in words, for any system that does not know the code.
extension VitalsObservationEncoder {
    static let dataAbsentReasonSystem = "http://terminology.hl7.org/CodeSystem/data-absent-reason"

    public func observation(for target: SpO2TargetEntry, newID: () -> String = ChartedResource.newID) -> ChartedResource {
        let id = newID()
        var members: [(String, JSONValue)] = [("resourceType", .string("Observation")), ("id", .string(id))]
        members += record(
            id: id, category: .coding(system: Self.categorySystem, code: "therapy", display: "Therapy"),
            code: .fields([
                ("coding", .array([.coding(system: SpO2TargetCode.system, code: SpO2TargetCode.code, display: SpO2TargetCode.display)])),
                ("text", .string(SpO2TargetCode.display)),
            ]),
            patientID: target.patientID, encounterID: target.encounterID, effective: target.effective)
        if target.isSet {
            let percent = { (value: Decimal) in UCUMQuantity(value: value, code: "%", unit: "%").json }
            members.append(("valueRange", .fields([("low", percent(SpO2TargetEntry.low)), ("high", percent(SpO2TargetEntry.high))])))
        } else {
            members.append(("dataAbsentReason", .fields([
                ("coding", .array([.coding(system: Self.dataAbsentReasonSystem, code: "not-applicable", display: "Not Applicable")])),
                ("text", .string("no SpO2 target prescribed")),
            ])))
        }
        let note = target.isSet ? "\(SpO2TargetEntry.text): NEWS2 scores SpO2 on Scale 2" : "\(SpO2TargetEntry.text) cleared: NEWS2 scores SpO2 on Scale 1"
        members.append(("note", .array([.fields([("text", .string(note))])])))
        return ChartedResource(type: "Observation", id: id, patientID: target.patientID, json: JSONWriter.data(.fields(members)))
    }
}
