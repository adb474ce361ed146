import CoreDomain
@testable import DataFHIR
import Foundation
import Testing

/// A prescribed SpO2 target goes out as an Observation that reads back as the same target:
/// set with its 88-92 % range, cleared with none.
@Suite struct SpO2TargetObservationTests {
    private let encoder = VitalsObservationEncoder(performer: "nurse1", timeZone: TimeZone(secondsFromGMT: 0)!)
    static let when = Date(timeIntervalSince1970: 1_772_352_900)

    private func decoded(_ observation: ChartedResource) throws -> Observation {
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

/// A complete round's NEWS2 goes beside its readings as one more Observation, which reads back
/// as a score of that round and never as a reading.
@Suite struct NEWS2ScoreObservationTests {
    private let encoder = VitalsObservationEncoder(performer: "nurse1", timeZone: TimeZone(secondsFromGMT: 0)!)

    @Test func theScoreIsDerivedFromTheRoundsObservations() throws {
        var entry = VitalsEntry(patientID: "pat-1", encounterID: "enc-1", effective: SpO2TargetObservationTests.when, heartRate: 120,
                                respiratoryRate: 24, consciousness: .alert)
        entry.news2 = VitalsEntry.Score(total: 7, interpretation: "HIGH clinical risk: emergency response", method: "RCP NEWS2 (2017), SpO2 Scale 1: RR 2")
        let charted = encoder.observations(for: entry)
        #expect(charted.count == 4, "HR, RR, ACVPU, then the score")
        let last = try #require(charted.last)
        let score = try #require(try decodeOne(String(decoding: last.json, as: UTF8.self)).content.observation)
        #expect(score.code.contains(code: "1104051000000101", system: CodeSystem.snomed))
        #expect(score.value == .integer(7))
        #expect(score.derivedFromIDs == charted.dropLast().map(\.id))
        #expect(score.notes == ["RCP NEWS2 (2017), SpO2 Scale 1: RR 2"])
        #expect(score.category == .other && score.vitalSign == nil, "never taken for a vital sign")
        #expect(score.patientID == "pat-1" && score.encounterID == "enc-1" && score.effective == entry.effective)
        entry.news2 = nil
        #expect(encoder.observations(for: entry).count == 3, "no score, no score Observation")
    }
}

/// A PRN dose's effect goes out as an Observation `partOf` the dose that reads back as the same
/// answer, for the same dose, by the same nurse.
@Suite struct PRNEffectObservationTests {
    private let encoder = VitalsObservationEncoder(performer: "nurse1", timeZone: TimeZone(secondsFromGMT: 0)!)

    @Test func theEffectReadsBackPartOfItsDose() throws {
        let entry = PRNEffectEntry(patientID: "pat-1", administrationID: "ma-1", effect: .partlyEffective, note: "pain 4/10",
                                   effective: SpO2TargetObservationTests.when)
        let charted = encoder.observation(for: entry)
        let read = try #require(try decodeOne(String(decoding: charted.json, as: UTF8.self)).content.observation)
        #expect(read.id == charted.id && read.patientID == "pat-1" && read.performer == "nurse1")
        #expect(read.effective == SpO2TargetObservationTests.when && read.status == .final && read.category == .other)
        #expect(read.code.contains(code: PRNEffectCode.code, system: PRNEffectCode.system) && read.code.text == "PRN medication effectiveness")
        #expect(read.partOfIDs == ["ma-1"])
        #expect(read.value == .concept(CodedConcept(
            codings: [Coding(system: PRNEffectCode.answerSystem, code: "partly-effective", display: "partly effective")], text: "partly effective")))
        #expect(read.notes == ["pain 4/10"])
    }
}
