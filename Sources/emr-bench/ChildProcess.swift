import Foundation

/// Runs a helper program to completion and hands back what it printed, decoded from JSON:
/// the Python peer and the pty harness each print one JSON object.
enum ChildProcess {
    static func json(_ arguments: [String], environment: [String: String] = [:]) throws -> [String: Any] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw BenchFailure("\(URL(fileURLWithPath: arguments[1]).lastPathComponent) \(arguments.dropFirst(2).prefix(1).joined()) failed (status \(process.terminationStatus))")
        }
        return object
    }

    /// A JSON array of numbers as `Double`s.
    static func numbers(_ object: [String: Any], _ key: String) -> [Double] {
        (object[key] as? [Any] ?? []).compactMap { ($0 as? NSNumber)?.doubleValue }
    }
}

/// `fhir.resources` parsing the demo files in the venv's Python, timed inside the script.
struct PythonPeer {
    let options: BenchOptions

    /// Resources per second, from the median of three runs after a warm-up.
    func parseRate(files: [URL]) throws -> Double {
        let result = try ChildProcess.json([options.python, options.scripts + "/fhir_parse_peer.py", "3"] + files.map(\.path))
        let parsed = (result["parsed"] as? NSNumber)?.doubleValue ?? 0
        let seconds = Samples(ChildProcess.numbers(result, "seconds")).median
        guard parsed > 0, seconds > 0 else { throw BenchFailure("the Python peer parsed nothing") }
        return parsed / seconds
    }
}
