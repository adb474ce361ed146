@testable import CoreDomain
import Foundation
import Testing

/// The log renders only what its field types allow, and writes only to its private file.
@Suite struct LogTests {
    private enum Failure: Error {
        case tampered(table: String, rowID: Int64)
        case unreadable
    }

    @Test func errorsAreLoggedByKindWithoutTheirValues() {
        #expect(LogField.error(Failure.tampered(table: "Smith, John 1954-04-12", rowID: 7)).text == "error=Failure.tampered")
        #expect(LogField.error(Failure.unreadable).text == "error=Failure")
    }

    @Test func fieldsRenderAsKeyValuePairs() {
        #expect(LogField.duration("import", .milliseconds(1534)).text == "import_ms=1534")
        #expect(LogField.count("resources", 120).text == "resources=120")
        #expect(LogField.code("outcome", "success").text == "outcome=success")
    }

    @Test func debugLinesGoToAPrivateFileOnlyWhenAskedFor() throws {
        let directory = NSTemporaryDirectory() + "emr-log-test-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/" + Log.fileName
        try Log.configure(environment: ["EMR_LOG": "info"], directory: directory)
        #expect(!FileManager.default.fileExists(atPath: path))
        try Log.configure(environment: ["EMR_LOG": "debug"], directory: directory)
        Log.debug("test.event", .count("rows", 3))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasSuffix(" test.event rows=3\n"))
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode.map { $0 & 0o777 } == 0o600)
    }

    /// Found by a fault run: a symbolic link in the log's place was followed, and emr appended
    /// to whatever it pointed at.
    @Test func aLinkInTheLogsPlaceIsRefusedAndItsTargetLeftAlone() throws {
        let directory = NSTemporaryDirectory() + "emr-log-link-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let target = directory + "/elsewhere"
        try Data("theirs\n".utf8).write(to: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(atPath: directory + "/" + Log.fileName, withDestinationPath: target)
        #expect(throws: LogFileProblem(path: directory + "/" + Log.fileName, problem: "is a symbolic link")) {
            try Log.configure(environment: ["EMR_LOG": "debug"], directory: directory)
        }
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "theirs\n")
    }
}
