import Foundation
import Glibc

/// Reads FHIR R4 JSON as it arrives from a server or a bulk export: NDJSON (one resource per
/// line), a Bundle (any type), or a single resource, told apart by content (and by the
/// `.ndjson` / `.jsonl` extension; other names count as NDJSON when their first line is a
/// complete JSON value with more after it). Nothing in the input makes it crash or throw:
/// every defect becomes a `FHIRProblem`, and the readable resources around it are still returned.
///
/// Within one source the first resource with a given type and id wins; a later one is
/// reported as `duplicateResource` (streaming cannot take back what it already delivered).
public struct FHIRReader: Sendable {
    public var limits: FHIRLimits

    public init(limits: FHIRLimits = FHIRLimits()) {
        self.limits = limits
    }

    /// Every resource and problem in the file at `url`. Throws only when the file cannot be read.
    public func read(contentsOf url: URL) throws(FHIRReadError) -> ReadResult {
        read(try Self.load(url), file: url.lastPathComponent)
    }

    /// Every resource and problem in `data`; `file` names the source in problems.
    public func read(_ data: Data, file: String? = nil) -> ReadResult {
        var result = ReadResult()
        forEachResource(in: data, file: file, onProblem: { result.problems.append($0) }, onResource: { result.resources.append($0) })
        return result
    }

    /// Streams the file at `url`: each resource and problem is handed over as soon as it is
    /// read, so an import never holds a whole export in memory. The file is memory-mapped,
    /// not copied. Throws when the file cannot be read, or what the closures throw (which stops the read).
    public func forEachResource(
        in url: URL, onProblem: (FHIRProblem) throws -> Void, onResource: (DecodedResource) throws -> Void
    ) throws {
        try forEachResource(in: try Self.load(url), file: url.lastPathComponent, onProblem: onProblem, onResource: onResource)
    }

    /// Streams `data` as `forEachResource(in:onProblem:onResource:)` streams a file.
    public func forEachResource(
        in data: Data, file: String? = nil, onProblem: (FHIRProblem) throws -> Void, onResource: (DecodedResource) throws -> Void
    ) rethrows {
        var seen = Set<ResourceKey>()
        try data.withUnsafeBytes { bytes in
            try SourceReading(file: file, limits: limits).read(bytes) { outcome in
                for problem in outcome.problems { try onProblem(problem) }
                guard let resource = outcome.resource else { return }
                let key = ResourceKey(type: resource.resourceType, id: resource.id)
                guard seen.insert(key).inserted else {
                    return try onProblem(outcome.origin.problem(
                        type: key.type, id: key.id, "appears more than once in this source; the first one is kept", kind: .duplicateResource
                    ))
                }
                try onResource(resource)
            }
        }
    }

    private static func load(_ url: URL) throws(FHIRReadError) -> Data {
        // A device, pipe or folder is no FHIR file (they were reported as "permission denied",
        // and /dev/zero would never end); an empty file has nothing to import.
        var info = stat()
        if stat(url.path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFREG else {
                throw FHIRReadError(file: url.path, reason: "not a regular file (a device, pipe or folder): give a FHIR JSON or NDJSON file")
            }
            guard info.st_size > 0 else { throw FHIRReadError(file: url.path, reason: "the file is empty: nothing to import") }
        }
        do {
            return try Data(contentsOf: url, options: .alwaysMapped)
        } catch let error as CocoaError {
            let reason = switch error.code {
            case .fileReadNoSuchFile: "no such file: check the path"
            case .fileReadNoPermission: "permission denied: check that it is readable"
            default: "the file could not be opened: check that it is readable"
            }
            throw FHIRReadError(file: url.path, reason: reason)
        } catch {
            throw FHIRReadError(file: url.path, reason: "the file could not be opened: check that it is readable")
        }
    }
}
