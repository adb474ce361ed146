import DataFHIR
import Foundation
import SecurityKit

/// SecurityKit's OpenSSL signer, offered to DataFHIR's `private_key_jwt` assertion.
struct PrivateKeySigner: JWTSigning {
    let signer: JWTSigner
    let keyID: String

    var algorithm: String { signer.algorithm }

    func sign(_ input: Data) throws -> Data { try signer.sign(input) }

    /// Loads the PEM key at `path` (mode 0600). The key id defaults to the file name without
    /// its extension, the name the key is usually registered under.
    static func load(_ path: String, keyID: String?) throws(CommandFailure) -> PrivateKeySigner {
        let pem = try PrivateFileReader.contents(path, what: "private key file")
        do {
            let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            return PrivateKeySigner(signer: try JWTSigner(pem: pem), keyID: keyID ?? name)
        } catch {
            throw CommandFailure(message: "emr: the private key \(path) cannot be used: \(error.description)", status: .usage)
        }
    }
}
