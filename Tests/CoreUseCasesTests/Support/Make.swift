import CoreDomain
import Foundation

/// Short constructors for test records, so each test shows only what it is about.
enum Make {
    /// A fixed instant (2025-06-27 10:00:00 UTC) that tests count from.
    static let t0 = Date(timeIntervalSince1970: 1_751_018_400)

    static func hours(_ n: Double) -> TimeInterval { n * 3600 }

    static func loinc(_ code: String) -> CodedConcept {
        CodedConcept(codings: [Coding(system: CodeSystem.loinc, code: code)])
    }

    static func snomed(_ code: String, _ display: String) -> CodedConcept {
        CodedConcept(codings: [Coding(system: CodeSystem.snomed, code: code, display: display)])
    }

    static func interpretation(_ code: String) -> [Coding] {
        [Coding(system: "http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation", code: code)]
    }

    static func patient(
        _ id: String, family: String? = nil, given: [String] = [], mrn: String? = nil, born: String? = nil
    ) -> Patient {
        Patient(id: id, mrn: mrn, name: PersonName(family: family, given: given), birthDate: born.flatMap(PartialDate.init(iso:)))
    }

    static func entry(_ patient: Patient, ward: String? = nil, bed: String? = nil) -> PatientListEntry {
        PatientListEntry(patient: patient, location: ward == nil && bed == nil ? nil : BedLocation(ward: ward, bed: bed))
    }

    static func vital(
        _ sign: VitalSign, _ value: Decimal, id: String = "o1", patient: String = "p1", at: Date? = t0,
        status: Observation.Status = .final, interpretation: [Coding] = [], ranges: [ReferenceRange] = []
    ) -> Observation {
        Observation(
            id: id, patientID: patient, code: loinc(sign.loinc), category: .vitalSigns, status: status, effective: at,
            value: .quantity(Quantity(value: value, unit: sign.ucum, ucumCode: sign.ucum)), referenceRanges: ranges,
            interpretation: interpretation)
    }

    static func bloodPressure(
        _ systolic: Decimal?, _ diastolic: Decimal?, id: String = "bp1", patient: String = "p1", at: Date? = t0,
        systolicInterpretation: [Coding] = [], panelInterpretation: [Coding] = []
    ) -> Observation {
        var components: [Observation.Component] = []
        if let systolic {
            components.append(.init(code: loinc(VitalSign.systolic.loinc), value: .quantity(mmHg(systolic)), interpretation: systolicInterpretation))
        }
        if let diastolic {
            components.append(.init(code: loinc(VitalSign.diastolic.loinc), value: .quantity(mmHg(diastolic))))
        }
        return Observation(
            id: id, patientID: patient, code: loinc(VitalSign.bloodPressure.loinc), category: .vitalSigns, effective: at,
            components: components, interpretation: panelInterpretation)
    }

    static func mmHg(_ value: Decimal) -> Quantity { Quantity(value: value, unit: "mmHg", ucumCode: "mm[Hg]") }

    static func allergy(
        _ id: String, substance: CodedConcept = CodedConcept(text: "Penicillin"), criticality: AllergyIntolerance.Criticality? = nil,
        clinical: AllergyIntolerance.ClinicalStatus? = .active, verification: AllergyIntolerance.VerificationStatus? = .confirmed,
        reactionSeverity: AllergyIntolerance.Severity? = nil
    ) -> AllergyIntolerance {
        AllergyIntolerance(
            id: id, patientID: "p1", substance: substance, criticality: criticality, clinicalStatus: clinical,
            verificationStatus: verification,
            reactions: reactionSeverity.map { [.init(manifestations: [CodedConcept(text: "Rash")], severity: $0)] } ?? [])
    }

    static let noKnownAllergy = snomed("716186003", "No known allergy")

    static func encounter(
        _ id: String, start: Date?, end: Date? = nil, kind: Encounter.Class = .inpatient, status: Encounter.Status = .finished,
        locations: [String] = [], practitioner: String? = nil
    ) -> Encounter {
        Encounter(
            id: id, patientID: "p1", encounterClass: kind, status: status, period: Period(start: start, end: end),
            locationIDs: locations, practitionerID: practitioner)
    }

    static func medication(
        _ id: String, _ name: String, status: MedicationRequest.Status, authored: Date? = nil
    ) -> MedicationRequest {
        MedicationRequest(id: id, patientID: "p1", medication: CodedConcept(text: name), status: status, authoredOn: authored)
    }

    /// Ward 4W with room 12 holding bed 12A.
    static let ward4W: [Location] = [
        Location(id: "w", name: "4W", kind: .ward),
        Location(id: "r", name: "Room 12", kind: .room, partOfID: "w"),
        Location(id: "b", name: "Bed 12A", kind: .bed, partOfID: "r"),
    ]
}
