import Foundation
import Testing
@testable import SecurityKit

@Suite struct KeyFileTests {
    @Test func unlockGivesBackTheSameDataKey() throws {
        let (file, dataKey) = try KeyFile.create(passphrase: passphrase("correct horse"), parameters: .fast)
        #expect(dataKey.count == 32)
        #expect(file.version == 1 && file.kdf == "scrypt" && file.parameters == .fast)
        #expect(try file.unlock(passphrase: passphrase("correct horse")).exposedBytes == dataKey.exposedBytes)
    }

    @Test func defaultParametersFitOpenSSLMemoryLimit() throws {
        let (file, dataKey) = try KeyFile.create(passphrase: passphrase("correct horse"))
        #expect(file.parameters == ScryptParameters(n: 1 << 15, r: 8, p: 1))
        #expect(try file.unlock(passphrase: passphrase("correct horse")).exposedBytes == dataKey.exposedBytes)
    }

    @Test func eachFileHasItsOwnDataKeyAndSalt() throws {
        let (first, firstKey) = try KeyFile.create(passphrase: passphrase("same"), parameters: .fast)
        let (second, secondKey) = try KeyFile.create(passphrase: passphrase("same"), parameters: .fast)
        #expect(firstKey.exposedBytes != secondKey.exposedBytes)
        #expect(first.salt != second.salt)
    }

    @Test func wrongPassphraseIsReportedAsSuch() throws {
        let (file, _) = try KeyFile.create(passphrase: passphrase("correct horse"), parameters: .fast)
        #expect(throws: KeyFileError.wrongPassphrase) { try file.unlock(passphrase: passphrase("correct horsf")) }
    }

    @Test func damagedWrappedKeyWithRightPassphraseIsCorruptNotWrongPassphrase() throws {
        let (file, _) = try KeyFile.create(passphrase: passphrase("pw"), parameters: .fast)
        for index in file.wrappedKey.indices.dropFirst() {
            var wrapped = file.wrappedKey
            wrapped[index] ^= 0x01
            // Checksum recomputed, as a deliberate edit would: the GCM tag still catches it.
            let tampered = KeyFile(parameters: file.parameters, salt: file.salt, keyCheck: file.keyCheck, wrappedKey: wrapped)
            #expect(throws: KeyFileError.corrupt(reason: "the wrapped data key fails its integrity check"), "byte \(index)") {
                try tampered.unlock(passphrase: passphrase("pw"))
            }
        }
    }

    @Test func deliberatelyEditedParametersNeverUnlock() throws {
        let (file, _) = try KeyFile.create(passphrase: passphrase("pw"), parameters: .fast)
        let edited = KeyFile(parameters: ScryptParameters(n: 1 << 11), salt: file.salt, keyCheck: file.keyCheck, wrappedKey: file.wrappedKey)
        #expect(throws: KeyFileError.self) { try edited.unlock(passphrase: passphrase("pw")) }
    }

    @Test func rewrapKeepsTheDataKeyAndRetiresTheOldPassphrase() throws {
        let (file, dataKey) = try KeyFile.create(passphrase: passphrase("old"), parameters: .fast)
        let rewrapped = try file.rewrapped(oldPassphrase: passphrase("old"), newPassphrase: passphrase("new"))
        #expect(rewrapped.salt != file.salt)
        #expect(rewrapped.parameters == file.parameters)
        #expect(try rewrapped.unlock(passphrase: passphrase("new")).exposedBytes == dataKey.exposedBytes)
        #expect(throws: KeyFileError.wrongPassphrase) { try rewrapped.unlock(passphrase: passphrase("old")) }
        #expect(throws: KeyFileError.wrongPassphrase) {
            try file.rewrapped(oldPassphrase: passphrase("wrong"), newPassphrase: passphrase("new"))
        }
    }
}

@Suite struct KeyFileStorageTests {
    @Test func writeThenReadRoundTripsWithOwnerOnlyPermissions() throws {
        let directory = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("emr.key")
        let (file, dataKey) = try KeyFile.create(passphrase: passphrase("pw"), parameters: .fast)
        try file.write(to: url)

        let read = try KeyFile.read(from: url)
        #expect(read == file)
        #expect(try read.unlock(passphrase: passphrase("pw")).exposedBytes == dataKey.exposedBytes)
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["emr.key"])
    }

    @Test func writeReplacesAnExistingFile() throws {
        let directory = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("emr.key")
        let (file, _) = try KeyFile.create(passphrase: passphrase("old"), parameters: .fast)
        try file.write(to: url)
        let rewrapped = try file.rewrapped(oldPassphrase: passphrase("old"), newPassphrase: passphrase("new"))
        try rewrapped.write(to: url)
        #expect(try KeyFile.read(from: url) == rewrapped)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["emr.key"])
    }

    @Test func fileNeverContainsTheDataKey() throws {
        let directory = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("emr.key")
        let (file, dataKey) = try KeyFile.create(passphrase: passphrase("pw"), parameters: .fast)
        try file.write(to: url)
        let contents = try Data(contentsOf: url)
        let key = dataKey.exposedBytes
        #expect(contents.range(of: key) == nil)
        #expect(contents.range(of: Data(key.base64EncodedString().utf8)) == nil)
        #expect(contents.range(of: Data(key.map { String(format: "%02x", $0) }.joined().utf8)) == nil)
        #expect(contents.range(of: Data("pw\"".utf8)) == nil)
    }

    @Test func missingFileIsAnIOError() throws {
        let directory = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect {
            try KeyFile.read(from: directory.appendingPathComponent("absent.key"))
        } throws: { error in
            if case KeyFileError.io = error { true } else { false }
        }
    }

    @Test func writingIntoAMissingDirectoryIsAnIOError() throws {
        let (file, _) = try KeyFile.create(passphrase: passphrase("pw"), parameters: .fast)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-\(UUID().uuidString)/emr.key")
        #expect {
            try file.write(to: url)
        } throws: { error in
            if case KeyFileError.io = error { true } else { false }
        }
    }

    @Test(arguments: KeyFileDamage.allCases)
    func damagedFilesReadAsCorrupt(_ damage: KeyFileDamage) throws {
        let directory = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("emr.key")
        let (file, _) = try KeyFile.create(passphrase: passphrase("pw"), parameters: .fast)
        try file.write(to: url)
        try damage.apply(to: try Data(contentsOf: url)).write(to: url)
        #expect {
            try KeyFile.read(from: url)
        } throws: { error in
            if case KeyFileError.corrupt = error { true } else { false }
        }
    }
}

/// Ways a key file gets damaged or edited, each applied to the bytes of a valid one.
enum KeyFileDamage: CaseIterable, Sendable {
    case truncated, notJSON, unknownVersion, unknownKDF, badBase64Salt, flippedWrappedKeyByte
    case editedN, editedSalt, editedKeyCheck, missingChecksum, shortWrappedKey

    func apply(to original: Data) throws -> Data {
        guard var json = try JSONSerialization.jsonObject(with: original) as? [String: Any] else { throw MissingField() }
        switch self {
        case .truncated: return original.prefix(original.count / 2)
        case .notJSON: return Data("emr key".utf8)
        case .unknownVersion: json["version"] = 2
        case .unknownKDF: json["kdf"] = "pbkdf2"
        case .badBase64Salt: json["salt"] = "***"
        case .flippedWrappedKeyByte: json["wrappedKey"] = try Self.flippingSecondByte(of: json["wrappedKey"])
        case .editedN: json["parameters"] = ["n": 2048, "r": 8, "p": 1]
        case .editedSalt: json["salt"] = try Self.flippingSecondByte(of: json["salt"])
        case .editedKeyCheck: json["keyCheck"] = try Self.flippingSecondByte(of: json["keyCheck"])
        case .missingChecksum: json["checksum"] = nil
        case .shortWrappedKey: json["wrappedKey"] = try Self.bytes(of: json["wrappedKey"]).dropLast(4).base64EncodedString()
        }
        return try JSONSerialization.data(withJSONObject: json)
    }

    private struct MissingField: Error {}

    private static func bytes(of field: Any?) throws -> Data {
        guard let text = field as? String, let bytes = Data(base64Encoded: text) else { throw MissingField() }
        return bytes
    }

    private static func flippingSecondByte(of field: Any?) throws -> String {
        var bytes = try bytes(of: field)
        bytes[bytes.startIndex + 1] ^= 0x01
        return bytes.base64EncodedString()
    }
}
