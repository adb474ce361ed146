import CoreDomain
import CoreUseCases
import Foundation

/// Each patient's Results worksheet prepared ahead (`PreparedResults`), one sealed row in the
/// chart bundles' table under a type no record has. It is derived data like a bundle: rebuilt
/// from the patient's Observations, DiagnosticReports and Patient in the transaction that
/// changes any of them (`DerivedRows`), and used only while it still matches them, so the open
/// reads one row instead of decoding every Observation and grouping years of results.
///
/// It is current when the same build prepared it (`ProgramBuild`) and the patient still has as
/// many Observation and DiagnosticReport rows as it was prepared from (the bundles' own check);
/// else the caller builds the worksheet from the records. Rows left out for failing their check
/// are reported again on every read, as a bundle's are.
struct ResultsWorksheetTable {
    static let type = "ResultsWorksheet"
    /// The record types it is prepared from: a change to any of them prepares it again.
    static let sources: Set<String> = ["Observation", "DiagnosticReport", "Patient"]

    let resources: ResourceTable

    /// What the row holds: who and what it was prepared from, then the worksheet.
    private struct Stored: RecordFields {
        var build = ""
        var patientID = ""
        var observationRows = 0
        var reportRows = 0
        var skipped: [Int] = []
        var prepared = PreparedResults.blank

        static var blank: Stored { Stored() }

        mutating func fields<Coder: RecordCoder>(_ coder: inout Coder) throws(Coder.Failure) {
            try coder.code(&build)
            try coder.code(&patientID)
            try coder.code(&observationRows)
            try coder.code(&reportRows)
            try coder.code(&skipped)
            try coder.code(&prepared)
        }
    }

    /// Prepares `patient`'s worksheet again from their records: `observations` as they are now,
    /// `reports` as just rebuilt, else as currently stored. Without a stored Patient (nothing to
    /// check the records against) or a known build, the row goes and the open reads the records.
    func rebuild(patient: Data, observations: Loaded<Observation>, reports: Loaded<DiagnosticReport>?) throws(CacheError) {
        let charts = ChartBundleTable(resources: resources)
        guard let build = ProgramBuild.identity,
              let record = try resources.values(Patient.self, type: "Patient", patient: patient).first else {
            return try charts.remove(type: Self.type, patient: patient)
        }
        let reports = switch reports {
        case let rebuilt?: rebuilt
        case nil: try charts.current(DiagnosticReport.self, type: "DiagnosticReport", patient: patient)
        }
        // Only the patient's own, as `CachedChartRepository` reads them.
        let prepared = LoadResults.prepared(
            observations: observations.values.filter { $0.patientID == record.id },
            reports: reports.values.filter { $0.patientID == record.id }, sex: record.gender)
        let stored = Stored(
            build: build, patientID: record.id,
            observationRows: observations.values.count + observations.skipped.count, reportRows: reports.values.count + reports.skipped.count,
            skipped: (observations.skipped + reports.skipped).map(Int.init), prepared: prepared)
        var writer = ByteWriter()
        writer.write(stored)
        try charts.store(derived: writer.bytes, type: Self.type, patient: patient)
    }

    /// `patientID`'s prepared worksheet when it is current (see the type), else nil.
    func prepared(patientID: String, patient: Data) throws(CacheError) -> PreparedResults? {
        let stored = try ChartBundleTable(resources: resources).derived(type: Self.type, patient: patient) { (reader) throws(BinaryRecordError) in
            reader.sharingRepeatedStrings()
            return try Stored(from: &reader)
        }
        guard let stored, stored.build == ProgramBuild.identity, stored.patientID == patientID,
              stored.observationRows == (try resources.count(type: "Observation", patient: patient)),
              stored.reportRows == (try resources.count(type: "DiagnosticReport", patient: patient)) else { return nil }
        for skipped in stored.skipped { resources.integrity.record(.tampered(table: "resource", rowID: Int64(skipped))) }
        return stored.prepared
    }
}
