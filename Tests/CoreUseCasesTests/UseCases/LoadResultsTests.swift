import CoreDomain
import CoreUseCases
import Foundation
import Testing

/// The cumulative worksheet from records as servers send them: reports that group, results no
/// report names, answers that are words or only a reason, corrections and entered-in-error.
@Suite struct LoadResultsTests {
    static let t0 = Date(timeIntervalSince1970: 1_738_310_400) // 2025-01-31 08:00 UTC

    static func lab(
        _ id: String, _ code: String, _ name: String, _ value: Observation.Value? = nil, at time: Date = t0,
        status: Observation.Status = .final, range: ReferenceRange? = nil, interpretation: String? = nil,
        category: Observation.Category = .laboratory, absent: String? = nil
    ) -> Observation {
        Observation(
            id: id, patientID: "p1", code: CodedConcept(codings: [Coding(system: CodeSystem.loinc, code: code, display: name)]),
            category: category, status: status, effective: time, value: value, referenceRanges: range.map { [$0] } ?? [],
            interpretation: interpretation.map { [Coding(system: "http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation", code: $0)] } ?? [],
            dataAbsentReason: absent.map { CodedConcept(text: $0) })
    }

    static func mmol(_ value: Decimal) -> Observation.Value { .quantity(Quantity(value: value, unit: "mmol/L", ucumCode: "mmol/L")) }
    static let potassiumRange = ReferenceRange(low: Quantity(value: 3.5, unit: "mmol/L"), high: Quantity(value: 5.1, unit: "mmol/L"))

    private func load(_ observations: [Observation], reports: [DiagnosticReport] = []) async throws -> ResultsWorksheet {
        try await LoadResults(chart: InMemoryRepository(observationList: observations, reportList: reports))(patientID: "p1")
    }

    @Test func aReportGroupsItsResultsAndTheRestGoByClass() async throws {
        let worksheet = try await load([
            Self.lab("k1", "2823-3", "Potassium [Moles/volume] in Serum or Plasma", Self.mmol(5.9), range: Self.potassiumRange),
            Self.lab("na1", "2951-2", "Sodium [Moles/volume] in Serum or Plasma", Self.mmol(138)),
            Self.lab("hb1", "718-7", "Hemoglobin [Mass/volume] in Blood", .quantity(Quantity(value: 9.1, unit: "g/dL")), at: Self.t0 - 3600),
            Self.lab("x1", "99999-9", "Local test", .string("seen"), at: Self.t0 - 7200),
            Self.lab("hr", "8867-4", "Heart rate", .quantity(Quantity(value: 80)), category: .vitalSigns),
        ], reports: [DiagnosticReport(id: "r1", patientID: "p1", code: CodedConcept(text: "Basic metabolic panel"), status: .final,
                                      effective: Self.t0, resultIDs: ["k1", "na1"], conclusion: "Hyperkalaemia")])
        #expect(worksheet.panels.map(\.title) == ["Basic metabolic panel", "Haematology", "Other"])
        #expect(worksheet.panels[0].tests.map(\.name) == ["Potassium", "Sodium"])
        #expect(worksheet.panels[0].conclusion == "Hyperkalaemia")
        #expect(worksheet.collections == [Self.t0, Self.t0 - 3600, Self.t0 - 7200], "a vital sign is not a result")
    }

    @Test func flagsComeFromTheInterpretationElseTheRangeElseNothing() async throws {
        let worksheet = try await load([
            Self.lab("k1", "2823-3", "Potassium", Self.mmol(6.8), interpretation: "HH"),
            Self.lab("k2", "2823-3", "Potassium", Self.mmol(5.9), at: Self.t0 - 60, range: Self.potassiumRange),
            Self.lab("k3", "2823-3", "Potassium", Self.mmol(9.9), at: Self.t0 - 120),
            Self.lab("x1", "99999-9", "Local test", Self.mmol(9.9), at: Self.t0 - 120),
        ])
        let results = try #require(worksheet.tests.first { $0.key == "2823-3" }).results
        #expect(results.map(\.flag) == [.criticalHigh, .high, .criticalHigh], "no range: the ward's judges it")
        #expect(results.map(\.isWardRange) == [true, false, true], "said to be the ward's wherever the lab sent none")
        let local = try #require(worksheet.tests.first { $0.key == "99999-9" }).results
        #expect(local.map(\.flag) == [.normal], "nothing to judge by: no flag, not a judgement")
        #expect(local[0].range == nil && !local[0].isWardRange)
    }

    @Test func answersInWordsAndReasonsAreResults() async throws {
        let worksheet = try await load([
            Self.lab("c1", "600-7", "Bacteria identified in Blood by Culture", .concept(CodedConcept(text: "Not detected"))),
            Self.lab("c2", "600-7", "Bacteria identified in Blood by Culture", at: Self.t0 - 60, absent: "not performed: specimen haemolysed"),
            Self.lab("c3", "600-7", "Bacteria identified in Blood by Culture", .boolean(true), at: Self.t0 - 120),
            Self.lab("c4", "600-7", "Bacteria identified in Blood by Culture", at: Self.t0 - 180, status: .registered),
        ])
        let test = try #require(worksheet.tests.first)
        #expect(worksheet.panels.first?.title == "Microbiology")
        #expect(test.results.map(\.value) == [.text("Not detected"), .absent("not performed: specimen haemolysed"), .text("yes"), .absent("pending")])
    }

    @Test func enteredInErrorIsKeptMarkedAndNeverTheCellsValue() async throws {
        let worksheet = try await load([
            Self.lab("k-wrong", "2823-3", "Potassium", Self.mmol(9.9), status: .enteredInError),
            Self.lab("k-right", "2823-3", "Potassium", Self.mmol(4.1), status: .corrected),
        ])
        let test = try #require(worksheet.tests.first)
        #expect(test.results.count == 2, "the erroneous value stays in the history")
        #expect(test.result(at: Self.t0)?.observationID == "k-right")
        #expect(test.result(at: Self.t0)?.status == .corrected)
    }

    @Test func twoTestsThatShortenAlikeKeepTheirFullNames() async throws {
        let worksheet = try await load([
            Self.lab("g1", "2345-7", "Glucose [Mass/volume] in Serum or Plasma", .quantity(Quantity(value: 110))),
            Self.lab("g2", "2339-0", "Glucose [Mass/volume] in Blood", .quantity(Quantity(value: 6))),
        ])
        #expect(Set(worksheet.tests.map(\.name)) == ["Glucose [Mass/volume] in Serum or Plasma", "Glucose [Mass/volume] in Blood"])
    }

    @Test func aPanelObservationsComponentsAreRowsOfTheirOwn() async throws {
        var panel = Self.lab("abg", "24336-0", "Gas panel - Arterial blood")
        panel.components = [
            Observation.Component(code: CodedConcept(codings: [Coding(system: CodeSystem.loinc, code: "2744-1", display: "pH of Arterial blood")]),
                                  value: .quantity(Quantity(value: 7.31))),
            Observation.Component(code: CodedConcept(codings: [Coding(system: CodeSystem.loinc, code: "2019-8", display: "Carbon dioxide [Partial pressure] in Arterial blood")]),
                                  value: .quantity(Quantity(value: 52, unit: "mm[Hg]")), interpretation: [Coding(code: "H")]),
        ]
        let worksheet = try await load([panel])
        #expect(worksheet.panels.map(\.title) == ["Blood gas"])
        #expect(worksheet.tests.map(\.name) == ["pCO2", "pH"], "by the names wards use")
        #expect(worksheet.tests.first?.results.first?.flag == .high)
    }

    @Test func anObservationAReportNamesIsAResultWhateverItsCategory() async throws {
        let worksheet = try await load(
            [Self.lab("t1", "10839-9", "Troponin I.cardiac [Mass/volume] in Serum or Plasma", .quantity(Quantity(value: 0.5)), category: .other)],
            reports: [DiagnosticReport(id: "r", patientID: "p1", code: CodedConcept(text: "Cardiac markers"), status: .final, resultIDs: ["t1"])])
        #expect(worksheet.panels.map(\.title) == ["Cardiac markers"])
    }

    /// A CBC sent as a panel Observation with `hasMember`: its members are rows under it, once,
    /// and the panel itself (no value) is not a row.
    @Test func aHasMemberPanelGroupsItsMembersOnce() async throws {
        var panel = Self.lab("cbc", "58410-2", "CBC panel - Blood by Automated count")
        panel.memberIDs = ["hb", "wbc"]
        let worksheet = try await load([
            panel,
            Self.lab("hb", "718-7", "Hemoglobin [Mass/volume] in Blood", .quantity(Quantity(value: 9.1, unit: "g/dL"))),
            Self.lab("wbc", "6690-2", "Leukocytes [#/volume] in Blood by Automated count", .quantity(Quantity(value: 12.3))),
        ])
        #expect(worksheet.panels.map(\.title) == ["CBC panel"])
        #expect(worksheet.tests.map(\.name) == ["Hb", "WBC"])
        #expect(worksheet.tests.allSatisfy { $0.results.count == 1 })
    }

    @Test func shortNamesDropThePropertyAndTheSpecimen() {
        #expect(LabTestName.short("Potassium [Moles/volume] in Serum or Plasma") == "Potassium")
        #expect(LabTestName.short("INR in Platelet poor plasma by Coagulation assay") == "INR")
        #expect(LabTestName.short("Hemoglobin A1c/Hemoglobin.total in Blood") == "Hemoglobin A1c/Hemoglobin.total")
        #expect(LabTestName.short("aPTT") == "aPTT")
        #expect(LabTestName.panel("CBC panel - Blood by Automated count") == "CBC panel")
        #expect(LabTestName.panel("Comprehensive metabolic 2000 panel - Serum or Plasma") == "Comprehensive metabolic 2000 panel")
        #expect(LabTestName.panel("Lipid panel with direct LDL") == "Lipid panel with direct LDL")
    }
}
