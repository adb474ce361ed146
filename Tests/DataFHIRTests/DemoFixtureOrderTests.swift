import CoreDomain
import DataFHIR
import Foundation
import Testing

/// Orders, problems, allergies, places and people of the demo set against their JSON.
@Suite(.enabled(if: Fixtures.demoAvailable, "Fixtures/demo has not been generated"))
struct DemoFixtureOrderTests {
    static func resources(_ type: String) -> [DecodedResource] { Fixtures.demo.resources.filter { $0.resourceType == type } }

    @Test func medicationRequestsMatchTheirJSON() throws {
        for resource in Self.resources("MedicationRequest") {
            let raw = resource.raw
            let order = try #require(resource.content.medicationRequest)
            #expect(order.patientID == Independent.referencedID(raw, "subject"))
            // A hand-made order names its product as a contained Medication, with its identifiers.
            let reference = Independent.string(Independent.object(raw, "medicationReference"), "reference")
            let product = Independent.objects(raw, "contained").first { reference == "#" + (Independent.string($0, "id") ?? "") }
            #expect(order.medication == Independent.concept(Independent.object(product ?? raw, product == nil ? "medicationCodeableConcept" : "code")))
            #expect(order.medicationIdentifiers == Independent.objects(product, "identifier").map {
                Coding(system: Independent.string($0, "system"), code: Independent.string($0, "value"))
            })
            #expect(Independent.sameCode(Independent.string(raw, "status"), order.status.rawValue))
            #expect(Independent.sameCode(Independent.string(raw, "intent"), order.intent.rawValue))
            #expect(Independent.sameInstant(order.authoredOn, Independent.date(Independent.string(raw, "authoredOn"))))
            #expect(order.prescriberID == Independent.referencedID(raw, "requester"))
            let dosage = Independent.objects(raw, "dosageInstruction").first
            let dose = Independent.quantity(Independent.object(Independent.objects(dosage, "doseAndRate").first, "doseQuantity"))
            #expect(Independent.double(order.dose?.value) == dose?.value)
            #expect(order.dose?.unit == dose?.unit)
            #expect(order.route == Independent.concept(Independent.object(dosage, "route")))
            #expect(order.frequencyText == Independent.string(dosage, "text"))
            #expect(order.additionalInstructions == Independent.objects(dosage, "additionalInstruction").compactMap { Independent.string($0, "text") })
            let asNeededFor = Independent.concept(Independent.object(dosage, "asNeededCodeableConcept"))
            #expect(order.asNeeded == (dosage?["asNeededBoolean"] as? Bool ?? (asNeededFor != nil)))
            #expect(order.asNeededFor == asNeededFor)
            let doseAndRate = Independent.objects(dosage, "doseAndRate").first
            let rate = Independent.quantity(Independent.object(doseAndRate, "rateQuantity"))
                ?? Independent.quantity(Independent.object(Independent.object(doseAndRate, "rateRatio"), "numerator"))
            #expect(Independent.double(order.rate?.amount.value) == rate?.value)
            let repeats = Independent.object(Independent.object(dosage, "timing"), "repeat")
            #expect(order.timing?.frequency == (repeats?["frequency"] as? NSNumber)?.intValue)
            #expect(Independent.double(order.timing?.period) == (repeats?["period"] as? NSNumber)?.doubleValue)
            #expect(order.timing?.periodUnit == Independent.string(repeats, "periodUnit"))
        }
    }

    @Test func conditionsMatchTheirJSON() throws {
        for resource in Self.resources("Condition") {
            let raw = resource.raw
            let condition = try #require(resource.content.condition)
            #expect(condition.patientID == Independent.referencedID(raw, "subject"))
            #expect(condition.code == Independent.concept(Independent.object(raw, "code")))
            #expect(Independent.sameCode(Independent.concept(Independent.object(raw, "clinicalStatus"))?.codings.first?.code, condition.clinicalStatus?.rawValue))
            #expect(Independent.sameCode(Independent.concept(Independent.object(raw, "verificationStatus"))?.codings.first?.code, condition.verificationStatus?.rawValue))
            #expect(Independent.sameInstant(condition.onset, Independent.date(Independent.string(raw, "onsetDateTime"))))
            #expect(Independent.sameInstant(condition.recordedDate, Independent.date(Independent.string(raw, "recordedDate"))))
        }
    }

    @Test func allergiesMatchTheirJSON() throws {
        for resource in Self.resources("AllergyIntolerance") {
            let raw = resource.raw
            let allergy = try #require(resource.content.allergy)
            #expect(allergy.patientID == Independent.referencedID(raw, "patient"))
            #expect(allergy.substance == Independent.concept(Independent.object(raw, "code")))
            #expect(Independent.sameCode(Independent.string(raw, "criticality"), allergy.criticality?.rawValue))
            #expect(Independent.sameCode(Independent.string(raw, "type"), allergy.kind?.rawValue))
            #expect(Independent.sameCode(Independent.concept(Independent.object(raw, "clinicalStatus"))?.codings.first?.code, allergy.clinicalStatus?.rawValue))
            #expect(Independent.sameCode(Independent.concept(Independent.object(raw, "verificationStatus"))?.codings.first?.code, allergy.verificationStatus?.rawValue))
            let reactions = Independent.objects(raw, "reaction")
            #expect(allergy.reactions.map(\.manifestations) == reactions.map { Independent.objects($0, "manifestation").compactMap(Independent.concept) })
            #expect(allergy.reactions.map { $0.severity?.rawValue } == reactions.map { Independent.string($0, "severity") })
            #expect(Independent.sameInstant(allergy.recordedDate, Independent.date(Independent.string(raw, "recordedDate"))))
        }
        #expect(Self.resources("AllergyIntolerance").contains { $0.content.allergy?.isNoKnownAllergy == true })
    }

    @Test func locationsAndPractitionersMatchTheirJSON() throws {
        let kinds: [String: Location.Kind] = ["wa": .ward, "ro": .room, "bd": .bed, "bu": .building, "si": .site]
        for resource in Self.resources("Location") {
            let raw = resource.raw
            let location = try #require(resource.content.location)
            #expect(location.name == Independent.string(raw, "name"))
            #expect(location.kind == kinds[Independent.concept(Independent.object(raw, "physicalType"))?.codings.first?.code ?? ""] ?? .other)
            #expect(location.partOfID == Independent.referencedID(raw, "partOf"))
        }
        for resource in Self.resources("Practitioner") {
            let name = Independent.objects(resource.raw, "name").first
            let practitioner = try #require(resource.content.practitioner)
            #expect(practitioner.name.family == Independent.string(name, "family"))
            #expect(practitioner.name.given == name?["given"] as? [String] ?? [])
            #expect(practitioner.name.prefix == name?["prefix"] as? [String] ?? [])
        }
    }
}
