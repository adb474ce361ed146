import CoreDomain
import DataFHIR
import Foundation

/// The generated fixtures (Fixtures/demo, Fixtures/invalid) at the package root, and an
/// independent way to read them (JSONSerialization) to check the reader against.
enum Fixtures {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static func files(_ folder: String) -> [URL] {
        let directory = root.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".ndjson") || $0.hasSuffix(".json") }.sorted().map { directory.appendingPathComponent($0) }
    }

    static var demoAvailable: Bool { !files("demo").isEmpty }
    static var invalidAvailable: Bool { FileManager.default.fileExists(atPath: root.appendingPathComponent("invalid/EXPECTED.md").path) }

    /// Every demo resource as decoded, with the problems (expected: none).
    static let demo: ReadResult = {
        var result = ReadResult()
        for url in files("demo") {
            guard let fileResult = try? FHIRReader().read(contentsOf: url) else { continue }
            result.resources += fileResult.resources
            result.problems += fileResult.problems
        }
        return result
    }()
}

/// Plain JSON access for the independent side of the fixture checks.
typealias JSON = [String: Any]

extension DecodedResource {
    /// The stored JSON, parsed by Foundation rather than by the reader under test.
    var raw: JSON { ((try? JSONSerialization.jsonObject(with: json)) as? JSON) ?? [:] }
}

enum Independent {
    static func string(_ json: JSON?, _ key: String) -> String? { json?[key] as? String }
    static func object(_ json: JSON?, _ key: String) -> JSON? { json?[key] as? JSON }
    static func objects(_ json: JSON?, _ key: String) -> [JSON] { json?[key] as? [JSON] ?? [] }

    /// `Patient/123` -> `123`.
    static func referencedID(_ json: JSON?, _ key: String) -> String? {
        string(object(json, key), "reference")?.split(separator: "/").last.map(String.init)
    }

    static func concept(_ json: JSON?) -> CodedConcept? {
        guard let json else { return nil }
        let codings = objects(json, "coding").map { Coding(system: string($0, "system"), code: string($0, "code"), display: string($0, "display")) }
        return CodedConcept(codings: codings, text: string(json, "text"))
    }

    static func quantity(_ json: JSON?) -> (value: Double, unit: String?)? {
        guard let value = (json?["value"] as? NSNumber)?.doubleValue else { return nil }
        return (value, string(json, "unit") ?? string(json, "code"))
    }

    /// ISO 8601 through Foundation's formatter; partial dates as UTC midnight.
    static func date(_ text: String?) -> Date? {
        guard let text else { return nil }
        let formatter = ISO8601DateFormatter()
        switch text.count {
        case 4: return date(text + "-01-01")
        case 7: return date(text + "-01")
        case 10: formatter.formatOptions = [.withFullDate]
        default: formatter.formatOptions = text.contains(".") ? [.withInternetDateTime, .withFractionalSeconds] : [.withInternetDateTime]
        }
        return formatter.date(from: text)
    }

    /// Equal to the millisecond: Foundation's formatter reads no further, the reader keeps microseconds.
    static func sameInstant(_ a: Date?, _ b: Date?) -> Bool {
        switch (a, b) {
        case let (a?, b?): abs(a.timeIntervalSince(b)) < 0.001
        case (nil, nil): true
        default: false
        }
    }

    /// A decimal as the nearest double, through its text: `NSDecimalNumber.doubleValue` is off
    /// in the last digit on Linux (0.373 -> 0.37299999999999994), which would hide real mismatches.
    static func double(_ decimal: Decimal?) -> Double? {
        decimal.flatMap { Double($0.description) }
    }

    /// `entered-in-error` and `enteredInError` name the same code.
    static func sameCode(_ fhir: String?, _ domain: String?) -> Bool {
        fhir?.replacingOccurrences(of: "-", with: "").lowercased() == domain?.lowercased()
    }
}
