import CoreDomain
import Foundation

/// `DoseRecord` -> a FHIR R4 MedicationAdministration, the record the MAR reads back
/// (`MedicationAdministrationMapping`): `status` completed, not-done or on-hold; the order's
/// medication as `medicationCodeableConcept`; `subject`; `context` = the stay when admitted;
/// `effectiveDateTime` with the ward's offset; `performer.actor` naming the nurse as vital
/// signs do; `request` = the MedicationRequest; `statusReason` for a dose not given or held;
/// `dosage.dose` and `dosage.route` as given; what the nurse answered on the way (late,
/// allergy override, second dose) as `note`; and its own id as an `identifier` URN. An
/// infusion's action is `in-progress` (started, rate changed, resumed), `on-hold` (paused) or
/// `completed` (stopped), with the rate it runs at as `dosage.rateQuantity` (or `rateRatio`).
/// Which scheduled dose a record is for (the 09:00 one, given late) is the extension
/// `scheduledTimeURL` with a `valueDateTime`: R4 has no element for it, and the MAR must not
/// guess it back from the time given.
public struct MedicationAdministrationEncoder: Sendable {
    /// The extension naming the scheduled dose a record is for, in the `urn:emr:` style of
    /// `PRNEffectCode`: no published extension says it.
    public static let scheduledTimeURL = "urn:emr:emar:scheduled-time"

    /// Who recorded, as `performer.actor.display` (see `VitalsObservationEncoder.performerDisplay`).
    public var performer: String
    /// The logged-in clinician's Practitioner (`fhirUser`), as `reference` beside the display;
    /// nil without a user login.
    public var performerReference: String?
    /// The zone `effectiveDateTime` is written in: the ward's local time, with its offset.
    public var timeZone: TimeZone

    public init(performer: String, performerReference: String? = nil, timeZone: TimeZone = .current) {
        self.performer = performer
        self.performerReference = performerReference
        self.timeZone = timeZone
    }

    public func administration(for dose: DoseRecord, id: String = ChartedResource.newID()) -> ChartedResource {
        ChartedResource(type: "MedicationAdministration", id: id, patientID: dose.patientID, json: JSONWriter.data(resource(dose, id: id)))
    }

    private func resource(_ dose: DoseRecord, id: String) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("resourceType", .string("MedicationAdministration")), ("id", .string(id)),
        ]
        if let scheduled = dose.scheduledTime {
            members.append(("extension", .array([.fields([
                ("url", .string(Self.scheduledTimeURL)), ("valueDateTime", .string(ChartedElements.dateTime(scheduled, in: timeZone))),
            ])])))
        }
        members += [("identifier", ChartedElements.identifier(id)), ("status", .string(kebabCase(dose.status.rawValue)))]
        if let reason = dose.reason { members.append(("statusReason", .array([.fields([("text", .string(reason))])]))) }
        members += [
            ("medicationCodeableConcept", Self.concept(dose.medication)),
            ("subject", .fields([("reference", .string("Patient/\(dose.patientID)"))])),
        ]
        if let encounterID = dose.encounterID {
            members.append(("context", .fields([("reference", .string("Encounter/\(encounterID)"))])))
        }
        members += [
            ("effectiveDateTime", .string(ChartedElements.dateTime(dose.effective, in: timeZone))),
            ("performer", .array([.fields([("actor", ChartedElements.performer(performer, reference: performerReference))])])),
            ("request", .fields([("reference", .string("MedicationRequest/\(dose.requestID)"))])),
        ]
        if let indication = dose.indication { members.append(("reasonCode", .array([.fields([("text", .string(indication))])]))) }
        if !dose.notes.isEmpty { members.append(("note", .array(dose.notes.map { .fields([("text", .string($0))]) }))) }
        var dosage: [(String, JSONValue)] = []
        if let route = dose.route { dosage.append(("route", Self.concept(route))) }
        if let amount = dose.dose { dosage.append(("dose", Self.quantity(amount))) }
        if let rate = dose.rate { dosage.append(Self.rate(rate)) }
        if !dosage.isEmpty { members.append(("dosage", .fields(dosage))) }
        return .fields(members)
    }

    /// A CodeableConcept as the order coded it: its codings (only the parts it has) and text.
    static func concept(_ concept: CodedConcept) -> JSONValue {
        var members: [(String, JSONValue)] = []
        let codings: [JSONValue] = concept.codings.compactMap { coding in
            let parts = [("system", coding.system), ("code", coding.code), ("display", coding.display)]
                .compactMap { key, value in value.map { (key, JSONValue.string($0)) } }
            return parts.isEmpty ? nil : .fields(parts)
        }
        if !codings.isEmpty { members.append(("coding", .array(codings))) }
        if let text = concept.text, !text.isEmpty { members.append(("text", .string(text))) }
        if members.isEmpty { members.append(("text", .string(concept.displayName))) }
        return .fields(members)
    }

    /// `rate[x]`: one quantity (`18 units/kg/h`), or a ratio of an amount over a time.
    static func rate(_ rate: MedicationRequest.Rate) -> (String, JSONValue) {
        guard let per = rate.per else { return ("rateQuantity", quantity(rate.amount)) }
        return ("rateRatio", .fields([("numerator", quantity(rate.amount)), ("denominator", quantity(per))]))
    }

    /// A SimpleQuantity (no comparator): the value, its unit, and UCUM when the order had it.
    static func quantity(_ quantity: Quantity) -> JSONValue {
        var members: [(String, JSONValue)] = [("value", .number(quantity.value.description))]
        if let unit = quantity.unit { members.append(("unit", .string(unit))) }
        if let code = quantity.ucumCode { members += [("system", .string(CodeSystem.ucum)), ("code", .string(code))] }
        return .fields(members)
    }
}
