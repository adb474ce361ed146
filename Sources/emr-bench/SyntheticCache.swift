import DataLocal
import Foundation
import SecurityKit

/// An on-disk cache of `count` patients for the whole-process figures: the demo places and
/// practitioners once, then copies of the demo patients and their encounters (ids suffixed
/// `-cK`), imported with `CacheImporter` under a known passphrase. Kept between runs.
struct SyntheticCache {
    let options: BenchOptions
    let count: Int
    static let passphrase = "bench-passphrase"

    var home: String { options.work + "/census-\(count)" }

    /// Builds the cache unless a finished one of this size is there; returns its EMR_HOME.
    func prepare() throws -> String {
        let stamp = home + "/bench-stamp"
        if FileManager.default.contents(atPath: stamp) == Data("\(count)".utf8) { return emrHome }
        let root = try options.scratch("census-\(count)")
        let (keyFile, dataKey) = try KeyFile.create(passphrase: SecretBytes(copying: Array(Self.passphrase.utf8)))
        let location = CacheLocation(directory: emrHome)
        let cache = try EncryptedCache(database: CacheDatabase(location: location), dataKey: dataKey)
        try keyFile.write(to: URL(fileURLWithPath: location.keyFilePath))
        let importer = CacheImporter(cache: cache)
        for name in ["Location", "Practitioner"] {
            _ = try importer.importFile(at: options.fixtures.appendingPathComponent("\(name).ndjson"))
        }
        let patients = try lines("Patient"), encounters = try lines("Encounter")
        let copies = (count + patients.count - 1) / patients.count
        let batch = 50
        for first in stride(from: 0, to: copies, by: batch) {
            var patientLines: [String] = [], encounterLines: [String] = []
            for copy in first..<min(copies, first + batch) {
                let wanted = min(patients.count, count - copy * patients.count)
                patientLines += try patients.prefix(wanted).map { try copied($0, copy: copy) }
                encounterLines += try encounters.map { try copied($0, copy: copy) }
            }
            for (name, lines) in [("Patient", patientLines), ("Encounter", encounterLines)] {
                let file = URL(fileURLWithPath: root + "/\(name)-\(first).ndjson")
                try Data(lines.joined(separator: "\n").utf8).write(to: file)
                _ = try importer.importFile(at: file)
                try FileManager.default.removeItem(at: file)
            }
        }
        try Data("\(count)".utf8).write(to: URL(fileURLWithPath: stamp))
        return emrHome
    }

    var emrHome: String { home + "/emr" }

    private func lines(_ type: String) throws -> [String] {
        try String(contentsOf: options.fixtures.appendingPathComponent("\(type).ndjson"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
    }

    /// The resource with its id, patient reference and identifiers made unique to copy `copy`.
    private func copied(_ line: String, copy: Int) throws -> String {
        guard var resource = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            throw BenchFailure("a demo fixture line is not a JSON object")
        }
        let suffix = "-c\(copy)"
        resource["id"] = (resource["id"] as? String ?? "") + suffix
        if var subject = resource["subject"] as? [String: Any], let reference = subject["reference"] as? String {
            subject["reference"] = reference + suffix
            resource["subject"] = subject
        }
        if let identifiers = resource["identifier"] as? [[String: Any]] {
            resource["identifier"] = identifiers.map { identifier in
                var changed = identifier
                if let value = identifier["value"] as? String { changed["value"] = value + suffix }
                return changed
            }
        }
        return String(decoding: try JSONSerialization.data(withJSONObject: resource), as: UTF8.self)
    }
}
