import CoreDomain
import DataFHIR
import Foundation
import Testing

@Suite struct FHIRReaderTests {
    static let patient = #"{"resourceType":"Patient","id":"p1"}"#
    static let practitioner = #"{"resourceType":"Practitioner","id":"dr1"}"#

    @Test func ndjsonKeepsReadingPastGarbageAndTruncatedLines() throws {
        let text = [Self.patient, "garbage", #"{"resourceType":"Patient","id":"p2","gen"#, "", "   ", Self.practitioner, "[1,2]"].joined(separator: "\n")
        let result = readSource(text, file: "mixed.ndjson")
        #expect(result.resources.map(\.id) == ["p1", "dr1"])
        #expect(result.problems.map(\.location) == ["line 2, column 1", "line 3, column 41", "line 7"])
        #expect(result.problems.allSatisfy { $0.kind == .unreadable && $0.severity == .error })
        #expect(result.problems[1].description == "mixed.ndjson: line 3, column 41: not valid JSON: unterminated string")
    }

    @Test func ndjsonLinesAreStoredAsTheExactBytesReceived() throws {
        let line = #"{"resourceType":"Patient",  "id":"p1", "birthDate":"1970", "extension":[{"url":"u","valueDecimal":0.10}]}"#
        let result = readSource("\u{FEFF}" + line + "\r\n" + Self.practitioner + "\r\n", file: nil)
        #expect(result.resources.map(\.json) == [Data(line.utf8), Data(Self.practitioner.utf8)])
    }

    @Test func formatIsDetectedFromContent() throws {
        #expect(readSource(Self.patient + "\n" + Self.practitioner, file: nil).resources.count == 2)
        let pretty = "{\n  \"resourceType\": \"Patient\",\n  \"id\": \"p1\"\n}\n"
        #expect(readSource(pretty, file: "p.json").resources.map(\.id) == ["p1"])
        #expect(readSource(Self.patient + "\n", file: "p.json").resources.map(\.id) == ["p1"])
        #expect(readSource("", file: "empty.ndjson").resources.isEmpty)
        #expect(readSource("", file: "empty.ndjson").problems.isEmpty)
    }

    @Test func documentParseErrorsGiveLineAndColumn() throws {
        let result = readSource("{\n  \"resourceType\": \"Patient\",\n  \"id\": p1\n}", file: "p.json")
        #expect(result.problems.map(\.description) == ["p.json: line 3, column 9: not valid JSON: unexpected character where a value should start"])
    }

    @Test func hundredThousandNestedArraysAreRejectedWithoutCrashing() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        for file in ["deep.ndjson", "deep.json"] {
            let result = readSource(deep, file: file)
            #expect(result.resources.isEmpty)
            #expect(result.problems.count == 1)
            #expect(result.problems.first?.message.contains("nested deeper than") == true)
        }
        let nestedInResource = #"{"resourceType":"Patient","id":"p1","extension":"# + String(repeating: "[", count: 70) + String(repeating: "]", count: 70) + "}"
        let inLine = readSource(nestedInResource + "\n" + Self.practitioner, file: "n.ndjson")
        #expect(inLine.resources.map(\.id) == ["dr1"])
        #expect(inLine.problems.map(\.description) == ["n.ndjson: line 1, column 112: JSON nested deeper than 64 levels; not read"])
        #expect(readSource(nestedInResource, file: "n.json").problems.first?.message == "JSON nested deeper than 64 levels; not read")
    }

    /// One entry nested too deep is skipped and named; its neighbours are read. The whole
    /// Bundle was refused, good entries with it.
    @Test func aBundleEntryNestedTooDeepIsSkippedAndTheRestRead() throws {
        let deep = #"{"resourceType":"Observation","id":"o-deep","extension":"# + String(repeating: "[", count: 70) + String(repeating: "]", count: 70) + "}"
        let alsoDeep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let bundle = #"{"resourceType":"Bundle","type":"collection","entry":[{"resource":\#(Self.patient)},{"resource":\#(deep)},"#
            + #"{"resource":\#(Self.practitioner)},{"resource":{"resourceType":"Observation","id":"o2","x":\#(alsoDeep)}}]}"#
        let result = readSource(bundle, file: "b.json")
        #expect(result.resources.map(\.id) == ["p1", "dr1"])
        #expect(result.problems.map(\.description) == [
            "b.json: entry 2: Observation/o-deep: JSON nested deeper than 64 levels; entry skipped",
            "b.json: entry 4: Observation/o2: JSON nested deeper than 64 levels; entry skipped",
        ])
    }

    /// Nesting outside any entry is the Bundle's own: nothing in it can be trusted to be read whole.
    @Test func aBundleNestedTooDeepOutsideItsEntriesIsRefused() throws {
        let bundle = #"{"resourceType":"Bundle","type":"collection","meta":{"x":"# + String(repeating: "[", count: 70) + String(repeating: "]", count: 70)
            + #"},"entry":[{"resource":\#(Self.patient)}]}"#
        let result = readSource(bundle, file: "b.json")
        #expect(result.resources.isEmpty)
        #expect(result.problems.map(\.message) == ["JSON nested deeper than 64 levels; not read"])
    }

    @Test func nestingUpToTheLimitIsAccepted() throws {
        let depth63 = #"{"resourceType":"Patient","id":"p1","extension":"# + String(repeating: "[", count: 63) + String(repeating: "]", count: 63) + "}"
        #expect(readSource(depth63).resources.count == 1)
    }

    @Test func oversizedResourcesAreRejectedByTheLimit() throws {
        let reader = FHIRReader(limits: FHIRLimits(maxResourceBytes: 64))
        let big = #"{"resourceType":"Patient","id":"p1","name":[{"text":"\#(String(repeating: "x", count: 80))"}]}"#
        let result = reader.read(Data((big + "\n" + Self.patient).utf8), file: "big.ndjson")
        #expect(result.resources.map(\.id) == ["p1"])
        #expect(result.problems.map(\.description) == ["big.ndjson: line 1: resource is larger than 64 bytes; not read"])
        #expect(reader.read(Data(big.utf8), file: "big.json").problems.first?.kind == .unreadable)
        let bundle = "{\n\"resourceType\": \"Bundle\", \"type\": \"collection\", \"entry\": [{\"resource\": \(Self.patient)}]\n}"
        #expect(FHIRReader(limits: FHIRLimits(maxDocumentBytes: 64)).read(Data(bundle.utf8), file: "b.json").problems.map(\.description)
            == ["b.json: JSON document is larger than 64 bytes; not read (split it, or export NDJSON)"])
        #expect(FHIRReader().read(Data(bundle.utf8), file: "b.json").resources.count == 1)
    }

    @Test func duplicateLinesKeepTheFirst() throws {
        let result = readSource(Self.patient + "\n" + #"{"resourceType":"Patient","id":"p1","gender":"male"}"#)
        #expect(result.resources.map { $0.content.patient?.gender } == [.unknown])
        #expect(result.problems.map(\.kind) == [.duplicateResource])
    }

    @Test func nonResourcesAreReported() throws {
        #expect(readSource(#"{"id":"x"}"#).problems.map(\.description) == ["test.ndjson: line 1: resourceType: missing (not a FHIR resource)"])
        #expect(readSource(#"{"resourceType":"bundle!"}"#).problems.first?.path == "resourceType")
        #expect(readSource(#"{"resourceType":"Bundle","type":"collection"}"#).problems.first?.kind == .unsupportedType)
        #expect(readSource(#"{"a":1,"a":2}"#).problems.first?.message == #"not valid JSON: member "a" appears twice in one object"#)
    }

    @Test func streamingHandsOverEachResourceAndCanStop() throws {
        struct Enough: Error {}
        let text = (1...5).map { #"{"resourceType":"Patient","id":"p\#($0)"}"# }.joined(separator: "\n")
        var seen: [String] = []
        #expect(throws: Enough.self) {
            try FHIRReader().forEachResource(in: Data(text.utf8), file: "s.ndjson", onProblem: { _ in }) { resource in
                seen.append(resource.id)
                if seen.count == 3 { throw Enough() }
            }
        }
        #expect(seen == ["p1", "p2", "p3"])
    }

    @Test func filesAreReadAndUnreadableFilesThrowAUserMessage() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fhir-reader-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("Patient.ndjson")
        try Data((Self.patient + "\nnot json\n").utf8).write(to: url)
        let result = try FHIRReader().read(contentsOf: url)
        #expect(result.resources.map(\.id) == ["p1"])
        #expect(result.problems.map(\.description) == ["Patient.ndjson: line 2, column 1: not valid JSON: unexpected character where a value should start"])
        let missing = directory.appendingPathComponent("none.ndjson")
        #expect(throws: FHIRReadError(file: missing.path, reason: "no such file: check the path")) { try FHIRReader().read(contentsOf: missing) }
    }

    /// A device, a pipe, a folder or an empty file is said for what it is (they read as
    /// "permission denied", /dev/zero never ended, and an empty file passed silently).
    @Test(arguments: ["/dev/null", "/dev/zero", NSTemporaryDirectory()])
    func whatIsNotARegularFileIsRefusedForWhatItIs(_ path: String) {
        #expect(throws: FHIRReadError(file: URL(fileURLWithPath: path).path, reason: "not a regular file (a device, pipe or folder): give a FHIR JSON or NDJSON file")) {
            try FHIRReader().read(contentsOf: URL(fileURLWithPath: path))
        }
    }

    @Test func anEmptyFileHasNothingToImport() throws {
        let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("empty-\(UUID().uuidString).ndjson")
        try Data().write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(throws: FHIRReadError(file: url.path, reason: "the file is empty: nothing to import")) { try FHIRReader().read(contentsOf: url) }
    }
}
