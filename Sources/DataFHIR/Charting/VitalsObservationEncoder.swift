import CoreDomain
import Foundation

/// `VitalsEntry` -> FHIR R4 Observations that conform to the vital-signs profile: one per
/// value, blood pressure as the 85354-9 panel with its systolic and diastolic components.
/// Each has `status` final, category `vital-signs`, a LOINC code with its display, a UCUM
/// `valueQuantity`, `effectiveDateTime` with this machine's UTC offset, the patient, the
/// stay when admitted, the nurse as `performer`, and an `identifier` holding its own id as a
/// URN, so the server's copy names the workstation's record even if it is ever re-keyed.
///
/// SpO2 carries both 2708-6 (which the R4 oxygensat profile requires) and 59408-5 (pulse
/// oximetry). Supplemental oxygen adds, for what was entered, the device as the 107117-4
/// "Method of oxygen delivery" component (`valueString`, `OxygenDevice.code`: not `device`,
/// which the profile keeps for the oximeter), the 3151-8 inhaled-flow component in L/min and
/// the 3150-0 inhaled oxygen concentration (FiO2) in %; how the patient was breathing is also
/// said in a fixed `note` ("Room air" / "Supplemental oxygen"). Room air is not sent as a 0 L/min flow component: that
/// would be a measurement nobody took. The pain score claims only the base profile: the
/// vital-signs profile restricts units to a set without `{score}`.
public struct VitalsObservationEncoder: Sendable {
    static let vitalSignsProfile = "http://hl7.org/fhir/StructureDefinition/vitalsigns"
    static let categorySystem = ObservationMapping.categorySystem

    /// Who charted, as `performer.display` (see `performerDisplay`).
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

    /// The acting user as the server sees them: the OS account, and the SMART client the
    /// workstation talks to the server as, when there is one.
    public static func performerDisplay(user: String, clientID: String?) -> String {
        clientID.map { "\(user) via \($0)" } ?? user
    }

    /// One Observation per value of `entry`, in a fixed order (HR, BP, T, RR, SpO2, weight,
    /// pain), then its NEWS2 score when it has one (`scoreObservation`); `newID` names each one.
    public func observations(for entry: VitalsEntry, newID: () -> String = ChartedResource.newID) -> [ChartedResource] {
        let readings = VitalsReadings.readings(of: entry).map { reading in
            let id = newID()
            return ChartedResource(type: "Observation", id: id, patientID: entry.patientID, json: JSONWriter.data(resource(reading, id: id, entry: entry)))
        }
        guard let score = entry.news2, !readings.isEmpty else { return readings }
        let id = newID()
        let json = scoreObservation(score, id: id, entry: entry, derivedFrom: readings.map(\.id))
        return readings + [ChartedResource(type: "Observation", id: id, patientID: entry.patientID, json: JSONWriter.data(json))]
    }

    private func resource(_ reading: VitalsReading, id: String, entry: VitalsEntry) -> JSONValue {
        var profiles = reading.claimsVitalSigns ? [Self.vitalSignsProfile] : []
        if let specific = reading.profile { profiles.append(specific) }
        var members: [(String, JSONValue)] = [("resourceType", .string("Observation")), ("id", .string(id))]
        if !profiles.isEmpty { members.append(("meta", .fields([("profile", .array(profiles.map(JSONValue.string)))]))) }
        members += record(
            id: id, category: .coding(system: Self.categorySystem, code: "vital-signs", display: "Vital Signs"),
            code: .concept(reading.codes.map(LOINC.coding) + reading.extraCodings),
            patientID: entry.patientID, encounterID: entry.encounterID, effective: entry.effective)
        if let value = reading.value { members.append(("valueQuantity", value.json)) }
        if let concept = reading.concept { members.append(("valueCodeableConcept", concept)) }
        if !reading.components.isEmpty {
            members.append(("component", .array(reading.components.map { component in
                .fields([("code", .concept([LOINC.coding(component.code)])), component.valueMember])
            })))
        }
        if let note = reading.note { members.append(("note", .array([.fields([("text", .string(note))])]))) }
        return .fields(members)
    }

    /// What every Observation charted here says of itself, in this order: its identifier,
    /// status final, category, code, the patient, the stay when admitted, when, and who charted.
    func record(
        id: String, category: JSONValue, code: JSONValue, patientID: String, encounterID: String?, effective: Date
    ) -> [(String, JSONValue)] {
        var members: [(String, JSONValue)] = [
            ("identifier", ChartedElements.identifier(id)),
            ("status", .string("final")),
            ("category", .array([.concept([category])])),
            ("code", code),
            ("subject", .fields([("reference", .string("Patient/\(patientID)"))])),
        ]
        if let encounterID {
            members.append(("encounter", .fields([("reference", .string("Encounter/\(encounterID)"))])))
        }
        members += [
            ("effectiveDateTime", .string(ChartedElements.dateTime(effective, in: timeZone))),
            ("performer", .array([ChartedElements.performer(performer, reference: performerReference)])),
        ]
        return members
    }
}
