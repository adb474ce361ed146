import Foundation

/// The `*.theme` files of one directory (the package's `Themes/`, located by the composition
/// root), looked up by name.
public struct ThemeLibrary: Sendable {
    public let directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    /// Theme names available, sorted.
    public func availableNames() -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".theme") }.map { String($0.dropLast(".theme".count)) }.sorted()
    }

    /// Loads and parses `<name>.theme`. Names are plain words, so nothing outside the
    /// directory can be reached through them.
    public func load(named name: String) throws(ThemeError) -> Theme {
        let isPlainWord = !name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
        let url = directory.appendingPathComponent("\(name).theme")
        guard isPlainWord, FileManager.default.fileExists(atPath: url.path) else {
            throw .unknownTheme(name: name, available: availableNames())
        }
        guard let data = FileManager.default.contents(atPath: url.path), let text = String(data: data, encoding: .utf8) else {
            throw .unreadable(file: url.path)
        }
        return try ThemeParser.parse(text, name: name, file: url.path)
    }
}
