import Foundation
import Testing

/// Whole-screen text snapshots, reviewed by hand once and committed under Snapshots/.
/// Run with EMR_RECORD_SNAPSHOTS=1 to write them anew after an intended change, then review
/// the diff before committing.
enum Snapshot {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Snapshots")

    /// Compares `screen` (one string per row) with Snapshots/`name`.txt, each row framed in `|`
    /// so trailing spaces show.
    static func expectMatches(_ screen: [String], name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let text = screen.map { "|" + $0 + "|" }.joined(separator: "\n") + "\n"
        let file = folder.appendingPathComponent("\(name).txt")
        if ProcessInfo.processInfo.environment["EMR_RECORD_SNAPSHOTS"] == "1" {
            try Data(text.utf8).write(to: file)
        }
        let expected = try String(contentsOf: file, encoding: .utf8)
        #expect(text == expected, "screen \(name) differs from Snapshots/\(name).txt", sourceLocation: sourceLocation)
    }
}
