import CoreDomain
import CoreUseCases
import Foundation
import Testing
@testable import SharedPresentation

/// NEWS2 as the Vitals column, its chosen-row line and the Summary write it: the band a word.
@Suite struct NEWS2TextTests {
    static let context = ViewContext(now: Census.now, timeZone: Charted.utc, unicode: true) { _ in "" }

    static func round(_ outcome: NEWS2Outcome) -> NEWS2Round {
        NEWS2Round(time: Census.now, performer: "n1", observationIDs: ["h"], consciousness: .voice, onOxygen: true, outcome: outcome)
    }

    static let high = NEWS2Outcome.scored(NEWS2Score(points: [.respirationRate: 3, .airOrOxygen: 2, .consciousness: 3]))
    static let low = NEWS2Outcome.scored(NEWS2Score(points: [.pulse: 1]))

    @Test func theColumnShowsScoreAndBandWordOrADash() {
        var vitalsRound = VitalsRound(time: Census.now, readings: [:], isEnteredInError: false)
        vitalsRound.news2 = Self.round(Self.high)
        #expect(VitalsNEWS2Text.cell(vitalsRound) == "8 HIGH")
        vitalsRound.news2 = Self.round(.incomplete(missing: [.consciousness], reason: "no ACVPU"))
        #expect(VitalsNEWS2Text.cell(vitalsRound) == "-")
        vitalsRound.news2 = nil
        #expect(VitalsNEWS2Text.cell(vitalsRound) == nil)
    }

    @Test func theChosenRowSaysEverything() throws {
        var vitalsRound = VitalsRound(time: Census.now, readings: [:], isEnteredInError: false)
        vitalsRound.news2 = Self.round(Self.high)
        let detail = try #require(VitalsNEWS2Text.detail(vitalsRound, context: Self.context))
        #expect(detail == "NEWS2 8 HIGH: RR 3, air/O2 2, ACVPU 3 · ACVPU V · on O2 · continuous monitoring, emergency response")
    }

    /// The round's SpO2 on high-flow: its device, flow and FiO2 in place of the bare "on O2".
    @Test func theChosenRowSaysTheOxygenTheSpO2WasTakenOn() throws {
        let spO2 = VitalReading(sign: .oxygenSaturation, effective: Census.now, value: .single(Quantity(value: 92, ucumCode: "%")), flag: .normal,
                                observationIDs: ["s"], oxygen: .supplemental(device: .highFlowNasal, litresPerMinute: 40, fractionPercent: 60))
        var vitalsRound = VitalsRound(time: Census.now, readings: [.oxygenSaturation: spO2], isEnteredInError: false)
        vitalsRound.news2 = Self.round(Self.high)
        let detail = try #require(VitalsNEWS2Text.detail(vitalsRound, context: Self.context))
        #expect(detail.contains("· ACVPU V · on O2 high-flow 40 L/min FiO2 60 % · continuous monitoring"), "\(detail)")
    }

    @Test func theSummarySaysWhenTheNextRoundIsDue() {
        let item = SummaryView.news2Item(Self.round(Self.low), context: Self.context).map(\.text).joined()
        #expect(item.hasPrefix("1 LOW at ") && item.contains("· next by "), "\(item)")
        let incomplete = SummaryView.news2Item(Self.round(.incomplete(missing: [.respirationRate], reason: "no RR")), context: Self.context)
        #expect(incomplete.map(\.text).joined().hasPrefix("incomplete: no RR ("))
    }
}

/// The ACVPU charted with a row belongs to it: a correction marks it with the rest.
@Suite struct RoundConsciousnessTests {
    @Test func aRowsOwnACVPUIsPartOfItAndOneFromLaterIsNot() {
        var news2 = NEWS2TextTests.round(.incomplete(missing: [], reason: "x"))
        news2.consciousnessTaken = ("acvpu", Census.now)
        let reading = VitalReading(sign: .heartRate, effective: Census.now, value: .single(Quantity(value: 80)), flag: .normal, observationIDs: ["hr"])
        var row = VitalsRound(time: Census.now, readings: [.heartRate: reading], isEnteredInError: false)
        row.news2 = news2
        #expect(row.observationIDs == ["hr", "acvpu"])
        #expect(row.valueCount == 2)
        news2.consciousnessTaken = ("later", Census.now + 20 * 60)
        row.news2 = news2
        #expect(row.observationIDs == ["hr"], "an ACVPU 20 minutes later is another entry's")
    }
}
