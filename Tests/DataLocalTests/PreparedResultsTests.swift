import CoreDomain
import CoreUseCases
import DataFHIR
import Foundation
@testable import DataLocal
import Testing

/// The Results worksheet the cache prepares when a patient's records change
/// (`ResultsWorksheetTable`) opens exactly as the one built from the records would, through
/// messy records, later syncs that change or move results, a change of sex and a purge.
@Suite struct PreparedResultsTests {
    private let person = FHIRSamples.people[0]
    private let other = FHIRSamples.people[1]

    private let practitioner = #"{"resourceType":"Practitioner","id":"lab-n1","name":[{"family":"Quartermain","given":["Iolanthe"]}]}"#

    private func observation(_ id: String, _ patient: FHIRSamples.Person, _ body: String, at time: String = "2024-02-21T06:00:00Z") -> String {
        #"{"resourceType":"Observation","id":"\#(id)",\#(body),"subject":{"reference":"Patient/\#(patient.id)"},"effectiveDateTime":"\#(time)"}"#
    }

    private let lab = #""category":[{"coding":[{"system":"http://terminology.hl7.org/CodeSystem/observation-category","code":"laboratory"}]}]"#

    private func potassium(status: String = "final", value: String = "6.9") -> String {
        observation("k-1", person, #""status":"\#(status)",\#(lab),"code":{"coding":[{"system":"http://loinc.org","code":"2823-3","display":"Potassium"}]},"valueQuantity":{"value":\#(value),"unit":"mmol/L"},"performer":[{"reference":"Practitioner/lab-n1"}]"#)
    }

    /// Only a text value, and no category: a report names it.
    private var culture: String {
        observation("c-1", person, #""status":"final","code":{"text":"Blood culture"},"valueString":"no growth at 48 h""#)
    }

    private func sodium(_ id: String, status: String, value: String, at time: String) -> String {
        observation(id, person, #""status":"\#(status)",\#(lab),"code":{"coding":[{"system":"http://loinc.org","code":"2951-2","display":"Sodium"}]},"valueQuantity":{"value":\#(value),"unit":"mmol/L"},"referenceRange":[{"low":{"value":136},"high":{"value":145}}]"#, at: time)
    }

    private func moved(to patient: FHIRSamples.Person) -> String {
        observation("m-1", patient, #""status":"final",\#(lab),"code":{"coding":[{"system":"http://loinc.org","code":"718-7","display":"Hemoglobin"}]},"valueQuantity":{"value":11.2,"unit":"g/dL"}"#)
    }

    private var report: String {
        #"{"resourceType":"DiagnosticReport","id":"r-1","status":"final","code":{"text":"Morning bloods"},"subject":{"reference":"Patient/\#(person.id)"},"effectiveDateTime":"2024-02-21T06:00:00Z","result":[{"reference":"Observation/k-1"},{"reference":"Observation/c-1"}],"conclusion":"Potassium high"}"#
    }

    /// The worksheet built from the records, as every open built it before: the same cache read
    /// through a repository that prepares nothing.
    private func fromRecords(_ store: EncryptedCache, _ patient: FHIRSamples.Person, views: (any ResultViews)?) async throws -> ResultsWorksheet {
        try await LoadResults(chart: RecordsOnly(chart: CachedChartRepository(cache: store)), views: views)(patientID: patient.id)
    }

    /// Opens `patient`'s worksheet from what was prepared (checking it was) and from the records,
    /// for no reader, a reader who never looked and `nurse`, and expects them the same.
    private func expectSame(_ store: EncryptedCache, _ patient: FHIRSamples.Person, nurse: CachedResultViews,
                            sourceLocation: SourceLocation = #_sourceLocation) async throws -> ResultsWorksheet {
        let chart = CachedChartRepository(cache: store)
        #expect(try await chart.preparedResults(patientID: patient.id) != nil, "prepared, and current", sourceLocation: sourceLocation)
        let never = CachedResultViews(cache: store, user: "never-looked")
        for views in [nil, never, nurse] as [CachedResultViews?] {
            let prepared = try await LoadResults(chart: chart, views: views)(patientID: patient.id)
            #expect(prepared == (try await fromRecords(store, patient, views: views)), sourceLocation: sourceLocation)
        }
        return try await LoadResults(chart: chart, views: nurse)(patientID: patient.id)
    }

    private func sync(_ lines: [String], into store: EncryptedCache) throws {
        let fetched = FHIRReader().read(Data(lines.joined(separator: "\n").utf8)).resources
        _ = try CacheImporter(cache: store).importResources(fetched, source: "sync")
    }

    private func result(_ worksheet: ResultsWorksheet, _ observationID: String) -> LabResult? {
        worksheet.tests.lazy.flatMap(\.results).first { $0.observationID == observationID }
    }

    @Test func aPreparedWorksheetOpensAsTheRecordsWouldThroughSyncsAndAPurge() async throws {
        let cache = TemporaryCache()
        let store = try cache.unlock()
        let nurse = CachedResultViews(cache: store, user: "nurse1")
        // The results before their patient, the practitioner last: each file prepares again.
        try cache.importWhole([potassium(), culture, sodium("s-1", status: "entered-in-error", value: "152", at: "2024-02-22T06:00:00Z"),
                               sodium("s-2", status: "final", value: "139", at: "2024-02-22T06:00:00Z"), moved(to: person), report],
                              into: store, named: "results.ndjson")
        #expect(try await CachedChartRepository(cache: store).preparedResults(patientID: person.id) == nil, "no Patient yet: not prepared")
        try cache.importWhole([FHIRSamples.patient(person), FHIRSamples.patient(other), practitioner], into: store, named: "people.ndjson")
        var worksheet = try await expectSame(store, person, nurse: nurse)
        #expect(result(worksheet, "k-1")?.performer?.contains("Quartermain") == true, "a practitioner stored after the results is named")
        #expect(result(worksheet, "c-1")?.value == .text("no growth at 48 h"))
        #expect(worksheet.tests.first { $0.key == "2951-2" }?.result(at: worksheet.collections[0])?.observationID == "s-2",
                "entered in error gives way")

        let looked = Date()
        try await nurse.recordViewed(patientID: person.id, at: looked)
        while Date() <= looked.addingTimeInterval(0.002) { await Task.yield() }
        // A later sync: the potassium corrected, the good sodium entered in error after all, the
        // haemoglobin was another patient's, and a second text-only result.
        try sync([potassium(status: "amended", value: "5.1"), sodium("s-2", status: "entered-in-error", value: "139", at: "2024-02-22T06:00:00Z"),
                  moved(to: other),
                  observation("c-2", person, #""status":"preliminary",\#(lab),"code":{"text":"Urine culture"},"valueString":"mixed growth""#)],
                 into: store)
        worksheet = try await expectSame(store, person, nurse: nurse)
        let corrected = try #require(result(worksheet, "k-1"))
        #expect(corrected.value == .quantity(Quantity(value: Decimal(string: "5.1")!, unit: "mmol/L")) && corrected.status == .amended
                && corrected.isNew, "the correction shows, new")
        #expect(result(worksheet, "c-1")?.isNew == false, "unchanged: seen")
        #expect(result(worksheet, "c-2")?.isNew == true)
        #expect(result(worksheet, "m-1") == nil, "moved to another chart")
        #expect(result(try await expectSame(store, other, nurse: nurse), "m-1") != nil)

        // The patient's sex chooses the ward's ranges: a change prepares again.
        try sync([FHIRSamples.patient(person, version: 2, lastUpdated: "2024-03-02T00:00:00Z").replacingOccurrences(of: #""female""#, with: #""male""#)],
                 into: store)
        #expect(try await CachedChartRepository(cache: store).preparedResults(patientID: person.id)?.sex == .male)
        _ = try await expectSame(store, person, nurse: nurse)

        var scan = PHIScan()
        scan.tokens = [person.id, "no growth", "mixed growth", "Quartermain", "Blood culture"]
        #expect(try scan.hits(in: cache.location) == [], "the prepared worksheet is sealed")

        let patient = store.sealer.patientIndex(person.id)
        try store.write { (resources) throws(CacheError) in _ = try PatientPurge(connection: resources.connection).purge(patient: patient) }
        #expect(try await CachedChartRepository(cache: store).preparedResults(patientID: person.id) == nil, "purged with the chart")
        #expect(try await fromRecords(store, person, views: nil).isEmpty)
    }

    /// A row changed behind emr's back is reported by every open, prepared or not, and its
    /// result shown by neither.
    @Test func aTamperedResultIsReportedFromThePreparedWorksheetToo() async throws {
        let cache = TemporaryCache()
        let store = try cache.unlock()
        try cache.importWhole([FHIRSamples.patient(person), potassium(), culture, report], into: store)
        let key = store.sealer.resourceIndex(type: "Observation", id: "c-1")
        try store.database.write { (connection) throws(CacheError) in
            try connection.statement("UPDATE resource SET record = zeroblob(length(record)) WHERE key_index = ?").bind(.blob(key)).run()
        }
        // Any change to the patient's results prepares again, now without the tampered row.
        try cache.importWhole([sodium("s-1", status: "final", value: "139", at: "2024-02-22T06:00:00Z")], into: store, named: "more.ndjson")
        let reopened = try EncryptedCache(database: try cache.open(), dataKey: cache.dataKey)
        #expect(reopened.integrityProblems.isEmpty)
        #expect(try await CachedChartRepository(cache: reopened).preparedResults(patientID: person.id) != nil)
        #expect(reopened.integrityProblems.contains { if case .tampered(table: "resource", _) = $0 { true } else { false } },
                "the prepared worksheet's read reports the row left out")
        let worksheet = try await expectSame(reopened, person, nurse: CachedResultViews(cache: reopened, user: "nurse1"))
        #expect(result(worksheet, "c-1") == nil)
        #expect(result(worksheet, "k-1") != nil)
    }
}

/// A chart repository that prepares nothing: every worksheet is built from the records.
private struct RecordsOnly: ChartRepository {
    let chart: CachedChartRepository

    func patient(id: String) async throws -> Patient? { try await chart.patient(id: id) }
    func encounters(patientID: String) async throws -> [Encounter] { try await chart.encounters(patientID: patientID) }
    func observations(patientID: String, category: Observation.Category?) async throws -> [Observation] {
        try await chart.observations(patientID: patientID, category: category)
    }
    func medicationRequests(patientID: String) async throws -> [MedicationRequest] { try await chart.medicationRequests(patientID: patientID) }
    func conditions(patientID: String) async throws -> [Condition] { try await chart.conditions(patientID: patientID) }
    func allergies(patientID: String) async throws -> [AllergyIntolerance] { try await chart.allergies(patientID: patientID) }
    func diagnosticReports(patientID: String) async throws -> [DiagnosticReport] { try await chart.diagnosticReports(patientID: patientID) }
    func medicationAdministrations(patientID: String) async throws -> [MedicationAdministration] {
        try await chart.medicationAdministrations(patientID: patientID)
    }
    func notes(patientID: String) async throws -> [ClinicalNote] { try await chart.notes(patientID: patientID) }
    func procedures(patientID: String) async throws -> [Procedure] { try await chart.procedures(patientID: patientID) }
    func immunizations(patientID: String) async throws -> [Immunization] { try await chart.immunizations(patientID: patientID) }
    func carePlans(patientID: String) async throws -> [CarePlan] { try await chart.carePlans(patientID: patientID) }
    func goals(patientID: String) async throws -> [Goal] { try await chart.goals(patientID: patientID) }
    func location(id: String) async throws -> Location? { try await chart.location(id: id) }
    func practitioner(id: String) async throws -> Practitioner? { try await chart.practitioner(id: id) }
}
