import CoreDomain
import CoreUseCases

/// One medication order as a line: name, dose, route, frequency, PRN —
/// `Prednisone 40 mg PO daily`, `Salbutamol 2.5 mg neb q4h PRN`. Missing parts are left out.
///
/// The prescriber's free text is never run into the structured parts, where it repeated them
/// (`500 mg PO 500mg PO Q6H_PRN`): an order with coded or structured timing shows that alone;
/// one without shows the text once, marked as written by the prescriber, with `PRN` only when
/// the text does not say it already. An as-needed order says once what it is for (`PRN pain`):
/// after `PRN`, or as `for pain` when the prescriber's text says PRN but not the reason.
public enum MedicationLineText {
    public static func format(_ request: MedicationRequest, unicode: Bool) -> String {
        var schedule = request.timing.flatMap(TimingText.structuredOrCoded)
        // A by-the-clock code in the text that refines a count a day (`Q6H` kept as 4 a day).
        if case let .refines(code) = WrittenScheduleRule.reading(request) { schedule = TimingText.coded(code) }
        let route = RouteText.format(request.route)
        // Text that only repeats the route (`IV` beside `IV`) says nothing more.
        let written = schedule == nil
            ? request.frequencyText?.trimmingCharacters(in: .whitespaces).nilIfEmpty.flatMap { $0.caseInsensitiveCompare(route ?? "") == .orderedSame ? nil : $0 }
            : nil
        let saysPRN = written?.uppercased().contains("PRN") ?? false
        return [
            request.medication.displayName,
            // `125 mL at 125 mL/h`: a dose and the rate it runs at, or either alone.
            [request.dose.map { dose($0, request, unicode: unicode) }, request.rate.map { rate($0, unicode: unicode) }]
                .compactMap { $0 }.joined(separator: " at ").nilIfEmpty,
            route,
            schedule ?? written.map { "(as written: \($0))" } ?? request.timing.flatMap { TimingText.format($0, text: nil) },
            request.asNeeded ? asNeeded(request.asNeededFor?.displayName, written: written, saysPRN: saysPRN) : nil,
        ].compactMap { $0 }.joined(separator: " ")
    }
}

extension MedicationLineText {
    /// `PRN pain`, `PRN`, `for pain` after a text that says PRN, nil when the text says both.
    static func asNeeded(_ reason: String?, written: String?, saysPRN: Bool) -> String? {
        let reason = reason?.trimmingCharacters(in: .whitespaces).nilIfEmpty
        guard saysPRN else { return ["PRN", reason].compactMap { $0 }.joined(separator: " ") }
        guard let reason, written?.localizedCaseInsensitiveContains(reason) == false else { return nil }
        return "for " + reason
    }
}

extension MedicationLineText {
    /// `500 mg`; a dose sent without a unit in its drug's form (`1 tablet`, `DoseFormUnit`).
    static func dose(_ dose: Quantity, _ request: MedicationRequest, unicode: Bool) -> String {
        guard dose.unit == nil, dose.ucumCode == nil else { return QuantityText.format(dose, unicode: unicode) }
        return DoseFormUnit.dose(dose, drug: request.medication.displayName)
    }

    /// `125 mL/h` (a rate quantity), `10 mg/h` (a ratio over one hour), `2 mg/30 min`.
    static func rate(_ rate: MedicationRequest.Rate, unicode: Bool) -> String {
        let amount = QuantityText.format(rate.amount, unicode: unicode)
        guard let per = rate.per else { return amount }
        let over = per.value == 1 ? UnitText.display(per, unicode: unicode) ?? "" : QuantityText.format(per, unicode: unicode)
        return amount + "/" + over
    }
}

private extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
