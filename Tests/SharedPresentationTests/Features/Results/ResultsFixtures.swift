import CoreDomain
import CoreUseCases
import Foundation
import SharedPresentation

/// A worksheet a physician would see on a ward: a metabolic panel over several days, a blood
/// count, and a culture answered in words.
enum ResultsFixtures {
    static let context = ViewContext(now: Census.now, timeZone: Charted.utc, unicode: true) { values in
        String(values.map { $0 == nil ? " " : "*" })
    }
    /// The 80x24 chart body's width, and the narrowest single pane's.
    static let designWidth = 51
    static let narrowWidth = 37

    static func day(_ back: Int, hour: Int = 6) -> Date {
        Census.now - TimeInterval(back * 86_400) + TimeInterval(hour * 3600)
    }

    static func quantity(_ value: String, _ unit: String) -> LabResult.Value {
        .quantity(Quantity(value: Decimal(string: value)!, unit: unit, ucumCode: unit))
    }

    static let potassiumRange = ReferenceRange(low: Quantity(value: 3.5), high: Quantity(value: 5.1))

    static func result(_ id: String, _ time: Date, _ value: LabResult.Value, _ flag: AbnormalFlag = .normal,
                       status: Observation.Status = .final, range: ReferenceRange? = nil, notes: [String] = []) -> LabResult {
        LabResult(observationID: id, collected: time, value: value, flag: flag, status: status, range: range, performer: "Lab A", notes: notes)
    }

    /// Potassium on 6 days (the newest critical), sodium on 2, haemoglobin once, a culture.
    static let worksheet: ResultsWorksheet = {
        let potassium = ResultTest(key: "2823-3", name: "Potassium", fullName: "Potassium [Moles/volume] in Serum or Plasma", results: [
            result("k0", day(0), quantity("6.8", "mmol/L"), .criticalHigh, range: potassiumRange, notes: ["repeat sample, not haemolysed"]),
            result("k1", day(1), quantity("5.89999999999", "mmol/L"), .high, range: potassiumRange),
            result("k2", day(2), quantity("4.1", "mmol/L"), status: .preliminary, range: potassiumRange),
            result("k3", day(3), quantity("9.9", "mmol/L"), status: .enteredInError, range: potassiumRange),
            result("k4", day(4), quantity("3.9", "mmol/L"), range: potassiumRange),
            result("k5", day(5), quantity("3.2", "mmol/L"), .low, range: potassiumRange),
        ])
        let sodium = ResultTest(key: "2951-2", name: "Sodium", fullName: "Sodium [Moles/volume] in Serum or Plasma", results: [
            result("n0", day(0), quantity("128", "mmol/L"), .low, range: ReferenceRange(low: Quantity(value: 136), high: Quantity(value: 145))),
            result("n4", day(4), quantity("139", "mmol/L"), range: ReferenceRange(low: Quantity(value: 136), high: Quantity(value: 145))),
        ])
        let haemoglobin = ResultTest(key: "718-7", name: "Hemoglobin", fullName: "Hemoglobin [Mass/volume] in Blood", results: [
            result("h1", day(1), quantity("7.9", "g/dL"), .low, range: ReferenceRange(low: Quantity(value: 12), high: Quantity(value: 16))),
        ])
        let culture = ResultTest(key: "600-7", name: "Bacteria identified", fullName: "Bacteria identified in Blood by Culture", results: [
            result("c2", day(2), .text("Not detected")),
        ])
        return ResultsWorksheet(panels: [
            ResultPanel(title: "Basic metabolic panel", conclusion: "Hyperkalaemia", tests: [potassium, sodium]),
            ResultPanel(title: "Haematology", tests: [haemoglobin]),
            ResultPanel(title: "Microbiology", tests: [culture]),
        ], collections: (0...5).map { day($0) })
    }()

    static func state(_ worksheet: ResultsWorksheet = worksheet) -> ResultsState {
        var state = ResultsState()
        state.worksheet = .loaded(worksheet)
        return state
    }

    static func text(_ content: ScrollContent) -> [String] {
        content.lines.map { $0.spans.map(\.text).joined() }
    }
}
