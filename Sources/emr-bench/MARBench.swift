import CoreDomain
import CoreUseCases
import DataLocal
import Foundation
import SharedPresentation

/// The eMAR at ward scale: a 40-bed ward, each patient on eight active orders of every timing
/// form the MAR reads (by the clock, at ward times, every other day, PRN) and two continuous
/// infusions (one running, its rate changed once; one not started), with a day of
/// administrations recorded, in an encrypted cache. Timed as a nurse waits for them: one
/// patient's MAR opened and laid out at 80x24 (`m` on the Meds tab), its infusion section
/// included (target p99 < 5 ms, issue 28), and the ward's due list (`d`) across all 40 beds
/// (target p99 < 20 ms, the chart-open budget).
struct MARBench {
    let options: BenchOptions
    var beds = 40
    var iterations = 100

    /// Each order: its timing code (or none), its `repeat`, the prescriber's text, drug and dose in mg.
    private static let orders: [(code: String?, repeatJSON: String, text: String, drug: String, dose: String)] = [
        ("BID", #""frequency":2,"period":1,"periodUnit":"d""#, "500 mg PO BID", "Metformin", "500"),
        ("TID", #""frequency":3,"period":1,"periodUnit":"d""#, "500 mg PO TID", "Acetaminophen", "500"),
        ("Q6H", #""frequency":1,"period":6,"periodUnit":"h""#, "1 g IV Q6H", "Cefazolin", "1000"),
        ("QD", #""frequency":1,"period":1,"periodUnit":"d""#, "40 mg PO daily", "Pantoprazole", "40"),
        (nil, #""frequency":1,"period":1,"periodUnit":"d","timeOfDay":["08:00:00"]"#, "5 mg PO at 08:00", "Amlodipine", "5"),
        ("Q8H", #""frequency":1,"period":8,"periodUnit":"h""#, "40 mg IV Q8H", "Furosemide", "40"),
        ("QOD", #""frequency":1,"period":2,"periodUnit":"d""#, "0.125 mg PO every other day", "Digoxin", "0.125"),
        (nil, #""frequency":1,"period":4,"periodUnit":"h""#, "5 mg PO q4h PRN pain", "Oxycodone", "5"),
    ]

    /// Each infusion: its drug, its rate's value, unit and UCUM code, and whether it was started.
    private static let infusions: [(drug: String, rate: String, unit: String, code: String, started: Bool)] = [
        ("Heparin 25,000 units in 250 mL", "18", "units/kg/h", "U/kg/h", true),
        ("Norepinephrine 4 mg in 250 mL", "0.05", "mcg/kg/min", "ug/kg/min", false),
    ]

    func run(into table: inout ResultTable) async throws {
        let now = Date()
        let cache = try options.cache("mar-ward", holding: record(now: now))

        let chart = CachedChartRepository(cache: cache)
        let medications = LoadMedications(chart: chart, clock: { now })
        let context = ViewContext(now: now, unicode: true) { String(repeating: "-", count: $0.count) }
        let body = WorkstationGeometry(columns: 80, rows: 24).chartBody(bannerLines: 3)
        var doses = 0, infusions = 0
        let open = try await Samples.measure(iterations: iterations, warmUp: 5) {
            let list = try await medications(patientID: "bed-1")
            doses = list.record?.doses.count ?? 0
            infusions = list.record?.infusions.count ?? 0
            _ = MedicationsView.lines(list, isMARShown: true, width: body.width, context: context)
        }
        let administrations = beds * (Self.orders.count * 3 + 2)
        table.add(ResultRow(
            metric: "MAR open (80x24)", size: "\(Self.orders.count) orders, \(doses) doses in its span, \(infusions) infusions",
            median: Figure.ms(open.median), spread: "p99 \(Figure.ms(open.p99))",
            reference: "target p99 < 5 ms", ratio: Figure.ratio(open.p99 / 5) + " of target"))

        let wardDoses = LoadWardDoses(directory: try CachedPatientDirectory(cache: cache), medications: medications, clock: { now })
        let due = try await Samples.measure(iterations: iterations, warmUp: 5) {
            let state = WardDosesState(list: .loaded(try await wardDoses(ward: nil)))
            _ = WardDosesView.content(state, width: 80, context: context)
        }
        table.add(ResultRow(
            metric: "ward due list (d)", size: "\(beds) beds, \(beds * (Self.orders.count + Self.infusions.count)) orders, ~\(administrations) recorded",
            median: Figure.ms(due.median), spread: "p99 \(Figure.ms(due.p99))",
            reference: "target p99 < 20 ms", ratio: Figure.ratio(due.p99 / 20) + " of target"))
    }

    /// `beds` admitted patients, each with every order (written two days ago) and its doses of
    /// the last day recorded as given, as NDJSON.
    private func record(now: Date) -> String {
        let formatter = ISO8601DateFormatter()
        let written = formatter.string(from: now.addingTimeInterval(-2 * 86_400))
        var lines: [String] = []
        for bed in 1...beds {
            let patient = "bed-\(bed)"
            lines.append(#"{"resourceType":"Patient","id":"\#(patient)","identifier":[{"type":{"coding":[{"system":"http://terminology.hl7.org/CodeSystem/v2-0203","code":"MR"}]},"value":"MRN\#(100_000 + bed)"}],"name":[{"family":"Ward\#(bed)","given":["Bench"]}],"gender":"female","birthDate":"1950-01-01"}"#)
            lines.append(#"{"resourceType":"Encounter","id":"enc-\#(bed)","status":"in-progress","class":{"system":"http://terminology.hl7.org/CodeSystem/v3-ActCode","code":"IMP"},"subject":{"reference":"Patient/\#(patient)"},"period":{"start":"\#(written)"}}"#)
            for (index, order) in Self.orders.enumerated() {
                let id = "mr-\(bed)-\(index)"
                let code = order.code.map { #","code":{"coding":[{"system":"http://terminology.hl7.org/CodeSystem/v3-GTSAbbreviation","code":"\#($0)"}]}"# } ?? ""
                let asNeeded = order.text.contains("PRN") ? #","asNeededBoolean":true"# : ""
                lines.append(#"{"resourceType":"MedicationRequest","id":"\#(id)","status":"active","intent":"order","medicationCodeableConcept":{"text":"\#(order.drug)"},"subject":{"reference":"Patient/\#(patient)"},"encounter":{"reference":"Encounter/enc-\#(bed)"},"authoredOn":"\#(written)","dosageInstruction":[{"text":"\#(order.text)","timing":{"repeat":{\#(order.repeatJSON)}\#(code)}\#(asNeeded),"doseAndRate":[{"doseQuantity":{"value":\#(order.dose),"unit":"mg"}}]}]}"#)
                for dose in 0..<3 {
                    let given = formatter.string(from: now.addingTimeInterval(-Double(dose * 8 + 2) * 3_600))
                    lines.append(#"{"resourceType":"MedicationAdministration","id":"ma-\#(bed)-\#(index)-\#(dose)","status":"completed","medicationCodeableConcept":{"text":"\#(order.drug)"},"subject":{"reference":"Patient/\#(patient)"},"request":{"reference":"MedicationRequest/\#(id)"},"effectiveDateTime":"\#(given)","dosage":{"dose":{"value":\#(order.dose),"unit":"mg"}}}"#)
                }
            }
            lines += infusionLines(patient: patient, bed: bed, now: now, written: written, formatter: formatter)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The patient's infusions (a rate and no timing) and, for one started, its start six hours
    /// ago and a rate change two hours ago.
    private func infusionLines(patient: String, bed: Int, now: Date, written: String, formatter: ISO8601DateFormatter) -> [String] {
        var lines: [String] = []
        for (index, infusion) in Self.infusions.enumerated() {
            let id = "mr-\(bed)-infusion-\(index)"
            let rate = #"{"value":\#(infusion.rate),"unit":"\#(infusion.unit)","system":"http://unitsofmeasure.org","code":"\#(infusion.code)"}"#
            lines.append(#"{"resourceType":"MedicationRequest","id":"\#(id)","status":"active","intent":"order","medicationCodeableConcept":{"text":"\#(infusion.drug)"},"subject":{"reference":"Patient/\#(patient)"},"encounter":{"reference":"Encounter/enc-\#(bed)"},"authoredOn":"\#(written)","dosageInstruction":[{"text":"at \#(infusion.rate) \#(infusion.unit) titrate per protocol","doseAndRate":[{"rateQuantity":\#(rate)}]}]}"#)
            guard infusion.started else { continue }
            for (action, hoursAgo) in [("start", 6.0), ("rate", 2.0)] {
                let when = formatter.string(from: now.addingTimeInterval(-hoursAgo * 3_600))
                lines.append(#"{"resourceType":"MedicationAdministration","id":"ma-\#(bed)-infusion-\#(action)","status":"in-progress","medicationCodeableConcept":{"text":"\#(infusion.drug)"},"subject":{"reference":"Patient/\#(patient)"},"request":{"reference":"MedicationRequest/\#(id)"},"effectiveDateTime":"\#(when)","dosage":{"rateQuantity":\#(rate)}}"#)
            }
        }
        return lines
    }
}
