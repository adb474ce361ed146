import Foundation

/// Finds the folders that ship beside the program (`Themes/`, `Fixtures/`): an environment
/// override first, then the source tree the binary was built in (walking up from the
/// executable, as `make demo` runs it), then the current directory.
struct ResourceLocator {
    var environment: [String: String]

    func directory(_ name: String, override variable: String) -> URL? {
        if let path = environment[variable], !path.isEmpty { return URL(fileURLWithPath: path, isDirectory: true) }
        var candidates: [URL] = []
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            candidates.append(folder.appendingPathComponent(name, isDirectory: true))
            folder.deleteLastPathComponent()
        }
        candidates.append(URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(name, isDirectory: true))
        return candidates.first { isDirectory($0) }
    }

    private func isDirectory(_ url: URL) -> Bool {
        var flag: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &flag) && flag.boolValue
    }
}
