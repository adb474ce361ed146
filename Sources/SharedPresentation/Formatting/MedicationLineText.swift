import CoreDomain

/// One medication order as a line: name, dose, route, frequency, PRN —
/// `Prednisone 40 mg PO daily`, `Salbutamol 2.5 mg neb q4h PRN`. Missing parts are left out.
///
/// The prescriber's free text is never run into the structured parts, where it repeated them
/// (`500 mg PO 500mg PO Q6H_PRN`): an order with coded or structured timing shows that alone;
/// one without shows the text once, marked as written by the prescriber, with `PRN` only when
/// the text does not say it already.
public enum MedicationLineText {
    public static func format(_ request: MedicationRequest, unicode: Bool) -> String {
        let schedule = request.timing.flatMap(TimingText.structuredOrCoded)
        let written = schedule == nil ? request.frequencyText?.trimmingCharacters(in: .whitespaces).nilIfEmpty : nil
        let saysPRN = written?.uppercased().contains("PRN") ?? false
        return [
            request.medication.displayName,
            request.dose.map { QuantityText.format($0, unicode: unicode) },
            RouteText.format(request.route),
            schedule ?? written.map { "(as written: \($0))" } ?? request.timing.flatMap { TimingText.format($0, text: nil) },
            request.asNeeded && !saysPRN ? "PRN" : nil,
        ].compactMap { $0 }.joined(separator: " ")
    }
}

private extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
