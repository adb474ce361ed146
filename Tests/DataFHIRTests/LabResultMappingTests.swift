import CoreDomain
@testable import DataFHIR
import Foundation
import Testing

/// What real servers send for results, written by hand: values with only text or only a
/// reason, notes, vital signs filed under the wrong category, and the reports that group labs.
@Suite struct LabResultMappingTests {
    private func observation(_ body: String, category: String? = "laboratory", code: String = "2823-3") throws -> Observation {
        let categoryJSON = category.map { #""category": [{"coding": [{"system": "http://terminology.hl7.org/CodeSystem/observation-category", "code": "\#($0)"}]}],"# } ?? ""
        let json = """
        {"resourceType": "Observation", "id": "o1", "status": "final", \(categoryJSON)
         "code": {"coding": [{"system": "http://loinc.org", "code": "\(code)"}]},
         "subject": {"reference": "Patient/p1"}, "effectiveDateTime": "2025-01-31T08:00:00Z", \(body)}
        """
        return try #require(try decodeOne(json).content.observation)
    }

    @Test func aResultWithOnlyAReasonKeepsTheReason() throws {
        let read = try observation(#""dataAbsentReason": {"text": "not performed: specimen haemolysed"}"#)
        #expect(read.value == nil)
        #expect(read.dataAbsentReason?.displayName == "not performed: specimen haemolysed")
    }

    @Test func notesAreReadInOrder() throws {
        let read = try observation(#""valueString": "Positive", "note": [{"text": "repeat sample"}, {"authorString": "lab"}, {"text": "called to ward"}]"#)
        #expect(read.notes == ["repeat sample", "called to ward"])
        #expect(read.value == .string("Positive"))
    }

    @Test(arguments: [nil, "exam", "survey", "laboratory"] as [String?])
    func aVitalSignUnderAnotherCategoryIsAVitalSign(_ category: String?) throws {
        let read = try observation(#""valueQuantity": {"value": 88, "unit": "/min", "code": "/min", "system": "http://unitsofmeasure.org"}"#,
                                   category: category, code: "8867-4")
        #expect(read.category == .vitalSigns)
    }

    @Test func bloodPressureHalvesFiledAsLaboratoryAreVitalSigns() throws {
        let read = try observation(#""valueQuantity": {"value": 142, "unit": "mm[Hg]"}"#, category: "laboratory", code: "8480-6")
        #expect(read.category == .vitalSigns, "Synthea files BP halves as laboratory")
    }

    @Test func aNonVitalCodeWithoutCategoryStaysOther() throws {
        #expect(try observation(#""valueQuantity": {"value": 4.1}"#, category: nil).category == .other)
    }

    @Test func aPanelsMembersAreRead() throws {
        let read = try observation(#""hasMember": [{"reference": "Observation/hb"}, {"reference": "Observation/wbc"}]"#, code: "58410-2")
        #expect(read.memberIDs == ["hb", "wbc"])
        #expect(read.value == nil)
    }

    static let report = """
    {"resourceType": "DiagnosticReport", "id": "r1", "status": "final",
     "category": [{"coding": [{"system": "http://terminology.hl7.org/CodeSystem/v2-0074", "code": "LAB"}]}],
     "code": {"coding": [{"system": "http://loinc.org", "code": "51990-0", "display": "Basic metabolic panel - Blood"}]},
     "subject": {"reference": "Patient/p1"}, "effectiveDateTime": "2025-01-31T08:00:00Z",
     "result": [{"reference": "Observation/k1"}, {"reference": "Observation/na1"}, {"display": "chloride, see paper"}, {"reference": "#c1"}],
     "conclusion": "Hyperkalaemia; repeat sample requested"}
    """

    @Test func aReportGroupsItsResultsAndDropsOnlyTheLinksItCannotFollow() throws {
        let result = FHIRReader().read(Data(Self.report.utf8), file: "report.json")
        let report = try #require(result.resources.first?.content.diagnosticReport)
        #expect(report.resultIDs == ["k1", "na1"])
        #expect(report.code.displayName == "Basic metabolic panel - Blood")
        #expect(report.conclusion == "Hyperkalaemia; repeat sample requested")
        #expect(report.status == .final)
        let warnings = result.problems.filter { $0.severity == .warning }.map(\.description)
        #expect(warnings.count == 2, "the display-only and the contained result are named: \(warnings)")
    }

    @Test func aReportWithoutSubjectIsRejected() {
        let json = Self.report.replacingOccurrences(of: #""subject": {"reference": "Patient/p1"},"#, with: "")
        let result = FHIRReader().read(Data(json.utf8), file: "report.json")
        #expect(result.resources.isEmpty)
        #expect(result.problems.contains { $0.description.contains("subject") })
    }
}
