import CoreDomain
import CoreUseCases
import Foundation
import Testing
import TestSupport

/// The patient list's newest critical result (`LoadResults.newestCritical`) is the one the
/// Results worksheet judges critical, for any records: checked against the worksheet itself
/// over generated labs (critical and normal values, ranges sent or not, interpretations,
/// statuses, panels with components, vital signs filed as labs, times missing).
@Suite struct NewestCriticalTests {
    private static let t0 = Date(timeIntervalSince1970: 1_738_310_400)
    private static let codes = [("2823-3", "Potassium"), ("2951-2", "Sodium"), ("718-7", "Hemoglobin"), ("8867-4", "Heart rate"), ("99999-9", "Local test")]
    private static let values: [Decimal] = [1.2, 2.4, 3.9, 5.9, 6.8, 9.9, 40.89669209918846, 120, 138, 171]

    private static func value<G: RandomNumberGenerator>(_ random: inout G) -> Observation.Value? {
        switch Int.random(in: 0..<6, using: &random) {
        case 0: return nil
        case 1: return .string("haemolysed")
        default: return .quantity(Quantity(value: values.randomElement(using: &random)!, unit: "mmol/L"))
        }
    }

    private static func code<G: RandomNumberGenerator>(_ random: inout G) -> CodedConcept {
        let (loinc, name) = codes.randomElement(using: &random)!
        return CodedConcept(codings: [Coding(system: CodeSystem.loinc, code: loinc, display: name)])
    }

    private static func observation<G: RandomNumberGenerator>(_ index: Int, _ random: inout G) -> Observation {
        let range = Bool.random(using: &random)
            ? [ReferenceRange(low: Quantity(value: 3.5, unit: "mmol/L"), high: Quantity(value: 5.1, unit: "mmol/L"))] : []
        let interpretation = ["HH", "LL", "H", "N", nil].randomElement(using: &random)!.map {
            [Coding(system: "http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation", code: $0)]
        } ?? []
        let components = Int.random(in: 0..<4, using: &random) == 0
            ? (0..<Int.random(in: 1...3, using: &random)).map { _ in
                Observation.Component(code: code(&random), value: value(&random), referenceRanges: range) } : []
        return Observation(
            id: "o\(index)", patientID: "p1", code: code(&random), category: .laboratory,
            status: Observation.Status.allCases.randomElement(using: &random)!,
            effective: Int.random(in: 0..<10, using: &random) == 0 ? nil : t0 - Double(Int.random(in: 0..<20, using: &random)) * 3600,
            value: components.isEmpty ? value(&random) : nil, components: components, referenceRanges: range, interpretation: interpretation,
            memberIDs: Int.random(in: 0..<10, using: &random) == 0 ? ["o0"] : [])
    }

    @Test(arguments: 0..<300) func isTheNewestResultTheWorksheetJudgesCritical(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let labs = (0..<Int.random(in: 0..<12, using: &random)).map { Self.observation($0, &random) }
        let sex = [AdministrativeGender.female, .male, .unknown].randomElement(using: &random)!
        let worksheet = LoadResults.prepared(observations: labs, reports: [], sex: sex).worksheet
        let expected = worksheet.panels.flatMap(\.tests).flatMap(\.results)
            .filter { !$0.isEnteredInError && $0.flag.severity == 2 }.map(\.collected).max()
        #expect(LoadResults.newestCritical(among: labs, sex: sex) == expected, "seed \(seed)")
    }
}
