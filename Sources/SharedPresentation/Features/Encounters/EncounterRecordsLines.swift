import CoreDomain
import CoreUseCases
import Foundation

/// What was recorded in an encounter, below its details: its notes whole, then its
/// diagnoses, procedures, vaccines, vital signs, results and orders, each a labelled
/// section; a section with nothing is left out, and an encounter with nothing recorded says so.
enum EncounterRecordsLines {
    static func lines(_ records: EncounterRecords, width: Int, context: ViewContext) -> [StyledLine] {
        var sections: [StyledLine] = []
        if !records.notes.isEmpty {
            sections += LineWrapping.wrap([Span("Notes (\(records.notes.count))", .accent)], width: width)
            for (index, note) in records.notes.enumerated() {
                if index > 0 { sections.append(StyledLine("")) }
                sections += NoteLines.lines(note, width: width, context: context)
            }
        }
        let items: [(String, [[Span]])] = [
            ("Diagnoses", records.diagnoses.map { [Span($0.code.displayName)] }),
            ("Procedures", records.procedures.map { [Span(timed($0.code.displayName, $0.performed, context))] }),
            ("Vaccines", records.immunizations.map { [Span(timed($0.vaccine.displayName, $0.occurrence, context))] }),
            ("Vitals", records.vitals.map { vital($0, context: context) }),
            ("Results", records.results.compactMap { result($0, context: context) }),
            ("Orders", records.orders.map { [Span(MedicationLineText.format($0, unicode: context.unicode))] }),
        ]
        for (label, entries) in items where !entries.isEmpty {
            if !sections.isEmpty { sections.append(StyledLine("")) }
            sections += LabelledSection.lines(label, entries, width: width)
        }
        return sections.isEmpty ? LineWrapping.wrap([Span("Nothing else recorded in this encounter.", .dim)], width: width) : sections
    }

    private static func timed(_ name: String, _ time: Date?, _ context: ViewContext) -> String {
        time.map { name + " " + context.dateTime($0) } ?? name
    }

    /// "HR 72 /min 09:05": the reading with its marker, as the Summary shows it, and its time.
    private static func vital(_ reading: VitalReading, context: ViewContext) -> [Span] {
        let parts = VitalText.parts(reading, unicode: context.unicode)
        var spans = [Span("\(parts.label) "), Span(parts.valueWithMarker, reading.flag.role)]
        if let unit = parts.unit { spans.append(Span(" \(unit)")) }
        return spans + [Span(" " + context.dateTime(reading.effective), .dim)]
    }

    /// "Potassium 5.6 H mmol/L 06:00": each test's newest result with its flag letters.
    private static func result(_ test: ResultTest, context: ViewContext) -> [Span]? {
        guard let newest = test.latest else { return nil }
        var text = test.name + " " + LabValueText.valueWithFlag(newest, test: test.key)
        if let unit = newest.unit.flatMap({ UnitText.display($0, unicode: context.unicode) }) { text += " " + unit }
        return [Span(text, newest.flag.role), Span(" " + context.dateTime(newest.collected), .dim)]
    }
}
