import CoreDomain
import CoreUseCases
import Foundation
import Testing
@testable import SharedPresentation

/// The Summary's latest vitals: a value from an earlier round says when; on a narrow pane the
/// word goes, then the time, never a digit.
@Suite struct SummaryVitalsTimeTests {
    static let context = ViewContext(now: Census.now, timeZone: Charted.utc, unicode: true) { _ in "" }

    static let readings = [
        Charted.reading(.heartRate, 88, id: "hr", minutesAgo: 10),
        Charted.reading(.temperature, Decimal(string: "37.2")!, id: "t", minutesAgo: 10),
        Charted.reading(.respiratoryRate, 18, id: "rr", minutesAgo: 25),
        VitalReading(sign: .bloodPressure, effective: Census.now.addingTimeInterval(-28 * 3_600),
                     value: .bloodPressure(systolic: Quantity(value: 130, ucumCode: "mm[Hg]"), diastolic: Quantity(value: 67, ucumCode: "mm[Hg]")),
                     flag: .normal, observationIDs: ["bp"]),
    ]

    private func text(width: Int) -> String {
        SummaryView.vitals(Self.readings, width: width, context: Self.context).map(\.plainText).joined(separator: "\n")
    }

    @Test func aValueFromAnEarlierRoundSaysWhenEvenMinutesOlder() {
        let wide = text(width: 80)
        #expect(wide.contains("RR 18 /min at 13:48"), "\(wide)")
        #expect(wide.contains("HR 88 /min") && !wide.contains("HR 88 /min at"), "the newest round's values need no time")
        #expect(wide.contains("BP 130/67 mmHg at Sun 10:13"))
    }

    @Test func atTheSmallestScreenTheWordGoesThenTheTimeNeverADigit() {
        for width in [36, 30] {
            let lines = SummaryView.vitals(Self.readings, width: width, context: Self.context).map(\.plainText)
            #expect(lines.allSatisfy { DisplayWidth.cells($0) <= width }, "nothing wider than the pane at \(width): \(lines)")
            #expect(lines.joined().contains("130/67"), "the value whole at \(width)")
        }
        #expect(text(width: 36).contains("BP 130/67 mmHg Sun 10:13"), "the word went first")
    }
}
