import CoreDomain

/// A measured amount as "value unit" in ISMP style: `0.5 mg`, `5 mg`, `1,000 units`, `<5 mmol/L`.
/// Value and unit are one piece of text: `TextFitting` never separates or shortens them.
public enum QuantityText {
    public static func format(_ quantity: Quantity, unicode: Bool) -> String {
        let value = (quantity.comparator ?? "") + DecimalText.format(quantity.value)
        guard let unit = UnitText.display(quantity, unicode: unicode) else { return value }
        return value + " " + unit
    }
}
