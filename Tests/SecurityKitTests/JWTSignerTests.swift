import Foundation
@testable import SecurityKit
import Testing

@Suite("JWT signer (private_key_jwt)")
struct JWTSignerTests {
    /// Test-only keys, generated for these tests; they sign nothing real.
    static let p384 = """
-----BEGIN PRIVATE KEY-----
MIG2AgEAMBAGByqGSM49AgEGBSuBBAAiBIGeMIGbAgEBBDCJtAlJ8mec7Bl/vyBL
IQrpEvssRpbO7y/5FfVGZPARxn5UgvX0iy6dE31aOaHl0o2hZANiAARhQGFExChj
sagoJYipqFLkJeUvk0cJJYur7n7kGpYPEHbOkO17h9mZRYYhGP7nC8lJ/TGD9oFC
dM7bGyx2lXvbuAbr8K8Ex5OV/+yV5USFUcRA1UjGNVRa4lPh8RL90q4=
-----END PRIVATE KEY-----
"""
    static let p256 = """
-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgyu6d02iLc5C0Z5TA
mFdYGu3Uam72VuC3jTDg8/RCJzWhRANCAASZ1HG6z3ntpLUeQX+d3/A6XK0vnFH5
XHMOKAXlFMcQ52xdPcRjloii6TPaCUkkVqUX9juLlnzymb7Lp1BIm5N0
-----END PRIVATE KEY-----
"""

    @Test func es384SignaturesAreRawRAndS() throws {
        let signer = try JWTSigner(pem: Data(Self.p384.utf8))
        #expect(signer.algorithm == "ES384")
        let first = try signer.sign(Data("header.claims".utf8))
        let second = try signer.sign(Data("header.claims".utf8))
        #expect(first.count == 96)
        #expect(first != second, "ECDSA uses a fresh nonce per signature")
    }

    @Test func otherCurvesAndGarbageAreRefused() {
        #expect(throws: CryptoError.self) { _ = try JWTSigner(pem: Data(Self.p256.utf8)) }
        #expect(throws: CryptoError.self) { _ = try JWTSigner(pem: Data("not a key".utf8)) }
    }

    @Test func derSignaturesBecomeFixedWidth() throws {
        // SEQUENCE { INTEGER 0x00 0x80 (sign byte), INTEGER 0x01 }
        let der = Data([0x30, 0x07, 0x02, 0x02, 0x00, 0x80, 0x02, 0x01, 0x01])
        let raw = try #require(JWTSigner.rawECDSA(der, width: 4))
        #expect([UInt8](raw) == [0, 0, 0, 0x80, 0, 0, 0, 1])
        #expect(JWTSigner.rawECDSA(Data([0x31, 0x00]), width: 4) == nil)
    }
}
