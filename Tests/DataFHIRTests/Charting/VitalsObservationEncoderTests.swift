import CoreDomain
@testable import DataFHIR
import Foundation
import Testing

@Suite struct VitalsObservationEncoderTests {
    static let performer = VitalsObservationEncoder.performerDisplay(user: "nurse1", clientID: "emr-ward-5e")
    static let plusOne = TimeZone(secondsFromGMT: 3_600)!
    static let when = Date(timeIntervalSince1970: 1_772_352_900)  // 2026-03-01T08:15:00Z

    private let encoder = VitalsObservationEncoder(performer: performer, timeZone: plusOne)

    private func full() throws -> VitalsEntry {
        VitalsEntry(
            patientID: "pat-1", encounterID: "enc-1", effective: Self.when, heartRate: 88, systolic: 142, diastolic: 91,
            temperature: try decimal("37.25"), respiratoryRate: 18, oxygenSaturation: 95, oxygen: .supplemental(litresPerMinute: try decimal("2.5")),
            weight: try decimal("71.4"), painScore: 3)
    }

    /// The JSON as a plain dictionary, to check the wire format itself.
    private func object(_ observation: ChartedResource) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: observation.json) as? [String: Any])
    }

    private func decoded(_ observation: ChartedResource) throws -> Observation {
        try #require(try decodeOne(String(decoding: observation.json, as: UTF8.self)).content.observation)
    }

    @Test func everyValueBecomesOneObservationThatReadsBackToTheSameValues() throws {
        let observations = encoder.observations(for: try full())
        let read = try observations.map(decoded)
        #expect(read.map(\.vitalSign) == [.heartRate, .bloodPressure, .temperature, .respiratoryRate, .oxygenSaturation, .weight, .painScore])
        for observation in read {
            #expect(observation.patientID == "pat-1")
            #expect(observation.encounterID == "enc-1")
            #expect(observation.category == .vitalSigns)
            #expect(observation.status == .final)
            #expect(observation.effective == Self.when)
            #expect(observation.performer == "nurse1 via emr-ward-5e")
        }
        #expect(read.map(\.id) == observations.map(\.id))
        #expect(read[0].value == .quantity(Quantity(value: 88, unit: "beats/minute", ucumCode: "/min")))
        #expect(read[1].value == nil)
        #expect(read[1].component(loinc: "8480-6")?.value == .quantity(Quantity(value: 142, unit: "mmHg", ucumCode: "mm[Hg]")))
        #expect(read[1].component(loinc: "8462-4")?.value == .quantity(Quantity(value: 91, unit: "mmHg", ucumCode: "mm[Hg]")))
        #expect(read[2].value == .quantity(Quantity(value: try decimal("37.25"), unit: "°C", ucumCode: "Cel")))
        #expect(read[3].value == .quantity(Quantity(value: 18, unit: "breaths/minute", ucumCode: "/min")))
        #expect(read[4].value == .quantity(Quantity(value: 95, unit: "%", ucumCode: "%")))
        #expect(read[4].code.contains(code: "2708-6", system: CodeSystem.loinc) && read[4].code.contains(code: "59408-5", system: CodeSystem.loinc))
        #expect(read[4].component(loinc: "3151-8")?.value == .quantity(Quantity(value: try decimal("2.5"), unit: "L/min", ucumCode: "L/min")))
        #expect(read[5].value == .quantity(Quantity(value: try decimal("71.4"), unit: "kg", ucumCode: "kg")))
        #expect(read[6].value == .quantity(Quantity(value: 3, unit: "score", ucumCode: "{score}")))
    }

    /// ACVPU goes as LOINC 80288-4 with SNOMED CT 1104441000000107 and the level's SNOMED
    /// concept: a server, and this workstation's own NEWS2, read it back.
    @Test func consciousnessIsCodedSoItReadsBack() throws {
        var entry = try full()
        entry.consciousness = .voice
        let last = try #require(encoder.observations(for: entry).last)
        let json = try object(last)
        let codes = ((json["code"] as? [String: Any])?["coding"] as? [[String: Any]])?.compactMap { $0["code"] as? String }
        #expect(codes == ["80288-4", "1104441000000107"])
        let read = try decoded(last)
        #expect(read.value == .concept(CodedConcept(codings: [Coding(system: CodeSystem.snomed, code: "300202002", display: "Responds to voice")])))
        #expect(read.category == .vitalSigns)
    }

    @Test func theWireFormatFollowsTheVitalSignsProfile() throws {
        let heartRate = try #require(encoder.observations(for: try full()).first)
        let json = try object(heartRate)
        #expect(json["resourceType"] as? String == "Observation")
        #expect(json["id"] as? String == heartRate.id)
        let profiles = (json["meta"] as? [String: Any])?["profile"] as? [String]
        #expect(profiles == ["http://hl7.org/fhir/StructureDefinition/vitalsigns", "http://hl7.org/fhir/StructureDefinition/heartrate"])
        let identifier = (json["identifier"] as? [[String: Any]])?.first
        #expect(identifier?["system"] as? String == "urn:ietf:rfc:3986")
        #expect(identifier?["value"] as? String == "urn:uuid:\(heartRate.id)")
        #expect(json["effectiveDateTime"] as? String == "2026-03-01T09:15:00+01:00", "local time with its offset")
        let category = ((json["category"] as? [[String: Any]])?.first?["coding"] as? [[String: Any]])?.first
        #expect(category?["system"] as? String == "http://terminology.hl7.org/CodeSystem/observation-category")
        #expect(category?["code"] as? String == "vital-signs")
        let code = ((json["code"] as? [String: Any])?["coding"] as? [[String: Any]])?.first
        #expect(code?["system"] as? String == "http://loinc.org")
        #expect(code?["display"] as? String == "Heart rate")
        let quantity = json["valueQuantity"] as? [String: Any]
        #expect(quantity?["system"] as? String == "http://unitsofmeasure.org")
        #expect(quantity?["code"] as? String == "/min")
        #expect((json["subject"] as? [String: Any])?["reference"] as? String == "Patient/pat-1")
        #expect((json["encounter"] as? [String: Any])?["reference"] as? String == "Encounter/enc-1")
        #expect(((json["performer"] as? [[String: Any]])?.first)?["display"] as? String == "nurse1 via emr-ward-5e")
    }

    @Test func painClaimsOnlyTheBaseProfileAndAHalfBloodPressureNotTheBPProfile() throws {
        let entry = VitalsEntry(patientID: "pat-1", effective: Self.when, systolic: 120, painScore: 0)
        let observations = encoder.observations(for: entry)
        let profiles = try observations.map { ((try object($0)["meta"] as? [String: Any])?["profile"] as? [String]) ?? [] }
        #expect(profiles == [["http://hl7.org/fhir/StructureDefinition/vitalsigns"], []])
        #expect(try object(observations[0])["encounter"] == nil, "no stay given, none sent")
        #expect(try decoded(observations[1]).value == .quantity(Quantity(value: 0, unit: "score", ucumCode: "{score}")))
    }

    @Test(arguments: [
        (VitalsEntry.Oxygen.roomAir, "Room air", false),
        (.supplemental(litresPerMinute: nil), "Supplemental oxygen", false),
        (.supplemental(litresPerMinute: 4), "Supplemental oxygen", true),
    ])
    func howThePatientWasBreathingIsSaidInANoteAndAFlowOnlyWhenMeasured(oxygen: VitalsEntry.Oxygen, note: String, hasFlow: Bool) throws {
        let entry = VitalsEntry(patientID: "pat-1", effective: Self.when, oxygenSaturation: 97, oxygen: oxygen)
        let saturation = try #require(encoder.observations(for: entry).first)
        let notes = try object(saturation)["note"] as? [[String: Any]]
        #expect(notes?.map { $0["text"] as? String } == [note])
        #expect((try decoded(saturation).component(loinc: "3151-8") != nil) == hasFlow)
    }

    /// What is sent for SpO2 on high-flow: the device as the 107117-4 component's
    /// `valueString`, the flow (3151-8, L/min) and FiO2 (3150-0, %) as quantities, in that order.
    @Test func theDeviceFlowAndFiO2GoAsComponentsOfTheSpO2() throws {
        let entry = VitalsEntry(patientID: "pat-1", effective: Self.when, oxygenSaturation: 92,
                                oxygen: .supplemental(device: .highFlowNasal, litresPerMinute: 40, fractionPercent: 60))
        let saturation = try #require(encoder.observations(for: entry).first)
        let components = try #require(try object(saturation)["component"] as? [[String: Any]])
        let codes = components.map { (($0["code"] as? [String: Any])?["coding"] as? [[String: Any]])?.first?["code"] as? String }
        #expect(codes == ["107117-4", "3151-8", "3150-0"])
        #expect(components[0]["valueString"] as? String == "high_flow_nasal_cannula")
        let fraction = try #require(components[2]["valueQuantity"] as? [String: Any])
        #expect(fraction["value"] as? Int == 60 && fraction["code"] as? String == "%" && fraction["system"] as? String == "http://unitsofmeasure.org")
        #expect((components[1]["valueQuantity"] as? [String: Any])?["code"] as? String == "L/min")
        let read = try decoded(saturation)
        #expect(read.component(loinc: "107117-4")?.value == .string("high_flow_nasal_cannula"))
        #expect(read.component(loinc: "3150-0")?.value == .quantity(Quantity(value: 60, unit: "%", ucumCode: "%")))
        #expect(read.component(loinc: "3151-8")?.value == .quantity(Quantity(value: 40, unit: "L/min", ucumCode: "L/min")))
    }

    @Test func idsAreFreshLowercaseUUIDsThatAreValidFHIRIds() throws {
        let first = encoder.observations(for: try full()).map(\.id)
        let second = encoder.observations(for: try full()).map(\.id)
        #expect(Set(first + second).count == first.count + second.count)
        for id in first {
            #expect(UUID(uuidString: id) != nil)
            #expect(id == id.lowercased())
            #expect(id.count <= 64)
        }
    }

    @Test func theEffectiveTimeIsWrittenInTheWardsZoneAndReadsBackAsTheSameInstant() throws {
        #expect(ChartedElements.dateTime(Self.when, in: try #require(TimeZone(identifier: "UTC"))) == "2026-03-01T08:15:00Z")
        #expect(ChartedElements.dateTime(Self.when, in: try #require(TimeZone(secondsFromGMT: -5 * 3_600))) == "2026-03-01T03:15:00-05:00")
    }

    /// A nurse logged in at the server is named as the Practitioner it knows, beside the display
    /// the chart reads; without a login, by display only.
    @Test func aLoggedInNurseIsThePractitionerOfRecord() throws {
        let entry = VitalsEntry(patientID: "pat-1", effective: Self.when, heartRate: 72)
        let loggedIn = VitalsObservationEncoder(performer: "nurse1", performerReference: "Practitioner/prac-1", timeZone: Self.plusOne)
        let json = try #require(try JSONSerialization.jsonObject(with: loggedIn.observations(for: entry)[0].json) as? [String: Any])
        let performer = try #require((json["performer"] as? [[String: Any]])?.first)
        #expect(performer["reference"] as? String == "Practitioner/prac-1")
        #expect(performer["display"] as? String == "nurse1")
        let anonymous = try #require(try JSONSerialization.jsonObject(with: encoder.observations(for: entry)[0].json) as? [String: Any])
        #expect((anonymous["performer"] as? [[String: Any]])?.first?["reference"] == nil)
    }

    @Test func theActingUserIsTheAccountAndTheClient() {
        #expect(VitalsObservationEncoder.performerDisplay(user: "nurse1", clientID: nil) == "nurse1")
        #expect(VitalsObservationEncoder.performerDisplay(user: "nurse1", clientID: "emr") == "nurse1 via emr")
    }
}
