import CoreDomain
import DataFHIR
import Foundation
import Testing

/// The reader against the generated demo set, checked with values read independently through
/// JSONSerialization. Skipped until `make fixtures` has produced Fixtures/demo.
@Suite(.enabled(if: Fixtures.demoAvailable, "Fixtures/demo has not been generated"))
struct DemoFixtureTests {
    static let demo = Fixtures.demo

    static func resources(_ type: String) -> [DecodedResource] { demo.resources.filter { $0.resourceType == type } }

    @Test func everyDemoResourceIsReadWithoutProblems() throws {
        #expect(Self.demo.problems.isEmpty, "\(Self.demo.problems.prefix(10).map(\.description))")
        var expected: [String: Int] = [:]
        for url in Fixtures.files("demo") {
            for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") {
                let json = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? JSON)
                expected[Independent.string(json, "resourceType") ?? "?", default: 0] += 1
            }
        }
        let counted = Dictionary(grouping: Self.demo.resources, by: \.resourceType).mapValues(\.count)
        #expect(counted == expected)
        // Every type the workstation reads, lab reports and doses given among them (hand-made),
        // but Composition: no demo stay ends with a document yet (Fixtures/messy/clinical-notes
        // carries one).
        #expect(Set(counted.keys) == ClinicalResource.resourceTypes.subtracting(["Composition"]))
    }

    @Test func everyReferenceResolvesWithinTheSet() throws {
        var audit = ReferenceAudit()
        for resource in Self.demo.resources { audit.add(resource) }
        #expect(audit.unresolvedReferences().isEmpty, "\(audit.unresolvedReferences().prefix(10).map(\.description))")
        let contents = Self.demo.resources.map(\.content)
        #expect(contents.contains { $0.encounter?.locationIDs.isEmpty == false })
        #expect(contents.contains { $0.encounter?.practitionerID != nil })
        #expect(contents.contains { $0.observation?.encounterID != nil })
        #expect(contents.contains { $0.medicationRequest?.prescriberID != nil })
        #expect(contents.contains { $0.location?.partOfID != nil })
    }

    @Test func storedJSONIsTheExactLineReceived() throws {
        let lines = try Fixtures.files("demo").flatMap { try String(contentsOf: $0, encoding: .utf8).split(separator: "\n").map { Data($0.utf8) } }
        #expect(Self.demo.resources.map(\.json) == lines)
    }

    @Test func patientsMatchTheirJSON() throws {
        for resource in Self.resources("Patient") {
            let raw = resource.raw
            let patient = try #require(resource.content.patient)
            #expect(patient.id == Independent.string(raw, "id"))
            #expect(Independent.sameCode(Independent.string(raw, "gender"), patient.gender.rawValue))
            #expect(patient.birthDate?.description == Independent.string(raw, "birthDate"))
            let identifiers = Independent.objects(raw, "identifier")
            let mr = identifiers.first { Independent.concept(Independent.object($0, "type"))?.contains(code: "MR") == true } ?? identifiers.first
            #expect(patient.mrn == Independent.string(mr, "value"))
            let name = Independent.objects(raw, "name").first { Independent.string($0, "use") == "official" }
            #expect(patient.name.family == Independent.string(name, "family"))
            #expect(patient.name.given == name?["given"] as? [String] ?? [])
            #expect(patient.isDeceased == (raw["deceasedBoolean"] as? Bool ?? (raw["deceasedDateTime"] != nil)))
        }
    }

    @Test func encountersMatchTheirJSON() throws {
        let classes: [String: Encounter.Class] = ["IMP": .inpatient, "AMB": .outpatient, "EMER": .emergency, "HH": .homeHealth, "VR": .virtual]
        for resource in Self.resources("Encounter") {
            let raw = resource.raw
            let encounter = try #require(resource.content.encounter)
            #expect(encounter.patientID == Independent.referencedID(raw, "subject"))
            #expect(Independent.sameCode(Independent.string(raw, "status"), encounter.status.rawValue))
            #expect(encounter.encounterClass == classes[Independent.string(Independent.object(raw, "class"), "code") ?? ""])
            let period = Independent.object(raw, "period")
            #expect(Independent.sameInstant(encounter.period.start, Independent.date(Independent.string(period, "start"))))
            #expect(Independent.sameInstant(encounter.period.end, Independent.date(Independent.string(period, "end"))))
            let locations = Independent.objects(raw, "location")
            let current = locations.filter { !["completed", "planned"].contains(Independent.string($0, "status") ?? "") }
            let former = locations.filter { ["completed", "planned"].contains(Independent.string($0, "status") ?? "") }
            #expect(encounter.locationIDs == (current + former).compactMap { Independent.referencedID($0, "location") })
            let practitioner = Independent.objects(raw, "participant").compactMap { Independent.string(Independent.object($0, "individual"), "reference") }
                .first { $0.hasPrefix("Practitioner/") }
            #expect(encounter.practitionerID == practitioner?.split(separator: "/").last.map(String.init))
            #expect(encounter.type == Independent.concept(Independent.objects(raw, "type").first))
            #expect(encounter.reason == Independent.concept(Independent.objects(raw, "reasonCode").first))
        }
    }

    static func value(_ json: JSON) -> String {
        if let quantity = Independent.quantity(Independent.object(json, "valueQuantity")) { return "\(quantity.value) \(quantity.unit ?? "")" }
        if let concept = Independent.concept(Independent.object(json, "valueCodeableConcept")) { return concept.displayName }
        if let text = json["valueString"] as? String { return text }
        if let number = json["valueInteger"] as? NSNumber { return "\(number.intValue)" }
        if let flag = json["valueBoolean"] as? Bool { return "\(flag)" }
        if let range = Independent.object(json, "valueRange") {
            let end = { (key: String) in Independent.quantity(Independent.object(range, key)).map { "\($0.value)" } ?? "" }
            return "\(end("low"))-\(end("high"))"
        }
        return "none"
    }

    static func value(_ value: Observation.Value?) -> String {
        switch value {
        case .quantity(let quantity): "\(Independent.double(quantity.value) ?? .nan) \(quantity.unit ?? "")"
        case .concept(let concept): concept.displayName
        case .string(let text): text
        case .integer(let number): "\(number)"
        case .boolean(let flag): "\(flag)"
        case let .range(low, high): "\(low.map { "\(Independent.double($0.value) ?? .nan)" } ?? "")-\(high.map { "\(Independent.double($0.value) ?? .nan)" } ?? "")"
        case nil: "none"
        }
    }

    @Test func observationsMatchTheirJSON() throws {
        for resource in Self.resources("Observation") {
            let raw = resource.raw
            let observation = try #require(resource.content.observation)
            #expect(observation.patientID == Independent.referencedID(raw, "subject"))
            #expect(observation.encounterID == Independent.referencedID(raw, "encounter"))
            #expect(observation.code == Independent.concept(Independent.object(raw, "code")))
            #expect(Independent.sameCode(Independent.string(raw, "status"), observation.status.rawValue))
            #expect(Independent.sameInstant(observation.effective, Independent.date(Independent.string(raw, "effectiveDateTime"))))
            #expect(Self.value(observation.value) == Self.value(raw), "\(resource.id)")
            let categoryCodes = Independent.objects(raw, "category").compactMap(Independent.concept).flatMap(\.codings).compactMap(\.code)
            let category: Observation.Category = categoryCodes.contains("vital-signs") ? .vitalSigns
                : categoryCodes.contains("laboratory") || categoryCodes.contains("LAB") ? .laboratory : .other
            #expect(observation.category == category, "\(resource.id)")
            let components = Independent.objects(raw, "component")
            #expect(observation.components.map(\.code) == components.compactMap { Independent.concept(Independent.object($0, "code")) })
            #expect(observation.components.map { Self.value($0.value) } == components.map { Self.value($0) })
            let ranges = Independent.objects(raw, "referenceRange")
            #expect(observation.referenceRanges.map { Independent.double($0.low?.value) } == ranges.map { Independent.quantity(Independent.object($0, "low"))?.value })
            #expect(observation.referenceRanges.map { Independent.double($0.high?.value) } == ranges.map { Independent.quantity(Independent.object($0, "high"))?.value })
            #expect(observation.referenceRanges.map(\.text) == ranges.map { Independent.string($0, "text") })
            #expect(observation.interpretation == Independent.objects(raw, "interpretation").compactMap(Independent.concept).flatMap(\.codings))
        }
    }
}
