import Foundation

extension KeyFile {
    /// Key files are a few hundred bytes; anything much larger is not one.
    static let maximumFileSize = 64 << 10

    /// Reads and validates a key file.
    public static func read(from url: URL) throws(KeyFileError) -> KeyFile {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .io("cannot read \(url.path): \(error.localizedDescription)")
        }
        guard data.count <= maximumFileSize else { throw .corrupt(reason: "too large to be a key file") }
        do {
            return try JSONDecoder().decode(KeyFile.self, from: data)
        } catch let error as KeyFileError {
            throw error
        } catch let error as DecodingError {
            throw .corrupt(reason: Self.reason(error))
        } catch {
            throw .corrupt(reason: "unreadable JSON")
        }
    }

    /// Writes the key file atomically with mode 0600: a crash leaves the old file or the new one,
    /// never a torn mix that would lock the user out of their data.
    public func write(to url: URL) throws(KeyFileError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let json: Data
        do {
            json = try encoder.encode(self)
        } catch {
            throw .io("cannot encode the key file")
        }
        try AtomicFileWriter.write(json + Data("\n".utf8), to: url, permissions: 0o600)
    }

    private static func reason(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, _): "missing field \(key.stringValue)"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            "field \(context.codingPath.map(\.stringValue).joined(separator: ".")) has the wrong type"
        case .dataCorrupted: "malformed JSON or a value out of range"
        @unknown default: "unreadable JSON"
        }
    }
}
