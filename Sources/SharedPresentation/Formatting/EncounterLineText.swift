import CoreDomain
import CoreUseCases

/// An encounter in words: its one-line form and its class, shared by the Encounters tab and
/// the Summary.
enum EncounterLineText {
    /// "2025-06-27 inpatient 4W · Bed 12 (3 d, open)": an encounter on one line, as the Encounters
    /// tab lists it and the Summary shows the current one.
    static func oneLine(_ item: EncounterItem, context: ViewContext) -> String {
        let encounter = item.encounter
        var parts: [String] = [encounter.period.start.map(context.date) ?? "date unknown", className(encounter.encounterClass)]
        if let type = encounter.type?.displayName { parts.append(type) }
        if let place = item.location?.label, !place.isEmpty { parts.append(place) }
        if let stay = LengthOfStayText.format(encounter.period, now: context.now, calendar: context.calendar, timeZone: context.timeZone) {
            parts.append(stay)
        }
        return parts.joined(separator: " ")
    }

    static func className(_ value: Encounter.Class) -> String {
        switch value {
        case .inpatient: "inpatient"
        case .outpatient: "outpatient"
        case .emergency: "emergency"
        case .homeHealth: "home health"
        case .virtual: "virtual"
        case .unknown: "class unknown"
        }
    }
}
