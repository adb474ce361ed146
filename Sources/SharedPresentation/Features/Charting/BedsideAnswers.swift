import CoreDomain
import CoreUseCases

/// What the dose and infusion forms share at the bedside: a typed answer taken whole, and the
/// drug confirmed by its scan or its name (`DrugScanRule.confirm`), a name typed where a code
/// would not scan kept as a note and audited as an override, as BCMA's manual entry is.
protocol BedsideAnswers {
    var input: String { get set }
    var refusal: String? { get set }
    var notes: [String] { get set }
    var overrides: [DoseOverrideKind] { get set }
    var drugConfirmed: String? { get set }
}

extension BedsideAnswers {
    /// What is typed, trimmed, and the field cleared for the next; nil (and `refusal` says so)
    /// when nothing is.
    mutating func typedWords(_ refusal: String) -> String? {
        let words = input.trimmingCharacters(in: .whitespaces)
        guard !words.isEmpty else {
            self.refusal = refusal
            return nil
        }
        input = ""
        return words
    }

    /// The drug scanned or named for `order`: true when it is the order's; else `refusal` says
    /// why (`WRONG DRUG: …`) and nothing goes on.
    mutating func confirmDrug(for order: MedicationRequest) -> Bool {
        let confirmation = DrugScanRule.confirm(typed: input, order: order)
        input = ""
        guard let text = confirmation.text else {
            if case let .refused(message) = confirmation { refusal = message }
            return false
        }
        drugConfirmed = text
        if case .unscanned = confirmation {
            notes.append("drug \(text)")
            overrides.append(.drugNotScanned)
        }
        return true
    }
}
