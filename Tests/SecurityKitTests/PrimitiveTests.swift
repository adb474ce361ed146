import Foundation
import Testing
@testable import SecurityKit

@Suite struct PrimitiveTests {
    @Test func scryptMatchesRFC7914() throws {
        let key = try KDF.scrypt(
            passphrase: passphrase("password"), salt: Data("NaCl".utf8),
            parameters: ScryptParameters(n: 1024, r: 8, p: 16), length: 64
        )
        #expect(key.exposedBytes == Data(hex: """
            fd ba be 1c 9d 34 72 00 78 56 e7 19 0d 01 e9 fe 7c 6a d7 cb c8 23 78 30 e7 73 76 63 4b 37 31 62
            2e af 30 d9 2e 22 a3 88 6f f1 09 27 9d 98 30 da c7 27 af b9 4a 83 ee 6d 83 60 cb df a2 cc 06 40
            """))
    }

    @Test func deriveKeyGivesAnAES256KeyThatDependsOnSalt() throws {
        let first = try KDF.deriveKey(passphrase: passphrase("correct horse"), salt: Data("salt-1".utf8), parameters: .fast)
        let again = try KDF.deriveKey(passphrase: passphrase("correct horse"), salt: Data("salt-1".utf8), parameters: .fast)
        let otherSalt = try KDF.deriveKey(passphrase: passphrase("correct horse"), salt: Data("salt-2".utf8), parameters: .fast)
        #expect(first.count == 32)
        #expect(first.exposedBytes == again.exposedBytes)
        #expect(first.exposedBytes != otherSalt.exposedBytes)
    }

    @Test(arguments: [
        ScryptParameters(n: 1000, r: 8, p: 1),
        ScryptParameters(n: 1, r: 8, p: 1),
        ScryptParameters(n: 1 << 10, r: 0, p: 1),
        ScryptParameters(n: 1 << 10, r: 8, p: 0),
        ScryptParameters(n: 1 << 20, r: 8, p: 1),
        ScryptParameters(n: 1 << 63, r: 8, p: 1),
    ])
    func scryptRejectsInvalidOrMemoryHungryParameters(_ parameters: ScryptParameters) {
        #expect(throws: CryptoError.self) {
            try KDF.deriveKey(passphrase: passphrase("x"), salt: Data("s".utf8), parameters: parameters)
        }
    }

    @Test func hkdfMatchesRFC5869TestCase1() throws {
        let okm = try hkdfSHA256(
            key: SecretBytes(copying: Data(hex: "0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b")),
            salt: Data(hex: "000102030405060708090a0b0c"),
            info: Data(hex: "f0f1f2f3f4f5f6f7f8f9"),
            length: 42
        )
        #expect(okm.exposedBytes == Data(hex: """
            3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865
            """))
    }

    @Test func subkeysAreDeterministicPerLabelAndDistinctAcrossLabels() throws {
        let master = SecretBytes(count: 32)
        let audit = try deriveSubkey(from: master, label: "audit")
        #expect(audit.count == 32)
        #expect(try deriveSubkey(from: master, label: "audit").exposedBytes == audit.exposedBytes)
        #expect(try deriveSubkey(from: master, label: "records").exposedBytes != audit.exposedBytes)
        #expect(audit.exposedBytes != master.exposedBytes)
    }

    @Test func hmacMatchesRFC4231TestCase2() {
        let mac = MessageAuthenticator(key: passphrase("Jefe"))
        #expect(mac.tag(Data("what do ya want for nothing?".utf8)) == Data(hex: """
            5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843
            """))
    }

    @Test func hmacVerifyAcceptsOnlyTheRightTagForTheRightData() {
        let mac = MessageAuthenticator(key: SecretBytes(count: 32))
        let entry = Data("entry 1".utf8)
        let tag = mac.tag(entry)
        #expect(mac.verify(entry, tag: tag))
        #expect(!mac.verify(Data("entry 2".utf8), tag: tag))
        var flipped = tag
        flipped[5] ^= 0x01
        #expect(!mac.verify(entry, tag: flipped))
        #expect(!mac.verify(entry, tag: tag.prefix(16)))
        #expect(!MessageAuthenticator(key: SecretBytes(count: 32)).verify(entry, tag: tag))
    }

    @Test func secretBytesNeverPrintTheirContents() {
        let secret = passphrase("hunter2")
        #expect(secret.description == "<redacted>")
        #expect("\(secret)" == "<redacted>")
        #expect(String(reflecting: secret) == "<redacted>")
        var dumped = ""
        dump(secret, to: &dumped)
        #expect(!dumped.contains("hunter2"))
    }

    @Test func secretBytesOwnTheirCopy() {
        var source: [UInt8] = [1, 2, 3, 4]
        let secret = SecretBytes(copying: source)
        source[0] = 9
        #expect(secret.exposedBytes == Data([1, 2, 3, 4]))
        #expect(SecretBytes(copying: [UInt8]()).count == 0)
    }

    @Test func randomSecretsAndBytesDiffer() {
        #expect(SecretBytes(count: 32).exposedBytes != SecretBytes(count: 32).exposedBytes)
        #expect(randomBytes(16).count == 16)
        #expect(randomBytes(16) != randomBytes(16))
    }
}
