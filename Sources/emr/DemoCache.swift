import DataLocal
import Foundation
import SecurityKit

/// The demo's own cache under `EMR_HOME/demo`: built from `Fixtures/demo` on first run (or
/// `--reset`), every date shifted by one offset so the newest data point is "now" (see
/// `DemoDateShift`), and unlocked with a generated key that is never asked for. Same cache
/// code as real use.
struct DemoCache {
    let location: CacheLocation

    init(home: CacheLocation) {
        location = CacheLocation(directory: home.directory + "/demo")
    }

    private var passphrasePath: String { location.directory + "/demo-passphrase" }
    private var shiftPath: String { location.directory + "/demo-shift" }

    /// Opens the demo cache, building it first when needed (a cache just built needs no
    /// structure check). Returns the session and the shift its values were stored with.
    func open(
        reset: Bool, fixtures: URL?, now: Date, structureCheck: CacheDatabase.StructureCheck = .atOpen, say: (String) -> Void
    ) throws(CommandFailure) -> (CacheSession, DemoDateShift) {
        let fileManager = FileManager.default
        if !reset, fileManager.fileExists(atPath: location.keyFilePath), fileManager.fileExists(atPath: passphrasePath) {
            let source = PassphraseSource(file: passphrasePath, environment: [:])
            let session = try CacheSession.open(at: location, passphrases: source, structureCheck: structureCheck)
            let interval = fileManager.contents(atPath: shiftPath).flatMap { TimeInterval(String(decoding: $0, as: UTF8.self)) } ?? 0
            return (session, DemoDateShift(interval: interval))
        }
        guard let fixtures else {
            throw CommandFailure(message: "emr: demo data not found: set EMR_FIXTURES to the Fixtures folder", status: .usage)
        }
        let files = try demoFiles(in: fixtures)
        _ = try WipeCommand().run(location: location, confirmed: true)
        for path in [passphrasePath, shiftPath] where fileManager.fileExists(atPath: path) { try? fileManager.removeItem(atPath: path) }
        say("Preparing the demo cache from \(files.count) fixture files (first run only)...") // ASCII: the terminal may not be UTF-8

        let passphrase = randomBytes(24).base64EncodedString()
        let session = try CacheSession.create(at: location, passphrase: SecretBytes(copying: passphrase.utf8))
        try writePrivate(Data(passphrase.utf8), to: passphrasePath)
        let shift = try DemoDateShift(newestIn: files, now: now)
        let status = ImportCommand(files: files.map(\.path), quiet: true).run(session: session, storing: shift.storedValues, output: say, errors: say)
        guard status == .success else {
            throw CommandFailure(message: "emr: the demo fixtures did not import cleanly (see above): run 'make fixtures'", status: .finishedWithProblems)
        }
        try writePrivate(Data(String(shift.interval).utf8), to: shiftPath)
        return (session, shift)
    }

    private func demoFiles(in fixtures: URL) throws(CommandFailure) -> [URL] {
        let folder = fixtures.appendingPathComponent("demo", isDirectory: true)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        // Places and people first, so references resolve as patients arrive.
        let order = ["Location", "Practitioner", "Patient"]
        let files = names.filter { $0.hasSuffix(".ndjson") }.sorted { a, b in
            let rankA = order.firstIndex { a.hasPrefix($0 + ".") } ?? order.count
            let rankB = order.firstIndex { b.hasPrefix($0 + ".") } ?? order.count
            return rankA != rankB ? rankA < rankB : a < b
        }
        guard !files.isEmpty else {
            throw CommandFailure(message: "emr: no demo data in \(folder.path): run 'make fixtures'", status: .usage)
        }
        return files.map { folder.appendingPathComponent($0) }
    }

    private func writePrivate(_ data: Data, to path: String) throws(CommandFailure) {
        guard FileManager.default.createFile(atPath: path, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw CommandFailure(message: "emr: could not write \(path): check the folder's permissions", status: .usage)
        }
    }
}
