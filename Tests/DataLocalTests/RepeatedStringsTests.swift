import CoreDomain
import Foundation
@testable import DataLocal
import Testing

/// A chart bundle's long strings read once and handed out again: the same text, one copy.
@Suite struct RepeatedStringsTests {
    private static let sodium = "Sodium [Moles/volume] in Serum or Plasma"
    /// Same length as `sodium`, different bytes (the last one).
    private static let sodiumInBlood = "Sodium [Moles/volume] in Serum or Plasmb"

    /// Where a string's bytes live: equal for two strings sharing one copy.
    private func storage(_ string: String) -> UnsafeRawPointer? {
        var string = string
        return string.withUTF8 { UnsafeRawPointer($0.baseAddress) }
    }

    private func bundle(_ strings: [String]) -> ByteReader {
        let fields = strings.map { string in
            var field = ByteWriter()
            field.write(string)
            return ArraySlice(field.bytes)
        }
        var bundle = ByteWriter()
        bundle.write(encodedValues: fields)
        return ByteReader(Data(bundle.bytes))
    }

    @Test func aNameReadAgainInABundleIsTheCopyReadBefore() throws {
        var reader = bundle([Self.sodium, Self.sodium])
        reader.sharingRepeatedStrings()
        let read = try reader.array(encoded: String.self)
        #expect(read == [Self.sodium, Self.sodium])
        #expect(storage(read[0]) == storage(read[1]))
    }

    @Test func withoutSharingEachReadIsItsOwnCopy() throws {
        var reader = bundle([Self.sodium, Self.sodium])
        let read = try reader.array(encoded: String.self)
        #expect(read == [Self.sodium, Self.sodium])
        #expect(storage(read[0]) != storage(read[1]))
    }

    @Test func aDifferentNameOfTheSameLengthIsNeverHandedTheOther() throws {
        var reader = bundle([Self.sodium, Self.sodiumInBlood, Self.sodium, Self.sodiumInBlood])
        reader.sharingRepeatedStrings()
        #expect(try reader.array(encoded: String.self) == [Self.sodium, Self.sodiumInBlood, Self.sodium, Self.sodiumInBlood])
    }

    @Test func namesPastTheCapacityStillReadAsWritten() throws {
        let names = (0..<RepeatedStrings.capacity * 2 + 3).map { "Test number \($0) in Serum or Plasma" }
        var reader = bundle(names + names.reversed() + names)
        reader.sharingRepeatedStrings()
        #expect(try reader.array(encoded: String.self) == names + names.reversed() + names)
    }

    /// Bytes that are not UTF-8 read repaired, as without sharing, and never as a kept string.
    @Test func invalidBytesReadAsTheyDoWithoutSharing() throws {
        let invalid: [UInt8] = Array("Sodium [Moles/volume] in Serum or Plasm".utf8) + [0xff]
        let repaired = String(decoding: invalid, as: UTF8.self)
        #expect(repaired.utf8.count != invalid.count)
        let strings = RepeatedStrings()
        let first = invalid.withUnsafeBufferPointer { strings.string($0) }
        let second = invalid.withUnsafeBufferPointer { strings.string($0) }
        let valid = Array(repaired.utf8).withUnsafeBufferPointer { strings.string($0) }
        #expect([first, second, valid] == [repaired, repaired, repaired])
    }
}
