import CoreDomain

/// One medication order as a line: name, dose, route, frequency, PRN —
/// `Prednisone 40 mg PO daily`, `Salbutamol 2.5 mg neb q4h PRN`. Missing parts are left out.
public enum MedicationLineText {
    public static func format(_ request: MedicationRequest, unicode: Bool) -> String {
        [
            request.medication.displayName,
            request.dose.map { QuantityText.format($0, unicode: unicode) },
            RouteText.format(request.route),
            TimingText.format(request.timing, text: request.frequencyText),
            request.asNeeded ? "PRN" : nil,
        ].compactMap { $0 }.joined(separator: " ")
    }
}
