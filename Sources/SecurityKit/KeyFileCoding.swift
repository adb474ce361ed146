import Foundation

/// The JSON form: binary fields as base64, and every field validated on decoding, so a `KeyFile`
/// value in memory is always structurally sound and matches its checksum. Validation failures are
/// thrown as `KeyFileError.corrupt`.
extension KeyFile: Codable {
    private enum CodingKeys: String, CodingKey {
        case version, kdf, parameters, salt, keyCheck, wrappedKey, checksum
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let version = try container.decode(Int.self, forKey: .version)
        guard version == Self.currentVersion else { throw KeyFileError.corrupt(reason: "unknown version \(version)") }
        let kdf = try container.decode(String.self, forKey: .kdf)
        guard kdf == Self.kdfName else { throw KeyFileError.corrupt(reason: "unknown key derivation function") }
        let parameters = try container.decode(ScryptParameters.self, forKey: .parameters)
        let salt = try Self.decodeBase64(container, .salt) { $0 >= 16 }
        let keyCheck = try Self.decodeBase64(container, .keyCheck) { $0 == MessageAuthenticator.tagLength }
        let wrappedKey = try Self.decodeBase64(container, .wrappedKey) { $0 == RecordCipher.overhead + KDF.keyLength }
        let checksum = try Self.decodeBase64(container, .checksum) { $0 == 32 }
        self.init(parameters: parameters, salt: salt, keyCheck: keyCheck, wrappedKey: wrappedKey)
        guard self.checksum == checksum else {
            throw KeyFileError.corrupt(reason: "checksum mismatch: the file was damaged or edited")
        }
        do {
            try parameters.validate()
        } catch {
            throw KeyFileError.corrupt(reason: "scrypt parameters out of range")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(version, forKey: .version)
        try container.encode(kdf, forKey: .kdf)
        try container.encode(parameters, forKey: .parameters)
        try container.encode(salt.base64EncodedString(), forKey: .salt)
        try container.encode(keyCheck.base64EncodedString(), forKey: .keyCheck)
        try container.encode(wrappedKey.base64EncodedString(), forKey: .wrappedKey)
        try container.encode(checksum.base64EncodedString(), forKey: .checksum)
    }

    private static func decodeBase64(
        _ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys, length isValid: (Int) -> Bool
    ) throws -> Data {
        guard let data = Data(base64Encoded: try container.decode(String.self, forKey: key)) else {
            throw KeyFileError.corrupt(reason: "\(key.stringValue) is not valid base64")
        }
        guard isValid(data.count) else { throw KeyFileError.corrupt(reason: "\(key.stringValue) has the wrong length") }
        return data
    }
}
