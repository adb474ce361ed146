import Foundation
import Testing
@testable import SecurityKit

@Suite struct RecordCipherTests {
    let cipher = RecordCipher(key: SecretBytes(count: 32))
    let record = Data(#"{"resourceType":"Observation","valueQuantity":{"value":0.5,"unit":"mg"}}"#.utf8)
    let context = Data("observation/obs-1".utf8)

    @Test func roundTripsWithTheDocumentedLayout() throws {
        let sealed = try cipher.seal(record, context: context)
        #expect(sealed.count == 1 + 12 + record.count + 16)
        #expect(sealed.first == 0x01)
        #expect(sealed.range(of: record) == nil)
        #expect(try cipher.open(sealed, context: context) == record)
    }

    @Test func roundTripsEmptyPlaintextEmptyContextAndArrays() throws {
        #expect(try cipher.open(cipher.seal(Data(), context: Data()), context: Data()).isEmpty)
        let bytes: [UInt8] = Array(record)
        #expect(try cipher.open(cipher.seal(bytes, context: context), context: context) == record)
    }

    @Test func openWorksOnDataSlices() throws {
        let sealed = Data([0xAA, 0xBB]) + (try cipher.seal(record, context: context))
        #expect(try cipher.open(sealed.dropFirst(2), context: context) == record)
    }

    @Test func sealingTwiceGivesDifferentOutput() throws {
        let first = try cipher.seal(record, context: context)
        let second = try cipher.seal(record, context: context)
        #expect(first != second)
        #expect(first[1...12] != second[1...12])
    }

    @Test func wrongContextFailsAuthentication() throws {
        let sealed = try cipher.seal(record, context: context)
        #expect(throws: SealError.authenticationFailed) {
            try cipher.open(sealed, context: Data("observation/obs-2".utf8))
        }
    }

    @Test func wrongKeyFailsAuthentication() throws {
        let sealed = try cipher.seal(record, context: context)
        #expect(throws: SealError.authenticationFailed) {
            try RecordCipher(key: SecretBytes(count: 32)).open(sealed, context: context)
        }
    }

    @Test func flippingAnyByteIsDetected() throws {
        let sealed = try cipher.seal(record, context: context)
        for index in sealed.indices {
            var tampered = sealed
            tampered[index] ^= 0x40
            let expected: SealError = index == sealed.startIndex ? .malformed : .authenticationFailed
            #expect(throws: expected, "byte \(index)") { try cipher.open(tampered, context: context) }
        }
    }

    @Test func truncatedInputIsMalformed() throws {
        let sealed = try cipher.seal(Data(), context: context)
        for length in 0..<sealed.count {
            #expect(throws: SealError.malformed, "length \(length)") {
                try cipher.open(sealed.prefix(length), context: context)
            }
        }
    }

    @Test func truncatedCiphertextFailsAuthentication() throws {
        let sealed = try cipher.seal(record, context: context)
        #expect(throws: SealError.authenticationFailed) {
            try cipher.open(sealed.dropLast(), context: context)
        }
    }

    @Test func isUsableFromManyTasksAtOnce() async throws {
        let cipher = cipher, context = context
        let records = (0..<64).map { Data("record \($0)".utf8) }
        let opened = try await withThrowingTaskGroup(of: Data.self) { group in
            for record in records {
                group.addTask { try cipher.open(cipher.seal(record, context: context), context: context) }
            }
            return try await group.reduce(into: Set<Data>()) { $0.insert($1) }
        }
        #expect(opened == Set(records))
    }
}
