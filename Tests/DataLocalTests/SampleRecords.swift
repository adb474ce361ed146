import CoreDomain
import Foundation

/// Domain values with every field filled in, so a round trip that drops a field shows up.
enum SampleRecords {
    static let when = Date(timeIntervalSince1970: 1_700_000_000.25)
    static func loinc(_ code: String, _ display: String) -> CodedConcept {
        CodedConcept(codings: [Coding(system: CodeSystem.loinc, code: code, display: display)], text: display)
    }

    static func patient(_ id: String = "p1", family: String = "Okafor", given: String = "Adaeze", mrn: String = "MRN-0042") -> Patient {
        Patient(id: id, mrn: mrn, name: PersonName(family: family, given: [given, "Ngozi"], prefix: ["Dr"], suffix: ["PhD"], text: "\(given) \(family)"),
                birthDate: PartialDate(year: 1954, month: 4, day: 12), gender: .female, isDeceased: true, deceasedAt: when)
    }

    static func observation(_ id: String = "o1", patientID: String = "p1", at date: Date = when) -> Observation {
        Observation(
            id: id, patientID: patientID, encounterID: "e1", code: loinc("85354-9", "Blood pressure"),
            category: .vitalSigns, status: .amended, effective: date,
            value: .quantity(Quantity(value: Decimal(string: "0.5")!, unit: "mg", ucumCode: "mg", comparator: "<")),
            components: [Observation.Component(
                code: loinc("8480-6", "Systolic"), value: .integer(-142),
                referenceRanges: [ReferenceRange(low: Quantity(value: 90, unit: "mmHg"), high: Quantity(value: 140), text: "normal")],
                interpretation: [Coding(system: "http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation", code: "H")])],
            referenceRanges: [ReferenceRange(text: "see components")],
            interpretation: [Coding(code: "A", display: "Abnormal")], performer: "nurse1 via emr-ward",
            dataAbsentReason: CodedConcept(text: "specimen haemolysed"), notes: ["repeat sample", "called to ward"], memberIDs: ["m1", "m2"])
    }

    /// A record as schema 4 wrote it: no reason, notes or members, each stored empty (one byte apiece).
    static func observationBeforeNotes(_ id: String = "o1") -> Observation {
        var old = observation(id)
        old.dataAbsentReason = nil
        old.notes = []
        old.memberIDs = []
        return old
    }

    static let report = DiagnosticReport(
        id: "r1", patientID: "p1", code: loinc("51990-0", "Basic metabolic panel"), status: .corrected, effective: when,
        resultIDs: ["k1", "na1"], conclusion: "Hyperkalaemia")

    static let values: [Observation.Value] = [
        .quantity(Quantity(value: Decimal(string: "37.25")!, unit: "°C", ucumCode: "Cel")),
        .concept(CodedConcept(codings: [Coding(system: CodeSystem.snomed, code: "260385009")], text: "Negative")),
        .string("trace ✓"), .boolean(true), .boolean(false), .integer(Int.min), .integer(Int.max),
    ]

    static let encounter = Encounter(
        id: "e1", patientID: "p1", encounterClass: .inpatient, status: .inProgress,
        period: Period(start: when, end: when.addingTimeInterval(3_600)), locationIDs: ["bed-12", "ward-4W"],
        type: CodedConcept(text: "Admission"), reason: CodedConcept(text: "Pneumonia"), practitionerID: "dr-1")

    static let medication = MedicationRequest(
        id: "m1", patientID: "p1", medication: CodedConcept(codings: [Coding(system: CodeSystem.rxnorm, code: "197361")], text: "amLODIPine 5 mg"),
        dose: Quantity(value: Decimal(string: "0.125")!, unit: "mg"), route: CodedConcept(text: "oral"),
        frequencyText: "1 tablet twice daily", timing: MedicationRequest.Timing(frequency: 2, period: 1, periodUnit: "d", code: "BID"),
        asNeeded: true, status: .onHold, intent: .originalOrder, authoredOn: when, prescriberID: "dr-1", reason: CodedConcept(text: "HTN"),
        rate: MedicationRequest.Rate(amount: Quantity(value: 10, unit: "mg", ucumCode: "mg"), per: Quantity(value: 1, unit: "h", ucumCode: "h")),
        asNeededFor: CodedConcept(text: "pain"))

    static let administration = MedicationAdministration(
        id: "ma1", patientID: "p1", requestID: "m1", status: .notDone, effective: when, performer: "nurse1 via emr-ward",
        reason: "Patient refused", dose: Quantity(value: 5, unit: "mg", ucumCode: "mg"), scheduledTime: when.addingTimeInterval(-3600),
        rate: MedicationRequest.Rate(amount: Quantity(value: 18, unit: "units/kg/h", ucumCode: "[U]/kg/h")))

    static let condition = Condition(
        id: "c1", patientID: "p1", code: CodedConcept(text: "Hypertension"), clinicalStatus: .relapse,
        verificationStatus: .differential, onset: when, recordedDate: when.addingTimeInterval(60))

    static let note = ClinicalNote(
        id: "d1", patientID: "p1", encounterID: "e1", status: .current, type: loinc("34746-8", "Nurse note"), date: when,
        authorID: "dr-1", content: NoteContent(text: "Settled overnight.", cutFromBytes: 70_000))
    static let procedure = Procedure(
        id: "pr1", patientID: "p1", encounterID: "e1", code: CodedConcept(text: "Medication reconciliation"), status: .completed,
        performed: when)
    static let immunization = Immunization(
        id: "i1", patientID: "p1", encounterID: "e1", vaccine: CodedConcept(text: "Influenza"), status: .completed, occurrence: when)
    static let carePlan = CarePlan(
        id: "cp1", patientID: "p1", status: .active, title: "Asthma plan", categories: [CodedConcept(text: "Asthma self management")],
        activities: [CodedConcept(text: "Inhaled steroid")], start: when)
    static let goal = Goal(id: "g1", patientID: "p1", status: .active, description: CodedConcept(text: "Peak flow above 400 L/min"))

    static let allergy = AllergyIntolerance(
        id: "a1", patientID: "p1", substance: CodedConcept(text: "Penicillin"), criticality: .high, kind: .allergy,
        clinicalStatus: .active, verificationStatus: .confirmed,
        reactions: [AllergyIntolerance.Reaction(manifestations: [CodedConcept(text: "Hives")], severity: .severe)],
        recordedDate: when)

    static let location = Location(id: "bed-12", name: "Bed 12", kind: .bed, partOfID: "room-4")
    static let practitioner = Practitioner(id: "dr-1", name: PersonName(family: "House", given: ["Gregory"]))

    static func listEntry(_ patient: Patient = patient()) -> PatientListEntry {
        PatientListEntry(patient: patient, location: BedLocation(ward: "4W", room: "4", bed: "Bed 12"), hasSevereAllergy: true, hasAbnormalVital: true)
    }
}
