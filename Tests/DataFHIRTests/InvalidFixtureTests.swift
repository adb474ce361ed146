import CoreDomain
import DataFHIR
import Foundation
import Testing

/// Every file in Fixtures/invalid against Fixtures/invalid/EXPECTED.md: each expected problem is
/// found (by resource or line, and path), the valid resources around it are still read, and
/// nothing crashes. Skipped until `make fixtures` has produced the files.
@Suite(.enabled(if: Fixtures.invalidAvailable, "Fixtures/invalid has not been generated"))
struct InvalidFixtureTests {
    /// One `## file` section of EXPECTED.md.
    struct Expectation: CustomTestStringConvertible, Sendable {
        var file: String
        /// `Type/id` of the resources that must be read.
        var valid: [String]
        /// `Type/id.path` or `line n`, as EXPECTED.md lists them (message dropped).
        var problems: [String]
        var testDescription: String { file }
    }

    static let expectations: [Expectation] = {
        let url = Fixtures.root.appendingPathComponent("invalid/EXPECTED.md")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        var result: [Expectation] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let ticked = line.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
            if line.hasPrefix("## "), let file = ticked.first {
                result.append(Expectation(file: file, valid: [], problems: []))
            } else if line.hasPrefix("Valid, should be read:"), !result.isEmpty {
                result[result.count - 1].valid = ticked.compactMap { $0.split(separator: " ").first.map(String.init) }
            } else if line.hasPrefix("- `"), !result.isEmpty, let problem = ticked.first {
                result[result.count - 1].problems.append(String(problem.prefix { $0 != ":" }))
            }
        }
        return result
    }()

    /// Expected problems this reader reports differently, on purpose: the replacement it gives
    /// instead (nil: not reported, because the workstation does not read that element).
    static let deviations: [String: String?] = [
        "Patient/bad-pat-active-string.active": nil,
        "Bundle/bad-bundle-duplicate-ids.entry[1].fullUrl": "Patient/dup-pat",
        "Bundle/bad-bundle-duplicate-ids.entry[1].resource": "Patient/dup-pat",
        // Empty strings are read as absent, so the code is reported as empty as a whole; the
        // workstation does not read `media`.
        "DiagnosticReport/imgrpt-00c4650c4ca0.code.coding[0].code": "DiagnosticReport/imgrpt-00c4650c4ca0.code",
        "DiagnosticReport/imgrpt-00c4650c4ca0.code.coding[0].display": "DiagnosticReport/imgrpt-00c4650c4ca0.code",
        "DiagnosticReport/imgrpt-00c4650c4ca0.code.text": "DiagnosticReport/imgrpt-00c4650c4ca0.code",
        "DiagnosticReport/imgrpt-00c4650c4ca0.media[0].link.reference": nil,
        // The workstation does not read a dose's timing (R4's MedicationAdministration.dosage has none).
        "MedicationAdministration/mar-00298453a26d.dosage.timing": nil,
    ]

    /// Resources read although EXPECTED.md does not list them as valid: their only defect is
    /// in an element the workstation does not use, or only a whole-set check finds it.
    static let keptAnyway: Set<String> = [
        "Patient/bad-pat-active-string", "Encounter/bad-enc-dangling", "MedicationAdministration/mar-00298453a26d",
    ]

    /// A problem as `Type/id.path` (or `Type/id`), comparable with EXPECTED.md.
    static func label(_ problem: FHIRProblem) -> String {
        var label = problem.resourceType.map { type in problem.resourceID.map { "\(type)/\($0)" } ?? type } ?? ""
        if !problem.path.isEmpty { label += label.isEmpty ? problem.path : ".\(problem.path)" }
        return label
    }

    /// The file read, plus the references no resource in it or in Fixtures/demo satisfies.
    static func problems(reading url: URL) throws -> ReadResult {
        var result = try FHIRReader().read(contentsOf: url)
        var audit = ReferenceAudit()
        for resource in Fixtures.demo.resources + result.resources { audit.add(resource) }
        result.problems += audit.unresolvedReferences()
        return result
    }

    @Test func everyFixtureFileIsDescribed() {
        #expect(Set(Self.expectations.map(\.file)) == Set(Fixtures.files("invalid").map(\.lastPathComponent)))
    }

    @Test(arguments: expectations)
    func fileYieldsItsProblemsAndKeepsItsValidResources(_ expectation: Expectation) throws {
        let result = try Self.problems(reading: Fixtures.root.appendingPathComponent("invalid/\(expectation.file)"))
        #expect(!result.problems.isEmpty)
        for problem in result.problems where problem.kind != .unresolvedReference {
            #expect(problem.description.hasPrefix("\(expectation.file): "), "\(problem)")
        }
        let labels = result.problems.map(Self.label)
        let unsupported = Set(result.problems.filter { $0.kind == .unsupportedType }.map(Self.label))
        for expected in expectation.problems {
            let wanted = Self.deviations[expected] ?? expected
            guard let wanted else { continue }
            let resource = String(wanted.prefix { $0 != "." })
            let found = wanted.hasPrefix("line ")
                ? result.problems.contains { $0.location == wanted || $0.location?.hasPrefix(wanted + ",") == true }
                : labels.contains(wanted) || unsupported.contains(resource)
            #expect(found, "\(expectation.file): expected \(expected); got \(result.problems.map(\.description))")
        }
        let read = Set(result.resources.map { "\($0.resourceType)/\($0.id)" })
        for valid in expectation.valid where !unsupported.contains(valid) {
            #expect(read.contains(valid), "\(expectation.file): \(valid) was not read")
        }
        #expect(read.subtracting(expectation.valid).subtracting(Self.keptAnyway).isEmpty, "\(expectation.file): read \(read.sorted())")
    }
}
