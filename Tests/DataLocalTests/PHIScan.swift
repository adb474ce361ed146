import CoreDomain
import DataFHIR
import Foundation
import Glibc
@testable import DataLocal

/// Looks for patient identifiers in the raw bytes of the cache's files.
struct PHIScan {
    /// Shorter byte patterns turn up in megabytes of ciphertext by chance (four bytes: about
    /// once per 4 GB per pattern, which with dozens of names over several files is a flaky test).
    static let minimumLength = 5

    var tokens: Set<String> = []

    mutating func add(_ patient: Patient) {
        let candidates = patient.name.given + [patient.name.family, patient.mrn, patient.birthDate?.description, patient.id].compactMap { $0 }
        tokens.formUnion(candidates.filter { !$0.isEmpty })
    }

    /// What is searched for each token: the token itself when long enough; a short one
    /// ("Chen") in the forms a leak would take, as JSON text and length-prefixed as this cache
    /// encodes strings, which are long enough not to match ciphertext by chance.
    var patterns: [(token: String, bytes: [UInt8])] {
        tokens.sorted().flatMap { token -> [(token: String, bytes: [UInt8])] in
            let utf8 = Array(token.utf8)
            if utf8.count >= Self.minimumLength { return [(token, utf8)] }
            return [(token, Array("\"\(token)\"".utf8)), (token, [UInt8(utf8.count)] + utf8)]
        }
    }

    /// Every patient in the FHIR files at `urls`.
    mutating func addPatients(in urls: [URL]) throws {
        for url in urls {
            for resource in try FHIRReader().read(contentsOf: url).resources {
                if case let .patient(patient) = resource.content { add(patient) }
            }
        }
    }

    /// `token @ file` for every occurrence in the database, WAL, SHM and journal files that exist.
    func hits(in location: CacheLocation) throws -> [String] {
        var found: [String] = []
        for path in location.databaseFiles where FileManager.default.fileExists(atPath: path) {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            for pattern in patterns where Self.contains(bytes, pattern.bytes) {
                found.append("\(pattern.token) @ \((path as NSString).lastPathComponent)")
            }
        }
        return found.sorted()
    }

    /// `memchr` to each candidate first byte, `memcmp` for the rest: `Data.range(of:)` is too
    /// slow for megabytes times hundreds of tokens.
    private static func contains(_ haystack: Data, _ needle: [UInt8]) -> Bool {
        guard let first = needle.first else { return true }
        return haystack.withUnsafeBytes { (hay: UnsafeRawBufferPointer) -> Bool in
            guard let base = hay.baseAddress, hay.count >= needle.count else { return false }
            let last = hay.count - needle.count
            var offset = 0
            while offset <= last {
                guard let hit = memchr(base + offset, Int32(first), last - offset + 1) else { return false }
                let position = UnsafeRawPointer(hit) - base
                if memcmp(UnsafeRawPointer(hit), needle, needle.count) == 0 { return true }
                offset = position + 1
            }
            return false
        }
    }
}
