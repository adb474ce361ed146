import Foundation
@testable import SecurityKit

extension Data {
    /// Bytes from a hex string as printed in the RFCs (whitespace ignored).
    init(hex: String) {
        let digits = Array(hex.filter { !$0.isWhitespace })
        self.init(stride(from: 0, to: digits.count, by: 2).map { UInt8(String(digits[$0...$0 + 1]), radix: 16)! })
    }
}

extension SecretBytes {
    /// A copy for comparisons in tests only; production code never copies secrets out.
    var exposedBytes: Data { withUnsafeBytes { Data($0) } }
}

extension ScryptParameters {
    /// Cheap parameters so key-file tests run in milliseconds.
    static let fast = ScryptParameters(n: 1 << 10, r: 8, p: 1)
}

func passphrase(_ text: String) -> SecretBytes {
    SecretBytes(copying: text.utf8)
}

/// A fresh directory under the system temporary directory, removed by the caller.
func makeScratchDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("securitykit-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
    return url
}
