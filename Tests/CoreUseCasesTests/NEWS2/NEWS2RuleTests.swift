import CoreDomain
@testable import CoreUseCases
import Foundation
import Testing

/// The RCP NEWS2 chart, edge by edge: both sides of every band of every parameter, both SpO2
/// scales, the single-3 rule, and rounds that must not be scored.
@Suite struct NEWS2RuleTests {
    static let t0 = Date(timeIntervalSince1970: 1_790_000_000)

    /// A normal round (total 0) with one value replaced.
    static func round(
        rr: Decimal = 16, spo2: Decimal = 97, oxygen: Bool = false, sbp: Decimal = 120, hr: Decimal = 70,
        acvpu: Consciousness = .alert, t: Decimal = 37
    ) -> NEWS2Input {
        NEWS2Input(
            respirationRate: .init(rr, at: t0), oxygenSaturation: .init(spo2, at: t0), onOxygen: .init(oxygen, at: t0),
            systolic: .init(sbp, at: t0), pulse: .init(hr, at: t0), consciousness: .init(acvpu, at: t0), temperature: .init(t, at: t0))
    }

    private func points(_ input: NEWS2Input, _ parameter: NEWS2Parameter, scale2: Bool = false) -> Int? {
        NEWS2Rule.score(input, scale2: scale2).score?.points[parameter]
    }

    private static func d(_ text: String) -> Decimal { Decimal(string: text)! }

    @Test(arguments: [("8", 3), ("9", 1), ("11", 1), ("12", 0), ("20", 0), ("21", 2), ("24", 2), ("25", 3), ("11.4", 1), ("11.5", 0)])
    func respirationRate(_ value: String, _ expected: Int) {
        #expect(points(Self.round(rr: Self.d(value)), .respirationRate) == expected)
    }

    @Test(arguments: [("91", 3), ("92", 2), ("93", 2), ("94", 1), ("95", 1), ("96", 0), ("100", 0)])
    func saturationScale1(_ value: String, _ expected: Int) {
        #expect(points(Self.round(spo2: Self.d(value)), .oxygenSaturation) == expected)
        #expect(points(Self.round(spo2: Self.d(value), oxygen: true), .oxygenSaturation) == expected, "scale 1 ignores oxygen")
    }

    @Test(arguments: [
        ("83", false, 3), ("84", false, 2), ("85", false, 2), ("86", false, 1), ("87", false, 1), ("88", false, 0), ("92", false, 0),
        ("93", false, 0), ("100", false, 0),
        ("92", true, 0), ("93", true, 1), ("94", true, 1), ("95", true, 2), ("96", true, 2), ("97", true, 3), ("100", true, 3),
    ])
    func saturationScale2(_ value: String, _ onOxygen: Bool, _ expected: Int) {
        #expect(points(Self.round(spo2: Self.d(value), oxygen: onOxygen), .oxygenSaturation, scale2: true) == expected)
    }

    @Test func oxygenScoresTwoAndAirNothing() {
        #expect(points(Self.round(oxygen: true), .airOrOxygen) == 2)
        #expect(points(Self.round(oxygen: false), .airOrOxygen) == 0)
    }

    @Test(arguments: [("90", 3), ("91", 2), ("100", 2), ("101", 1), ("110", 1), ("111", 0), ("219", 0), ("220", 3), ("90.4", 3), ("90.5", 2)])
    func systolicPressure(_ value: String, _ expected: Int) {
        #expect(points(Self.round(sbp: Self.d(value)), .systolicBloodPressure) == expected)
    }

    @Test(arguments: [("40", 3), ("41", 1), ("50", 1), ("51", 0), ("90", 0), ("91", 1), ("110", 1), ("111", 2), ("130", 2), ("131", 3)])
    func pulse(_ value: String, _ expected: Int) {
        #expect(points(Self.round(hr: Self.d(value)), .pulse) == expected)
    }

    @Test(arguments: Consciousness.allCases)
    func consciousness(_ level: Consciousness) {
        #expect(points(Self.round(acvpu: level), .consciousness) == (level == .alert ? 0 : 3))
    }

    @Test(arguments: [
        ("35.0", 3), ("35.04", 3), ("35.05", 1), ("35.1", 1), ("36.0", 1), ("36.1", 0), ("38.0", 0), ("38.1", 1), ("39.0", 1), ("39.1", 2), ("41", 2),
    ])
    func temperature(_ value: String, _ expected: Int) {
        #expect(points(Self.round(t: Self.d(value)), .temperature) == expected)
    }

    /// The chart's own kind of example: RR 22, SpO2 94 on air, SBP 105, HR 115, Alert, T 38.5.
    @Test func aWorkedRoundIsSevenHighWithContinuousMonitoring() throws {
        let score = try #require(NEWS2Rule.score(Self.round(rr: 22, spo2: 94, sbp: 105, hr: 115, t: Self.d("38.5"))).score)
        #expect(score.total == 2 + 1 + 0 + 1 + 2 + 0 + 1)
        #expect(score.risk == .high)
        #expect(score.monitoring == "continuous")
        #expect(score.breakdown == "RR 2, SpO2 1, SBP 1, HR 2, T 1")
    }

    @Test func bandsFollowTheTotalAndASingleThree() throws {
        func risk(_ input: NEWS2Input) -> NEWS2Score.Risk? { NEWS2Rule.score(input).score?.risk }
        #expect(risk(Self.round()) == .low)
        #expect(NEWS2Rule.score(Self.round()).score?.monitoring == "12-hourly")
        #expect(risk(Self.round(hr: 95)) == .low)
        #expect(NEWS2Rule.score(Self.round(hr: 95)).score?.monitoring == "4-6-hourly")
        #expect(risk(Self.round(acvpu: .voice)) == .lowMedium, "a single 3 with a total under 5")
        #expect(NEWS2Rule.score(Self.round(acvpu: .voice)).score?.monitoring == "hourly")
        #expect(risk(Self.round(oxygen: true, t: Self.d("39.1"), )) == .low, "2 + 2 = 4")
        #expect(risk(Self.round(spo2: 93, oxygen: true, hr: 95)) == .medium, "2 + 2 + 1 = 5")
        #expect(risk(Self.round(rr: 25, spo2: 93, oxygen: true)) == .high, "3 + 2 + 2 = 7")
    }

    @Test func aPartialRoundIsNeverScoredAndSaysWhatIsMissing() {
        var input = Self.round()
        input.respirationRate = nil
        input.temperature = nil
        #expect(NEWS2Rule.score(input) == .incomplete(missing: [.respirationRate, .temperature], reason: "no RR, T"))
        #expect(NEWS2Rule.score(input).text == "NEWS2 incomplete: no RR, T")
    }

    @Test func aRoundSpreadOverMoreThan30MinutesOrTwoPeopleIsNotScored() {
        var late = Self.round()
        late.temperature = .init(37, at: Self.t0 + 31 * 60)
        #expect(NEWS2Rule.score(late).score == nil)
        late.temperature = .init(37, at: Self.t0 + 30 * 60)
        #expect(NEWS2Rule.score(late).score != nil, "30 minutes apart is within the round")
        var mixed = Self.round()
        mixed.pulse = .init(70, at: Self.t0, by: "nurse2")
        #expect(NEWS2Rule.score(mixed).text == "NEWS2 incomplete: taken by more than one person")
    }

    @Test func notUsedUnder16OrInPregnancy() {
        #expect(NEWS2Rule.score(Self.round(), age: 14).text == "NEWS2 not used: age 14")
        #expect(NEWS2Rule.score(Self.round(), age: 16).score != nil)
        #expect(NEWS2Rule.score(Self.round(), isPregnant: true).text == "NEWS2 not used: pregnant")
    }
}
