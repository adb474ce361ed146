import CoreDomain
import CoreUseCases
import Foundation

/// The patient list pane: the search line, then one row per patient with name, location,
/// age/sex (from `wideWidth`; the banner gives them), the NEWS2 score, what is due
/// (`PatientRowMarksText`) and markers. Markers are letters, so they survive a terminal without
/// color: `≈` (`~` in ASCII) a look-alike name on the census, `A` severe allergy, `!` abnormal
/// latest vital sign, `C` (critical style) a critical laboratory result of the last 72 hours,
/// `R` (neutral) results the user has not seen since they arrived
/// (`PatientListEntry.hasNewResults`), and below `wordsWidth` the to-do letter (neutral). A
/// patient not on the census (see `PatientListEntry.isOffCensus`) says `off` in the location
/// slot: alone in the compact list (23 cells at 80x24, where the name keeps its room and the
/// banner gives the bed), before the bed from `wideWidth` cells on.
public enum PatientListView {
    /// The pane's title: how many patients, and the order when it is not by bed.
    public static func title(_ list: PatientListState) -> String {
        let count = list.isLoading ? "Patients …" : "Patients \(list.total)"
        return list.byEarlyWarning ? count + " · by NEWS2" : count
    }

    /// The line above the rows: the search field while typing, else a hint.
    public static func searchLine(_ list: PatientListState, width: Int) -> StyledLine {
        if list.search.isEditing || !list.search.text.isEmpty {
            let count = list.isLoading ? "…" : "\(list.total)"
            return StyledLine([Span("/", .accent), Span(list.search.text, .input), Span("  \(count) found", .dim)])
        }
        return StyledLine("/ search name, MRN, DOB", .dim)
    }

    /// Right-aligned markers plus location; the name takes what room is left, shortened by
    /// words (a name is not a value) while location and markers stay whole.
    public static func row(_ entry: PatientListEntry, width: Int, context: ViewContext) -> StyledLine {
        // The look-alike mark takes the space before the others: a row is no narrower for it.
        let lookAlike = entry.hasLookAlike ? (context.unicode ? "≈" : "~") : " "
        let words = width >= wordsWidth
        let tasks = PatientRowTasks(entry, at: context.now)
        let role: TextRole = entry.hasSevereAllergy ? .critical : (entry.hasAbnormalVital ? .abnormal : .normal)
        var slots = [Span(entry.hasSevereAllergy ? "A" : " ", role), Span(entry.hasAbnormalVital ? "!" : " ", role)]
        // A critical result, new results, then the to-do letter take the free slots nearest the
        // end, so A and ! keep their columns; a cell of their own (one from the name) only where
        // none is free.
        var extra: [Span] = []
        let added = [
            Self.hasRecentCriticalResult(entry, at: context.now) ? Span(criticalResultMarker, .critical) : nil,
            entry.hasNewResults ? Span(newResultsMarker) : nil,
            words ? nil : PatientRowMarksText.compactTask(tasks).map { Span($0) },
        ].compactMap { $0 }
        for mark in added {
            if let free = slots.lastIndex(where: { $0.text == " " }) { slots[free] = mark } else { extra.append(mark) }
        }
        let markers = [Span(lookAlike, role)] + slots + extra
        let place = placeText(entry, wide: width >= wideWidth)
        var tail = " \(place)"
        if width >= wideWidth {
            let age = AgeText.format(entry.patient, now: context.now, calendar: context.calendar, timeZone: context.timeZone) ?? ""
            tail += " \(entry.patient.gender.letter) " + age.padding(toLength: 4, withPad: " ", startingAt: 0)
        }
        let marks = words
            ? [PatientRowMarksText.wordsScore(entry.earlyWarning, at: context.now)] + PatientRowMarksText.wordsTasks(tasks)
            : [PatientRowMarksText.compactScore(entry.earlyWarning, at: context.now)]
        let tailWidth = DisplayWidth.cells(tail) + (marks + markers).reduce(0) { $0 + DisplayWidth.cells($1.text) }
        let nameRoom = max(4, width - tailWidth)
        let name = clipName(fittedName(entry.patient.name, width: nameRoom, unicode: context.unicode), to: nameRoom)
        let spaces = String(repeating: " ", count: max(0, nameRoom - DisplayWidth.cells(name)))
        return StyledLine([Span(name + spaces), Span(tail, .dim)] + marks + markers)
    }

    /// New results not yet seen: a plain letter, neither alarm nor colour (a result may be normal).
    static let newResultsMarker = "R"

    /// A laboratory result judged critical collected in the last 72 hours: the Summary lists
    /// it. In the critical style, as `A` is: it asks for action.
    static let criticalResultMarker = "C"

    /// The row's newest critical result falls in the Summary's window (`LoadPatientSummary`).
    static func hasRecentCriticalResult(_ entry: PatientListEntry, at now: Date) -> Bool {
        entry.newestCriticalResult.map { LoadPatientSummary.isRecent($0, now: now) } ?? false
    }

    /// The name in `width` cells, the family name whole wherever it fits: "Gonzalez, Rebecca",
    /// else "Gonzalez, Reb…", else "Gonzalez, R", else "Gonzalez R" (a cut to "Gonz…, Rebe…"
    /// made three patients read alike).
    static func fittedName(_ name: PersonName, width: Int, unicode: Bool) -> String {
        let full = name.listName
        guard DisplayWidth.cells(full) > width, let family = name.family, !family.isEmpty else { return full }
        let given = name.given.joined(separator: " ")
        let room = width - DisplayWidth.cells(family) - 2
        guard let initial = given.first else { return family }
        // One cell short of "Gonzalez, R": the initial without the comma rather than the family
        // name alone, so "Gonzalez R" and "Gonzalez L" never read as one name.
        if room == 0 { return "\(family) \(initial)" }
        guard room >= 1 else { return family }
        guard room >= 3 else { return "\(family), \(initial)" }
        return "\(family), \(given.prefix(room - 1))\(unicode ? "…" : ".")"
    }

    /// What marks a patient off the census, in list rows and the server's rows alike.
    static let offCensusMarker = "off"

    /// From this width on a row has room for sex, age and the off-census marker beside the bed
    /// (the compact list at 80x24 is 23 cells).
    static let wideWidth = 34

    /// From this width on the score and what is due are words (`NEWS2 7 HIGH  obs late  dose
    /// due`): the list alone on a screen of 66-79 columns. The list beside a chart is at most
    /// 40 columns, where letters keep the name its room.
    static let wordsWidth = 64

    /// The location slot: the bed, or for a patient off the census the marker (then the bed, when `wide`).
    static func placeText(_ entry: PatientListEntry, wide: Bool) -> String {
        let bed = entry.location.map(shortPlace) ?? ""
        guard entry.isOffCensus else { return bed }
        return wide && !bed.isEmpty ? "\(offCensusMarker) \(bed)" : offCensusMarker
    }

    /// "4W-12": the bed in the fewest cells. Names such as "Bed 4W-12" lose the kind word;
    /// a bed name that does not already say its ward gets the ward in front.
    static func shortPlace(_ location: BedLocation) -> String {
        let ward = location.ward.map(withoutKindWord)
        guard let bed = (location.bed ?? location.room).map(withoutKindWord) else { return ward ?? "" }
        guard let ward, !bed.hasPrefix(ward) else { return bed }
        return "\(ward)-\(bed)"
    }

    private static func withoutKindWord(_ name: String) -> String {
        for word in ["Ward ", "Bed ", "Room "] where name.hasPrefix(word) && name.count > word.count {
            return String(name.dropFirst(word.count))
        }
        return name
    }

    /// Names are words, not values: when even shortened words do not fit, end with an ellipsis.
    static func clipName(_ name: String, to width: Int) -> String {
        guard DisplayWidth.cells(name) > width else { return name }
        var clipped = ""
        for character in name {
            if DisplayWidth.cells(clipped + String(character)) > width - 1 { break }
            clipped.append(character)
        }
        return clipped + "…"
    }

    /// What the pane says instead of rows when there are none.
    public static func emptyMessage(_ list: PatientListState) -> String {
        if list.isLoading { return "loading…" }
        return list.search.text.isEmpty ? "No patients listed." : "No patient matches \"\(list.search.text)\"."
    }
}
