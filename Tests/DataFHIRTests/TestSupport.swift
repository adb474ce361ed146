import CoreDomain
@testable import DataFHIR
import Foundation
import Testing

/// Reads `json` as one source named `file` (NDJSON by default, so each line stands alone).
func readSource(_ json: String, file: String? = "test.ndjson") -> ReadResult {
    FHIRReader().read(Data(json.utf8), file: file)
}

/// Reads one resource written as JSON text (any layout), expecting it to be kept.
func decodeOne(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> DecodedResource {
    let result = FHIRReader().read(Data(json.utf8), file: "resource.json")
    let errors = result.problems.filter { $0.severity == .error }
    #expect(errors.isEmpty, "unexpected problems: \(errors.map(\.description))", sourceLocation: sourceLocation)
    return try #require(result.resources.first, sourceLocation: sourceLocation)
}

/// The single problem reading `json` produces, expecting the resource to be rejected.
func rejection(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> FHIRProblem {
    let result = FHIRReader().read(Data(json.utf8), file: "resource.json")
    #expect(result.resources.isEmpty, "resource should have been rejected", sourceLocation: sourceLocation)
    #expect(result.problems.count == 1, "problems: \(result.problems.map(\.description))", sourceLocation: sourceLocation)
    return try #require(result.problems.first, sourceLocation: sourceLocation)
}

/// A UTC date from its parts.
func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0) throws -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
    return try #require(calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)))
}

func decimal(_ text: String) throws -> Decimal {
    try #require(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")))
}

extension ClinicalResource {
    var patient: Patient? { if case .patient(let value) = self { value } else { nil } }
    var encounter: Encounter? { if case .encounter(let value) = self { value } else { nil } }
    var observation: Observation? { if case .observation(let value) = self { value } else { nil } }
    var medicationRequest: MedicationRequest? { if case .medicationRequest(let value) = self { value } else { nil } }
    var condition: Condition? { if case .condition(let value) = self { value } else { nil } }
    var allergy: AllergyIntolerance? { if case .allergy(let value) = self { value } else { nil } }
    var diagnosticReport: DiagnosticReport? { if case .diagnosticReport(let value) = self { value } else { nil } }
    var medicationAdministration: MedicationAdministration? {
        if case .medicationAdministration(let value) = self { value } else { nil }
    }
    var note: ClinicalNote? { if case .note(let value) = self { value } else { nil } }
    var procedure: Procedure? { if case .procedure(let value) = self { value } else { nil } }
    var immunization: Immunization? { if case .immunization(let value) = self { value } else { nil } }
    var carePlan: CarePlan? { if case .carePlan(let value) = self { value } else { nil } }
    var goal: Goal? { if case .goal(let value) = self { value } else { nil } }
    var location: Location? { if case .location(let value) = self { value } else { nil } }
    var practitioner: Practitioner? { if case .practitioner(let value) = self { value } else { nil } }
}
