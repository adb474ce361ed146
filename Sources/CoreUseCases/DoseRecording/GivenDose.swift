import CoreDomain

/// The dose given beside the order's, so that no screen shows the ordered dose as the one
/// given: `given 45 g (ordered 4.5 g)`.
public struct GivenDose: Hashable, Sendable {
    public var given: Quantity
    public var ordered: Quantity?

    public init(given: Quantity, ordered: Quantity?) {
        self.given = given
        self.ordered = ordered
    }

    /// Where the dose given stands against the order's (`DoseCheckRule`).
    public var check: DoseCheck { DoseCheckRule.check(given: given, ordered: ordered) }

    /// Another amount than ordered (not the same amount written in other units).
    public var differs: Bool {
        switch check {
        case .same, .unordered: false
        case .differs, .needsReason, .refused: true
        }
    }

    /// `45 g (ordered 4.5 g)`, or `4500 mg (ordered 4.5 g)`, whenever it is not written as the
    /// order writes it; `4.5 g` when it is.
    public var text: String {
        let given = DoseRecordingRule.doseText(given)
        guard let ordered = ordered.map(DoseRecordingRule.doseText), ordered != given else { return given }
        return "\(given) (ordered \(ordered))"
    }
}

extension ScheduledDose {
    /// What was recorded given for this dose against its order; nil when no dose given is recorded.
    public var givenDose: GivenDose? {
        guard let administration, administration.status == .completed, let dose = administration.dose else { return nil }
        return GivenDose(given: dose, ordered: request.dose)
    }
}

extension DoseRecord {
    /// The dose this record gives against the order's (the confirm step's `GIVEN 45 g (ordered 4.5 g)`).
    public var givenDose: GivenDose? {
        guard status == .completed, infusionAction == nil, let dose else { return nil }
        return GivenDose(given: dose, ordered: orderedDose)
    }
}
