import CoreDomain
@testable import DataFHIR
import Foundation
import Testing

/// A prescribed SpO2 target goes out as an Observation that reads back as the same target:
/// set with its 88-92 % range, cleared with none.
@Suite struct SpO2TargetObservationTests {
    private let encoder = VitalsObservationEncoder(performer: "nurse1", timeZone: TimeZone(secondsFromGMT: 0)!)
    static let when = Date(timeIntervalSince1970: 1_772_352_900)

    private func decoded(_ observation: ChartedObservation) throws -> Observation {
        try #require(try decodeOne(String(decoding: observation.json, as: UTF8.self)).content.observation)
    }

    @Test func aSetTargetReadsBackAsItsRange() throws {
        let charted = encoder.observation(for: SpO2TargetEntry(patientID: "pat-1", isSet: true, effective: Self.when, encounterID: "enc-1"))
        let read = try decoded(charted)
        #expect(read.id == charted.id)
        #expect(read.patientID == "pat-1" && read.encounterID == "enc-1" && read.effective == Self.when && read.performer == "nurse1")
        #expect(read.code.contains(code: SpO2TargetCode.code, system: SpO2TargetCode.system))
        #expect(read.category == .other, "never a vital sign: the Vitals tab does not take it for a reading")
        #expect(read.value == .range(low: Quantity(value: 88, unit: "%", ucumCode: "%"), high: Quantity(value: 92, unit: "%", ucumCode: "%")))
        let json = try #require(try JSONSerialization.jsonObject(with: charted.json) as? [String: Any])
        #expect((json["category"] as? [[String: Any]])?.first.flatMap { ($0["coding"] as? [[String: Any]])?.first?["code"] as? String } == "therapy")
    }

    @Test func aClearedTargetHasNoValueButSaysWhy() throws {
        let read = try decoded(encoder.observation(for: SpO2TargetEntry(patientID: "pat-1", isSet: false, effective: Self.when)))
        #expect(read.value == nil)
        #expect(read.dataAbsentReason?.contains(code: "not-applicable") == true)
        #expect(read.encounterID == nil)
    }
}
