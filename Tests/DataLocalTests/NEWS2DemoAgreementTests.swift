import CoreDomain
import CoreUseCases
import DataFHIR
import Foundation
import Testing

/// Our NEWS2 against the scores clinosim wrote into the demo (its own code system, survey
/// category). Where a round we find is complete the totals agree, except on supplemental
/// oxygen, where clinosim's are 1-3 lower in 12 of 70 (it does not give oxygen its 2, or its
/// Scale 1 saturation points, every time): ours is never the lower, the safe side to err on.
/// Rounds on Scale 2 (the hand-made SpO2 target) are not compared: clinosim scores Scale 1 only.
@Suite struct NEWS2DemoAgreementTests {
    static let demoObservations: [Observation] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/demo/Observation.ndjson")
        guard let data = FileManager.default.contents(atPath: url.path) else { return [] }
        return FHIRReader().read(data, file: "Observation.ndjson").resources.compactMap {
            if case .observation(let observation) = $0.content { observation } else { nil }
        }
    }()

    @Test(.enabled(if: !demoObservations.isEmpty)) func completeRoundsScoreAsTheGeneratorDid() {
        let byPatient = Dictionary(grouping: Self.demoObservations, by: \.patientID)
        var compared = 0, agreed = 0, complete = 0, rounds = 0
        var disagreements: [String] = []
        for (_, observations) in byPatient {
            let theirs = observations.filter { $0.code.contains(code: "NEWS2") }
            for round in NEWS2RoundBuilder.rounds(from: observations) {
                rounds += 1
                guard let score = round.outcome.score, score.scale == 1 else { continue }
                complete += 1
                guard let match = theirs.first(where: { $0.performer == round.performer && abs(($0.effective ?? .distantPast).timeIntervalSince(round.time)) <= 1800 }),
                      case .integer(let total)? = match.value else { continue }
                compared += 1
                if total == score.total {
                    agreed += 1
                } else if round.onOxygen != true || total > score.total {
                    disagreements.append("\(match.id): theirs \(total), ours \(score.total) \(score.breakdown)")
                }
            }
        }
        #expect(compared >= 50, "\(rounds) rounds, \(complete) complete, \(compared) compared")
        #expect(agreed * 100 >= compared * 80, "\(agreed) of \(compared) agree")
        #expect(disagreements.isEmpty, "on air, or lower than the generator's: \(disagreements.prefix(5))")
    }
}
