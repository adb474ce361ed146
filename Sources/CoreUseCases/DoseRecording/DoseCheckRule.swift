import CoreDomain
import Foundation

/// The right dose: the amount given (or an infusion's rate) against the order's, in the
/// order's unit (g, mg and mcg convert, L and mL, d, h and min; see `DoseUnit`). The same
/// amount passes; any difference is told with its ratio (`45 g is 10x the ordered 4.5 g`); at
/// 2x or more, or 0.5x or less, the nurse must give a reason and type the value again, and the
/// record is audited as an override; amounts that cannot be compared (`units` against `mg`)
/// are refused and nothing is recorded.
public enum DoseCheckRule {
    /// How far from the order a dose may be before a reason is asked: 2x either way.
    public static let reasonRatio: Decimal = 2

    /// `given` against `ordered`; `.unordered` when the order gives no amount.
    public static func check(given: DoseAmount, ordered: DoseAmount?) -> DoseCheck {
        guard let ordered else { return .unordered }
        guard let (left, right) = given.crossMultiplied(against: ordered), right > 0 else {
            return .refused(mismatch(given: given, ordered: ordered))
        }
        if left == right { return .same }
        let difference = DoseDifference(given: given.text, ordered: ordered.text, ratio: left / right)
        return left >= reasonRatio * right || reasonRatio * left <= right ? .needsReason(difference) : .differs(difference)
    }

    /// A dose typed on the form against the order's dose.
    public static func check(given: Quantity, ordered: Quantity?) -> DoseCheck {
        check(given: DoseAmount(given), ordered: ordered.map(DoseAmount.init))
    }

    /// An infusion's rate against the order's.
    public static func check(rate: MedicationRequest.Rate, ordered: MedicationRequest.Rate?) -> DoseCheck {
        check(given: DoseAmount(rate), ordered: ordered.map(DoseAmount.init))
    }

    /// The value typed again for a dose that needs a reason is the same amount as `given`
    /// (`45 g`, or `45000 mg`): a slip of a decimal point is not confirmed by a second slip.
    public static func confirms(retyped text: String, given: Quantity) -> Bool {
        guard let retyped = DoseRecordingRule.dose(text) else { return false }
        return check(given: retyped, ordered: given) == .same
    }

    private static func mismatch(given: DoseAmount, ordered: DoseAmount) -> String {
        "\(given.text) cannot be compared with the ordered \(ordered.text): type it in \(ordered.unitText), as ordered"
    }
}

/// Where a dose or rate stands against the order (`DoseCheckRule`).
public enum DoseCheck: Hashable, Sendable {
    /// The amount ordered (`4500 mg` for `4.5 g` too).
    case same
    /// Another amount, within 2x either way: the confirm step says so, with the ratio.
    case differs(DoseDifference)
    /// 2x or more, or 0.5x or less: a reason and the value typed again; audited as an override.
    case needsReason(DoseDifference)
    /// The units cannot be compared (`units` against `mg`): nothing is recorded.
    case refused(String)
    /// The order gives no amount to compare with (free text only).
    case unordered

    /// What the confirm step says, nil for the amount ordered: the ratio sentence, the refusal,
    /// or that the order gives none.
    public var sentence: String? {
        switch self {
        case .same: nil
        case let .differs(difference), let .needsReason(difference): difference.sentence
        case let .refused(reason): reason
        case .unordered: "the order gives no amount to check against"
        }
    }
}

/// A dose or rate other than ordered, with how many times the order's it is.
public struct DoseDifference: Hashable, Sendable {
    public var given: String
    public var ordered: String
    /// Given over ordered (to 38 digits; whether a reason is asked is decided exactly).
    public var ratio: Decimal

    public init(given: String, ordered: String, ratio: Decimal) {
        self.given = given
        self.ordered = ordered
        self.ratio = ratio
    }

    /// `45 g is 10x the ordered 4.5 g`.
    public var sentence: String { "\(given) is \(ratioText)x the ordered \(ordered)" }

    /// The ratio ISMP style (`10`, `0.5`, `1.33`, no trailing zero), rounded toward 1 so it
    /// never reads past the 2x or 0.5x where a reason is asked: to two decimals, or below 0.01
    /// to its first two digits that are not zero.
    public var ratioText: String {
        var scale = 2
        if ratio < Decimal(string: "0.01")! {
            while scale < 30, Self.rounded(ratio, scale, .down) == 0 { scale += 1 }
            scale += 1
        }
        return "\(Self.rounded(ratio, scale, ratio > 1 ? .down : .up))"
    }

    private static func rounded(_ value: Decimal, _ scale: Int, _ mode: NSDecimalNumber.RoundingMode) -> Decimal {
        var value = value, result = Decimal()
        NSDecimalRound(&result, &value, scale, mode)
        return result
    }
}
