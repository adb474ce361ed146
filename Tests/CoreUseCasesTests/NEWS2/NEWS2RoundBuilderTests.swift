import CoreDomain
@testable import CoreUseCases
import Foundation
import Testing

/// Rounds found in observations as servers and this workstation record them.
@Suite struct NEWS2RoundBuilderTests {
    static func concept(_ id: String, code: String, system: String = CodeSystem.loinc, value: String, at: Date = Make.t0, by: String? = "n1") -> Observation {
        Observation(id: id, patientID: "p1", code: CodedConcept(codings: [Coding(system: system, code: code)]), category: .vitalSigns,
                    effective: at, value: .concept(CodedConcept(codings: [Coding(system: CodeSystem.snomed, code: value)])), performer: by)
    }

    static func by(_ observation: Observation, _ performer: String? = "n1", at: Date = Make.t0) -> Observation {
        var copy = observation
        copy.performer = performer
        copy.effective = at
        return copy
    }

    /// A full round by n1 on air (the note this workstation writes), with `consciousness`.
    static func round(consciousness: Observation? = concept("c", code: "80288-4", value: "248234008"), spO2Note: String = "Room air") -> [Observation] {
        var saturation = by(Make.vital(.oxygenSaturation, 97, id: "s"))
        saturation.notes = [spO2Note]
        return [by(Make.vital(.heartRate, 70, id: "h")), by(Make.vital(.respiratoryRate, 16, id: "r")), by(Make.vital(.temperature, 37, id: "t")),
                by(Make.bloodPressure(120, 80, id: "bp")), saturation] + [consciousness].compactMap { $0 }
    }

    @Test func aFullRoundChartedHereIsScored() throws {
        let rounds = NEWS2RoundBuilder.rounds(from: Self.round())
        #expect(rounds.count == 1)
        #expect(rounds.first?.outcome.score?.total == 0)
        #expect(rounds.first?.observationIDs == ["h", "r", "t", "bp", "s", "c"])
        #expect(rounds.first?.onOxygen == false)
    }

    @Test(arguments: [("80288-4", CodeSystem.loinc), ("67775-7", CodeSystem.loinc), (Consciousness.scaleCode, CodeSystem.snomed)])
    func consciousnessIsReadUnderEachAcceptedCode(_ code: String, _ system: String) {
        let voice = Self.concept("c", code: code, system: system, value: "300202002")
        let rounds = NEWS2RoundBuilder.rounds(from: Self.round(consciousness: voice))
        #expect(rounds.first?.consciousness == .voice)
        #expect(rounds.first?.outcome.score?.points[.consciousness] == 3)
    }

    @Test func withoutConsciousnessTheRoundSaysSo() {
        #expect(NEWS2RoundBuilder.rounds(from: Self.round(consciousness: nil)).first?.outcome.text == "NEWS2 incomplete: no ACVPU")
    }

    @Test func oxygenIsReadFromTheNoteAFlowAFractionOrRoomAir() {
        #expect(NEWS2RoundBuilder.rounds(from: Self.round(spO2Note: "Supplemental oxygen")).first?.onOxygen == true)
        let flow = Observation(id: "f", patientID: "p1", code: CodedConcept(codings: [Coding(system: CodeSystem.loinc, code: "3151-8")]),
                               category: .vitalSigns, effective: Make.t0, value: .quantity(Quantity(value: 2, unit: "L/min")), performer: "n1")
        #expect(NEWS2RoundBuilder.oxygen(flow) == true)
        var noFlow = flow
        noFlow.value = .quantity(Quantity(value: 0, unit: "L/min"))
        #expect(NEWS2RoundBuilder.oxygen(noFlow) == false)
        var fraction = flow
        fraction.code = CodedConcept(codings: [Coding(system: CodeSystem.loinc, code: "3150-0")])
        fraction.value = .quantity(Quantity(value: 21, unit: "%"))
        #expect(NEWS2RoundBuilder.oxygen(fraction) == false)
        #expect(NEWS2RoundBuilder.oxygen(Self.concept("a", code: "x", value: "722742002")) == false, "Breathing room air")
    }

    /// A high-flow round as this workstation charts it (device, flow and FiO2 components, no
    /// air/oxygen note) still scores as on oxygen.
    @Test func aRoundOnHighFlowWithFiO2ScoresAsOnOxygen() {
        var observations = Self.round()
        let saturation = observations.firstIndex { $0.id == "s" }!
        observations[saturation].notes = []
        observations[saturation].components = [
            Observation.Component(code: Make.loinc("107117-4"), value: .string("high_flow_nasal_cannula")),
            Observation.Component(code: Make.loinc("3151-8"), value: .quantity(Quantity(value: 40, unit: "L/min"))),
            Observation.Component(code: Make.loinc("3150-0"), value: .quantity(Quantity(value: 60, unit: "%"))),
        ]
        let round = NEWS2RoundBuilder.rounds(from: observations).first
        #expect(round?.onOxygen == true)
        #expect(round?.outcome.score?.points[.airOrOxygen] == 2)
        #expect(round?.outcome.score?.total == 2)
    }

    @Test func anotherNursesReadingsAreAnotherRound() {
        var observations = Self.round()
        observations[0] = Self.by(observations[0], "n2")
        let rounds = NEWS2RoundBuilder.rounds(from: observations)
        #expect(rounds.count == 2)
        #expect(rounds.allSatisfy { $0.outcome.score == nil })
    }

    @Test func aPositivePregnancyStatusOrAChildMeansNotUsed() {
        let pregnancy = Self.concept("preg", code: "82810-3", value: "77386006", at: Make.t0 - 86_400)
        #expect(NEWS2RoundBuilder.rounds(from: Self.round() + [pregnancy]).first?.outcome.text == "NEWS2 not used: pregnant")
        #expect(NEWS2RoundBuilder.rounds(from: Self.round(), age: 14).first?.outcome.text == "NEWS2 not used: age 14")
    }
}

/// A prescribed SpO2 target of 88-92% scores SpO2 on Scale 2 for the rounds taken while it
/// was in force, and only for those.
@Suite struct SpO2TargetScaleTests {
    static func target(_ id: String, set: Bool, at time: Date, status: Observation.Status = .final) -> Observation {
        Observation(id: id, patientID: "p1", code: CodedConcept(codings: [Coding(system: SpO2TargetCode.system, code: SpO2TargetCode.code)]),
                    status: status, effective: time,
                    value: set ? .range(low: Quantity(value: 88, unit: "%"), high: Quantity(value: 92, unit: "%")) : nil)
    }

    /// SpO2 97 on oxygen: 0 on Scale 1, 3 on Scale 2.
    static func roundOnOxygen(at time: Date) -> [Observation] {
        NEWS2RoundBuilderTests.round(spO2Note: "Supplemental oxygen").map { NEWS2RoundBuilderTests.by($0, at: time) }
    }

    @Test func aRoundAfterTheTargetWasSetIsScoredOnScale2() {
        let rounds = NEWS2RoundBuilder.rounds(from: Self.roundOnOxygen(at: Make.t0) + [Self.target("t1", set: true, at: Make.t0.addingTimeInterval(-60))])
        #expect(rounds.first?.outcome.score?.scale == 2)
        #expect(rounds.first?.outcome.score?.points[.oxygenSaturation] == 3)
    }

    @Test func aRoundBeforeItWasSetOrAfterItWasClearedStaysOnScale1() {
        let set = Self.target("t1", set: true, at: Make.t0.addingTimeInterval(3600))
        #expect(NEWS2RoundBuilder.rounds(from: Self.roundOnOxygen(at: Make.t0) + [set]).first?.outcome.score?.scale == 1)
        let cleared = Self.target("t2", set: false, at: Make.t0.addingTimeInterval(7200))
        let later = Self.roundOnOxygen(at: Make.t0.addingTimeInterval(3 * 3600))
        #expect(NEWS2RoundBuilder.rounds(from: later + [set, cleared]).first?.outcome.score?.scale == 1)
        #expect(SpO2TargetRule.isSet(in: [set]))
        #expect(!SpO2TargetRule.isSet(in: [set, cleared]))
    }

    @Test func aTargetEnteredInErrorIsNotInForce() {
        let withdrawn = Self.target("t1", set: true, at: Make.t0.addingTimeInterval(-60), status: .enteredInError)
        #expect(NEWS2RoundBuilder.rounds(from: Self.roundOnOxygen(at: Make.t0) + [withdrawn]).first?.outcome.score?.scale == 1)
        #expect(!SpO2TargetRule.isSet(in: [withdrawn]))
    }
}
