import Foundation

/// Small FHIR R4 NDJSON sources written on the fly: a ward with beds and a few patients,
/// each with an admission, vital signs and an allergy, named distinctively enough that the
/// PHI scan cannot match them by chance.
struct FHIRSamples {
    struct Person {
        var id: String
        var family: String
        var given: String
        var mrn: String
        var birthDate: String
    }

    static let people: [Person] = [
        Person(id: "pat-1", family: "Okonkwo", given: "Adaeze", mrn: "MRN-731904", birthDate: "1954-04-12"),
        Person(id: "pat-2", family: "Lindqvist", given: "Thorbjorn", mrn: "MRN-582211", birthDate: "1987-11-03"),
        Person(id: "pat-3", family: "Haverford", given: "Marguerite", mrn: "MRN-190477", birthDate: "1941-02-28"),
    ]

    static let newest = "2024-03-01T12:00:00Z"

    static func locations() -> [String] {
        [
            #"{"resourceType":"Location","id":"ward-4w","name":"4 West","physicalType":{"coding":[{"system":"http://terminology.hl7.org/CodeSystem/location-physical-type","code":"wa"}]}}"#,
            #"{"resourceType":"Location","id":"room-12","name":"Room 12","partOf":{"reference":"Location/ward-4w"},"physicalType":{"coding":[{"system":"http://terminology.hl7.org/CodeSystem/location-physical-type","code":"ro"}]}}"#,
        ] + people.indices.map { index in
            #"{"resourceType":"Location","id":"bed-\#(index)","name":"Bed \#(index + 1)","partOf":{"reference":"Location/room-12"},"physicalType":{"coding":[{"system":"http://terminology.hl7.org/CodeSystem/location-physical-type","code":"bd"}]}}"#
        }
    }

    static func patient(_ person: Person, version: Int = 1, lastUpdated: String = "2024-01-01T00:00:00Z") -> String {
        #"{"resourceType":"Patient","id":"\#(person.id)","meta":{"versionId":"\#(version)","lastUpdated":"\#(lastUpdated)"},"identifier":[{"type":{"coding":[{"system":"http://terminology.hl7.org/CodeSystem/v2-0203","code":"MR"}]},"value":"\#(person.mrn)"}],"name":[{"use":"official","family":"\#(person.family)","given":["\#(person.given)"]}],"gender":"female","birthDate":"\#(person.birthDate)"}"#
    }

    static func encounter(_ person: Person, bed: Int) -> String {
        #"{"resourceType":"Encounter","id":"enc-\#(person.id)","status":"in-progress","class":{"system":"http://terminology.hl7.org/CodeSystem/v3-ActCode","code":"IMP"},"subject":{"reference":"Patient/\#(person.id)"},"period":{"start":"2024-02-20T08:00:00Z"},"location":[{"location":{"reference":"Location/bed-\#(bed)"}}]}"#
    }

    static func heartRate(_ person: Person, index: Int, value: Int, at time: String = "2024-02-21T08:00:00Z") -> String {
        #"{"resourceType":"Observation","id":"hr-\#(person.id)-\#(index)","status":"final","category":[{"coding":[{"system":"http://terminology.hl7.org/CodeSystem/observation-category","code":"vital-signs"}]}],"code":{"coding":[{"system":"http://loinc.org","code":"8867-4","display":"Heart rate"}]},"subject":{"reference":"Patient/\#(person.id)"},"effectiveDateTime":"\#(time)","valueQuantity":{"value":\#(value),"unit":"/min","system":"http://unitsofmeasure.org","code":"/min"}}"#
    }

    static func glucose(_ person: Person) -> String {
        #"{"resourceType":"Observation","id":"glu-\#(person.id)","status":"final","category":[{"coding":[{"system":"http://terminology.hl7.org/CodeSystem/observation-category","code":"laboratory"}]}],"code":{"coding":[{"system":"http://loinc.org","code":"2345-7","display":"Glucose"}]},"subject":{"reference":"Patient/\#(person.id)"},"effectiveDateTime":"\#(newest)","valueQuantity":{"value":5.4,"unit":"mmol/L"}}"#
    }

    /// A lab report grouping the patient's glucose, with the lab's conclusion.
    static func report(_ person: Person) -> String {
        #"{"resourceType":"DiagnosticReport","id":"rep-\#(person.id)","status":"final","code":{"text":"Glucose panel"},"subject":{"reference":"Patient/\#(person.id)"},"effectiveDateTime":"\#(newest)","result":[{"reference":"Observation/glu-\#(person.id)"}],"conclusion":"Within range"}"#
    }

    static func allergy(_ person: Person) -> String {
        #"{"resourceType":"AllergyIntolerance","id":"alg-\#(person.id)","clinicalStatus":{"coding":[{"system":"http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical","code":"active"}]},"criticality":"high","code":{"text":"Penicillin"},"patient":{"reference":"Patient/\#(person.id)"},"reaction":[{"manifestation":[{"text":"Anaphylaxis"}],"severity":"severe"}]}"#
    }

    /// A twice-daily order at 08:00 and 20:00 for the patient.
    static func twiceDailyOrder(_ person: Person) -> String {
        #"{"resourceType":"MedicationRequest","id":"med-\#(person.id)","status":"active","intent":"order","medicationCodeableConcept":{"text":"Amoxicillin 500 MG"},"subject":{"reference":"Patient/\#(person.id)"},"authoredOn":"2024-02-20","dosageInstruction":[{"timing":{"repeat":{"frequency":2,"period":1,"periodUnit":"d","timeOfDay":["08:00:00","20:00:00"]}}}]}"#
    }

    /// The order's 08:00 dose, given at 08:10 by another system's nurse.
    static func doseGiven(_ person: Person) -> String {
        #"{"resourceType":"MedicationAdministration","id":"mar-\#(person.id)","status":"completed","medicationCodeableConcept":{"text":"Amoxicillin 500 MG"},"subject":{"reference":"Patient/\#(person.id)"},"request":{"reference":"MedicationRequest/med-\#(person.id)"},"effectiveDateTime":"2024-02-21T08:10:00Z","performer":[{"actor":{"display":"nurse7"}}]}"#
    }

    /// A line the reader rejects: an Observation without its required status.
    static func brokenObservation(_ person: Person) -> String {
        #"{"resourceType":"Observation","id":"broken-\#(person.id)","code":{"text":"x"},"subject":{"reference":"Patient/\#(person.id)"}}"#
    }

    /// The whole census: locations, then per patient the patient, admission, an allergy, a lab
    /// and `vitals` heart rates (the last one 130/min, abnormal).
    static func census(vitals: Int = 3) -> [String] {
        var lines = locations()
        for (index, person) in people.enumerated() {
            lines += [patient(person), encounter(person, bed: index), allergy(person), glucose(person)]
            lines += (0..<vitals).map { heartRate(person, index: $0, value: $0 == vitals - 1 ? 130 : 72) }
        }
        return lines
    }

    /// Writes `lines` as an NDJSON file in `directory`.
    static func write(_ lines: [String], named name: String, in directory: String) throws -> URL {
        let url = URL(fileURLWithPath: directory).appendingPathComponent(name)
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: url)
        return url
    }
}
