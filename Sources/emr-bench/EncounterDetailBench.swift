import CoreUseCases
import DataLocal
import Foundation
import SharedPresentation

/// An encounter's details with its notes, for a Synthea-sized chart: 60 encounters over five
/// years, each with a progress note, vital signs, a diagnosis, a procedure, a vaccine and an
/// order; the newest also with a 96 KiB dictated note (cut at 64 KiB), an HTML discharge
/// summary and a markdown note. Read from an encrypted cache and laid out at 80x24: the
/// Encounters tab opening (its records read with it), then `Enter` on the newest encounter,
/// which lays out its details and notes whole. Target p99 < 10 ms for `Enter`.
struct EncounterDetailBench {
    let options: BenchOptions
    var encounters = 60
    var iterations = 100

    func run(into table: inout ResultTable) async throws {
        let chart = CachedChartRepository(cache: try options.cache("encounter-notes", holding: record()))
        let context = ViewContext(now: Date(), unicode: true) { String(repeating: "-", count: $0.count) }
        let body = WorkstationGeometry(columns: 80, rows: 24).chartBody(bannerLines: 3)
        var list = EncounterList(items: [])
        let open = try await Samples.measure(iterations: iterations, warmUp: 5) {
            list = try await LoadEncounters(chart: chart)(patientID: "notes")
            _ = EncountersView.content(list.items, selected: 0, detailOpen: false, width: body.width, context: context)
        }
        let details = Samples.measure(iterations: iterations, warmUp: 5) {
            _ = EncountersView.content(list.items, selected: 0, detailOpen: true, width: body.width, context: context)
        }
        let size = "\(encounters) encounters, \(list.notes.count) notes (one cut at 64 KiB)"
        table.add(ResultRow(
            metric: "Encounters tab open, records read (80x24)", size: size, median: Figure.ms(open.median), spread: "p99 \(Figure.ms(open.p99))",
            reference: "target p99 < 20 ms (as Results)", ratio: Figure.ratio(open.p99 / 20) + " of target"))
        table.add(ResultRow(
            metric: "Encounter detail with notes (Enter, 80x24)", size: size, median: Figure.ms(details.median),
            spread: "p99 \(Figure.ms(details.p99))", reference: "target p99 < 10 ms", ratio: Figure.ratio(details.p99 / 10) + " of target"))
    }

    /// One patient, `encounters` visits a month apart, newest first by id number, as NDJSON.
    private func record() -> String {
        var lines = [#"{"resourceType":"Patient","id":"notes","name":[{"family":"Notes","given":["Many"]}],"gender":"female","birthDate":"1950-01-01"}"#]
        let formatter = ISO8601DateFormatter()
        let newest = Date(timeIntervalSince1970: 1_737_000_000)
        let progress = String(repeating: "Seen in clinic. Blood pressure reviewed, medication unchanged. Plan discussed with the patient. ", count: 30)
        for visit in 0..<encounters {
            let start = newest.addingTimeInterval(-Double(visit) * 30 * 86_400)
            let time = formatter.string(from: start)
            let encounter = "enc-\(visit)"
            let subject = #""subject":{"reference":"Patient/notes"},"encounter":{"reference":"Encounter/\#(encounter)"}"#
            lines.append(#"{"resourceType":"Encounter","id":"\#(encounter)","status":"finished","class":{"system":"http://terminology.hl7.org/CodeSystem/v3-ActCode","code":"AMB"},"subject":{"reference":"Patient/notes"},"period":{"start":"\#(time)"}}"#)
            var notes = [("progress", "text/plain", progress)]
            if visit == 0 {
                notes.append(("dictated", "text/plain", String(repeating: "A long dictated history, line after line of it. ", count: 2_000)))
                notes.append(("discharge", "text/html", "<h1>Discharge</h1><p>Seen &amp; examined.<script>alert(1)</script></p>" + String(repeating: "<p>Stable on the ward.</p>", count: 200)))
                notes.append(("markdown", "text/markdown", String(repeating: "- **Plan** review in _two_ weeks\n", count: 100)))
            }
            for (kind, type, text) in notes {
                let data = Data(text.utf8).base64EncodedString()
                lines.append(#"{"resourceType":"DocumentReference","id":"doc-\#(kind)-\#(visit)","status":"current","type":{"coding":[{"system":"http://loinc.org","code":"11506-3","display":"Progress note"}]},"subject":{"reference":"Patient/notes"},"date":"\#(time)","context":{"encounter":[{"reference":"Encounter/\#(encounter)"}]},"content":[{"attachment":{"contentType":"\#(type)","data":"\#(data)"}}]}"#)
            }
            for minute in 0..<10 {
                let taken = formatter.string(from: start.addingTimeInterval(Double(minute) * 60))
                lines.append(#"{"resourceType":"Observation","id":"hr-\#(visit)-\#(minute)","status":"final","category":[{"coding":[{"system":"http://terminology.hl7.org/CodeSystem/observation-category","code":"vital-signs"}]}],"code":{"coding":[{"system":"http://loinc.org","code":"8867-4"}]},\#(subject),"effectiveDateTime":"\#(taken)","valueQuantity":{"value":\#(60 + minute),"unit":"/min","system":"http://unitsofmeasure.org","code":"/min"}}"#)
            }
            lines.append(#"{"resourceType":"Condition","id":"c-\#(visit)","code":{"text":"Essential hypertension"},\#(subject),"onsetDateTime":"\#(time)"}"#)
            lines.append(#"{"resourceType":"Procedure","id":"p-\#(visit)","status":"completed","code":{"text":"Medication reconciliation"},\#(subject),"performedDateTime":"\#(time)"}"#)
            lines.append(#"{"resourceType":"Immunization","id":"i-\#(visit)","status":"completed","vaccineCode":{"text":"Influenza"},"patient":{"reference":"Patient/notes"},"encounter":{"reference":"Encounter/\#(encounter)"},"occurrenceDateTime":"\#(time)"}"#)
            lines.append(#"{"resourceType":"MedicationRequest","id":"m-\#(visit)","status":"active","intent":"order","medicationCodeableConcept":{"text":"lisinopril 10 MG Oral Tablet"},\#(subject),"authoredOn":"\#(time)"}"#)
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
