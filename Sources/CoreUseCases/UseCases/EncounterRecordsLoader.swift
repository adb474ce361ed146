import CoreDomain

/// Reads what was recorded in a patient's encounters and sorts it by the encounter each
/// record names, for the encounters' details. A record naming no encounter is in none.
struct EncounterRecordsLoader: Sendable {
    let chart: any ChartRepository

    /// Records by encounter id, `notes` (the chart's, as `LoadNotes` gives them) among them.
    /// One read after the other: they read the one cache.
    func records(patientID: String, notes: [NoteItem]) async throws -> [String: EncounterRecords] {
        var byEncounter: [String: EncounterRecords] = [:]
        func add<T>(_ values: [T], _ encounter: (T) -> String?, to path: WritableKeyPath<EncounterRecords, [T]>) {
            for value in values {
                guard let id = encounter(value) else { continue }
                byEncounter[id, default: EncounterRecords()][keyPath: path].append(value)
            }
        }
        add(notes, \.note.encounterID, to: \.notes)
        add(try await chart.conditions(patientID: patientID).filter { $0.verificationStatus != .enteredInError }, \.encounterID, to: \.diagnoses)
        add(try await chart.procedures(patientID: patientID).filter { $0.status != .enteredInError }.sorted { ($0.performed ?? .distantPast) > ($1.performed ?? .distantPast) },
            \.encounterID, to: \.procedures)
        add(try await chart.immunizations(patientID: patientID).filter { $0.status != .enteredInError }, \.encounterID, to: \.immunizations)
        add(try await chart.medicationRequests(patientID: patientID).filter { $0.status != .enteredInError }, \.encounterID, to: \.orders)
        let observations = Dictionary(grouping: try await chart.observations(patientID: patientID, category: nil).filter { $0.encounterID != nil }) {
            $0.encounterID ?? ""
        }
        guard !observations.isEmpty else { return byEncounter }
        let sex = try await chart.patient(id: patientID)?.gender ?? .unknown
        for (id, taken) in observations {
            byEncounter[id, default: EncounterRecords()].vitals = VitalReadingBuilder.readings(from: taken.filter { $0.category == .vitalSigns })
            byEncounter[id, default: EncounterRecords()].results = LoadResults.worksheet(observations: taken, reports: [], sex: sex).tests
        }
        return byEncounter
    }
}
