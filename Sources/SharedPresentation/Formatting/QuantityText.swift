import CoreDomain

/// A measured amount as "value unit" in ISMP style: `0.5 mg`, `5 mg`, `1,000 units`, `<5 mmol/L`.
/// Value and unit are one piece of text: `TextFitting` never separates or shortens them.
/// Float noise is rounded (to `places`, by default three: a dose of `0.30000000000000004 mg` is `0.3 mg`).
public enum QuantityText {
    public static func format(_ quantity: Quantity, unicode: Bool, places: Int = 3) -> String {
        let value = (quantity.comparator ?? "") + DecimalText.withoutNoise(quantity.value, places: places)
        guard let unit = UnitText.display(quantity, unicode: unicode) else { return value }
        return value + " " + unit
    }
}
