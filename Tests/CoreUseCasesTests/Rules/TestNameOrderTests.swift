@testable import CoreUseCases
import Foundation
import Testing
import TestSupport

/// Tests within a panel are ordered as Finder orders names, whichever way the order is
/// worked out: for generated names (plain and not, numbers with leading zeros, names that
/// differ only in case) it agrees with `localizedStandardCompare` both ways round.
@Suite struct TestNameOrderTests {
    private static let alphabet = Array("aAbBkKzZ09 1 2 5 10") + ["-", "(", "é", "%"]

    private static func name<G: RandomNumberGenerator>(_ random: inout G) -> String {
        let plain = Bool.random(using: &random)
        return String((0..<Int.random(in: 0...8, using: &random)).map { _ in
            let letters = plain ? alphabet.prefix(19) : alphabet[...]
            return letters.randomElement(using: &random)!
        })
    }

    @Test(arguments: 0..<2_000) func agreesWithFoundation(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let first = Self.name(&random)
        let second = Bool.random(using: &random) ? Self.name(&random) : first.uppercased()
        #expect(TestNameOrder.precedes(first, second) == (first.localizedStandardCompare(second) == .orderedAscending),
                "\(first.debugDescription) before \(second.debugDescription)? seed \(seed)")
        #expect(TestNameOrder.precedes(second, first) == (second.localizedStandardCompare(first) == .orderedAscending))
    }

    @Test func numbersGoByValue() {
        #expect(["Hb A1c 10", "hb a1c 2", "Hb A1c", "Hb 9"].sorted(by: TestNameOrder.precedes) == ["Hb 9", "Hb A1c", "hb a1c 2", "Hb A1c 10"])
    }
}
