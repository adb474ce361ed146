import CoreDomain
import CoreUseCases
import DataLocal
import Foundation
import SecurityKit
@testable import SharedPresentation
import Testing

/// The hand-made messes of Fixtures/messy (real-world records as servers send them: float
/// noise, a problem listed thirteen times, vital signs filed as laboratory, a value reported
/// twice, results that are only words or a reason, a patient without an MRN, a lab panel),
/// imported together as `emr import` stores them and read off each chart tab as the 80x24
/// chart pane draws it. Fixtures/messy/README.md says what each must show.
@Suite(.serialized) struct MessyRecordsTests {
    private func shown(_ patientID: String, _ tab: ChartTab) async throws -> (chart: ChartState, text: [String]) {
        try await MessyChart.shown(patientID, tab)
    }

    private func words(_ lines: [String]) -> String { MessyChart.words(lines) }

    /// Nothing skipped (checked as each file is imported), and every file's patient is on the list.
    @Test func everyFileImportsWhole() async throws {
        let cache = try MessyChart.imported.get()
        let patients = try MessyChart.patientIDs()
        #expect(patients.count == (try MessyChart.files()).count, "one patient a file")
        #expect(try await CachedPatientDirectory(cache: cache).listEntries(ward: nil).count == patients.count)
    }

    @Test func floatNoiseIsRoundedNeverCut() async throws {
        let vitals = try await shown("messy-float", .vitals)
        #expect(words(vitals.text).contains("40.9"), "\(vitals.text)")
        #expect(!vitals.text.joined().contains("40.89"), "no float noise on the Vitals tab")
        let summary = try await shown("messy-float", .summary)
        #expect(words(summary.text).contains("T 40.9 H! °C"), "\(summary.text)")
    }

    @Test func aProblemListedThirteenTimesIsOneLineAfterTheDisorder() async throws {
        let text = words(try await shown("messy-repeat", .summary).text)
        #expect(text.contains("Medication review due ×13 since 2012"), "\(text)")
        #expect(text.components(separatedBy: "Medication review due").count == 2, "one line")
        let disorder = try #require(text.range(of: "Essential hypertension"))
        let situation = try #require(text.range(of: "Medication review due"))
        #expect(disorder.lowerBound < situation.lowerBound, "situations after disorders")
    }

    @Test func bloodPressureFiledAsLaboratoryIsAVitalSignAndNotAResult() async throws {
        let vitals = try await shown("messy-bp", .vitals)
        #expect(words(vitals.text).contains("150/95"), "\(vitals.text)")
        let results = try await shown("messy-bp", .results)
        #expect(results.text.contains("No laboratory results recorded."), "\(results.text)")
    }

    @Test func aValueReportedTwiceIsOneVitalsRow() async throws {
        let vitals = try await shown("messy-dup", .vitals)
        guard let history = vitals.chart[VitalsState.self]?.history.value else { throw CacheError.storage(path: "", reason: "not vitals") }
        let readings = history.series.flatMap(\.readings)
        #expect(readings.filter { $0.sign == .bloodPressure }.count == 1, "panel and halves are one reading")
        #expect(readings.filter { $0.sign == .heartRate }.count == 1, "the same heart rate sent twice is one reading")
        #expect(words(vitals.text).contains("120/80"), "\(vitals.text)")
    }

    @Test func resultsInWordsOrOnlyAReasonAreShown() async throws {
        let results = words(try await shown("messy-text", .results).text)
        #expect(results.contains("Not detected") && results.contains("Straw"), "\(results)")
        #expect(results.contains("Potassium not performed: specimen haemolysed"), "the reason whole: \(results)")
    }

    @Test func aPatientWithoutAnMRNShowsTheIdentifierItHas() async throws {
        let banner = words(try await shown("messy-nomrn", .summary).text)
        #expect(banner.contains("Passport X1234567"), "\(banner)")
        #expect(!banner.contains("MRN none"))
    }

    @Test func aLabPanelGroupsItsResultsWithItsConclusion() async throws {
        let results = try await shown("messy-panel", .results).text
        #expect(results.contains("Basic metabolic panel") && results.contains("  Mild hyperkalaemia"), "\(results)")
        let potassium = try #require(results.first { $0.hasPrefix("Potassium") })
        #expect(potassium.contains("5.6 H") && potassium.contains("3.5-5.1"), "\(potassium)")
        #expect(results.contains { $0.hasPrefix("Sodium") && $0.contains("138") })
    }

    /// 37.95 °C read `38`, as if whole degrees were charted.
    @Test func aTemperatureRoundedToAWholeDegreeKeepsItsTenth() async throws {
        let vitals = words(try await shown("messy-float", .vitals).text)
        #expect(vitals.contains("38.0"), "\(vitals)")
    }

    /// `Amoxicillin 500 MG Oral Tablet 1 TID`: a dose sent as a bare number is read with the form its drug names.
    @Test func aBareDoseNumberTakesTheUnitOfItsDoseForm() async throws {
        let meds = words(try await shown("messy-dose", .medications).text)
        #expect(meds.contains("Amoxicillin 500 MG Oral Tablet 1 tablet"), "\(meds)")
    }
}
