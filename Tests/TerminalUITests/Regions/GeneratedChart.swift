import CoreDomain
import CoreUseCases
import Foundation
@testable import SharedPresentation
import TestSupport

/// Generated records for the scroll properties: any number of items, names and texts of any
/// length (some wider than the narrowest pane), on a census of look-alike and long names.
struct GeneratedChart {
    static let now = SampleChart.now
    static let utc = SampleChart.utc
    var random: SeededGenerator

    private static let words = ["acute", "chronic", "exacerbation", "of", "obstructive", "pulmonary", "disease", "with", "left",
                                "ventricular", "failure", "Wolfeschlegelsteinhausen-Bergerdorff", "hypertension", "type", "2",
                                "diabetes", "mellitus", "renal", "impairment", "stage", "3b", "sepsis", "(finding)", "review"]

    /// Results answered in words, as labs write them.
    private static let answers = ["Not detected", "Detected", "Positive", "Negative", "Normal flora", "Trace", "Indeterminate"]

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
    mutating func chance(_ percent: Int) -> Bool { int(1...100) <= percent }

    /// One to `most` words, now and then a very long one.
    mutating func text(_ most: Int) -> String {
        (0..<int(1...most)).map { _ in Self.words[int(0...(Self.words.count - 1))] }.joined(separator: " ")
    }

    mutating func patient(_ index: Int) -> PatientListEntry {
        let family = chance(10) ? "Wolfeschlegelsteinhausen-Bergerdorff" : ["Gonzalez", "Gonzales", "Brown", "Ito", "Khan"][index % 5]
        let patient = Patient(id: "p\(index)", mrn: chance(15) ? nil : "MRN\(index)", name: PersonName(family: family, given: [chance(20) ? "Maximiliana Theodora" : "Rebecca"]),
                              birthDate: PartialDate(year: 1930 + index % 70, month: 4, day: 22), gender: .female,
                              identifierLabel: nil)
        return PatientListEntry(patient: patient, location: BedLocation(ward: "4W", bed: "4W-\(index)"), hasSevereAllergy: chance(30))
    }

    mutating func summary(for entry: PatientListEntry, problems: Int) -> PatientSummary {
        let allergies = (0..<int(0...3)).map { n in
            AllergyIntolerance(id: "a\(n)", patientID: entry.id, substance: CodedConcept(text: text(4)), criticality: chance(50) ? .high : .low,
                               clinicalStatus: .active)
        }
        return PatientSummary(
            banner: PatientBanner(patient: entry.patient), allergyStatus: AllergyStatus(entries: allergies),
            activeProblems: (0..<problems).map { n in
                ActiveProblem(condition: Condition(id: "c\(n)", patientID: entry.id, code: CodedConcept(text: text(8)), clinicalStatus: .active))
            },
            latestVitals: [], activeMedications: [], recentEncounters: [])
    }

    /// `count` encounters with their records, and the chart's notes: theirs, newest first.
    mutating func encounters(_ count: Int) -> EncounterList {
        let items = (0..<count).map { n in
            EncounterItem(encounter: Encounter(id: "e\(n)", patientID: "p0", encounterClass: .outpatient, status: .finished,
                                               period: Period(start: Self.now.addingTimeInterval(-Double(n + 1) * 86_400 * 3)),
                                               type: CodedConcept(text: text(6)), reason: CodedConcept(text: text(10))),
                          records: records(in: "e\(n)"))
        }
        return EncounterList(items: items, notes: items.flatMap(\.records.notes))
    }

    /// What was recorded in an encounter: notes of several paragraphs with blank lines, long
    /// words and now and then a cut or an unreadable one; diagnoses, procedures and orders.
    mutating func records(in encounterID: String) -> EncounterRecords {
        let notes = (0..<int(0...3)).map { n in
            let body = (0..<int(1...6)).map { _ in chance(20) ? "" : text(40) }.joined(separator: "\n")
            let content = NoteContent(text: body, cutFromBytes: chance(20) ? 90_000 : nil, unreadType: chance(10) ? "application/pdf" : nil,
                                      url: chance(10) ? "Binary/\(text(1))" : nil)
            return NoteItem(note: ClinicalNote(id: "\(encounterID)-d\(n)", patientID: "p0", encounterID: encounterID, type: CodedConcept(text: text(4)),
                                               date: Self.now, authorID: nil, content: content))
        }
        let diagnoses = (0..<int(0...3)).map { n in Condition(id: "\(encounterID)-c\(n)", patientID: "p0", code: CodedConcept(text: text(8))) }
        let procedures = (0..<int(0...2)).map { n in
            Procedure(id: "\(encounterID)-p\(n)", patientID: "p0", code: CodedConcept(text: text(8)), status: .completed, performed: Self.now)
        }
        return EncounterRecords(notes: notes, diagnoses: diagnoses, procedures: procedures, orders: medications(int(0...2)).active)
    }

    mutating func vitals(_ rounds: Int) -> VitalsHistory {
        var readings: [VitalReading] = []
        var when = Self.now
        for round in 0..<rounds {
            when = when.addingTimeInterval(-Double(int(1...6)) * 3600)
            func reading(_ sign: VitalSign, _ value: VitalReading.Value) -> VitalReading {
                VitalReading(sign: sign, effective: when, value: value, flag: chance(20) ? .high : .normal, observationIDs: ["\(sign)\(round)"],
                             delivery: chance(5) ? .failed(text(12)) : .settled)
            }
            readings.append(reading(.heartRate, .single(Quantity(value: Decimal(int(40...180)), unit: "/min", ucumCode: "/min"))))
            readings.append(reading(.bloodPressure, .bloodPressure(systolic: Quantity(value: Decimal(int(80...200)), unit: "mm[Hg]", ucumCode: "mm[Hg]"),
                                                                   diastolic: Quantity(value: Decimal(int(40...110)), unit: "mm[Hg]", ucumCode: "mm[Hg]"))))
            if chance(70) { readings.append(reading(.temperature, .single(Quantity(value: Decimal(string: "3\(int(5...9)).\(int(0...9))")!, unit: "Cel", ucumCode: "Cel")))) }
            if chance(40) { readings.append(reading(.weight, .single(Quantity(value: Decimal(int(40...140)), unit: "kg", ucumCode: "kg")))) }
        }
        return VitalsHistory(series: VitalSeries.series(from: readings))
    }

    /// Active orders: by the clock, as needed, continuous infusions, and some whose schedule
    /// cannot be read (only by the clock where `scheduled`).
    mutating func medications(_ count: Int, scheduled: Bool = false, endingInAnInfusion: Bool = false) -> MedicationList {
        let requests = (0..<count).map { n -> MedicationRequest in
            // The first is by the clock, so a MAR always has a dose to choose.
            let kind = n == 0 ? int(0...6) : endingInAnInfusion && n == count - 1 ? 10 : int(0...(scheduled ? 6 : 10))
            let rate = kind == 10 ? MedicationRequest.Rate(amount: Quantity(value: Decimal(int(1...40)), unit: "mL/h", ucumCode: "mL/h")) : nil
            return MedicationRequest(
                id: "m\(n)", patientID: "p0", medication: CodedConcept(text: text(3)), dose: Quantity(value: Decimal(int(1...500)), unit: "mg", ucumCode: "mg"),
                route: CodedConcept(text: "PO"), timing: kind < 7 ? .init(code: ["BID", "TID", "QID", "Q6H", "QD"][kind % 5]) : nil,
                asNeeded: kind == 7, status: .active, authoredOn: Self.now.addingTimeInterval(-86_400), rate: rate)
        }
        var list = MedicationList(requests: requests)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = Self.utc
        list.record = MedicationAdministrationRecord(
            requests: list.active, administrations: [], from: Self.now.addingTimeInterval(-24 * 3600),
            to: calendar.startOfDay(for: Self.now).addingTimeInterval(86_399), ward: WardAdministrationTimes(), calendar: calendar)
        return list
    }

    mutating func results(_ tests: Int, collections: Int) -> ResultsWorksheet {
        // Some worksheets a year apart at one time of day (the heads need their year), some new to the reader.
        let step: TimeInterval = chance(30) ? 365 * 86_400 : 7 * 3600
        let unread = chance(40)
        let times = (0..<collections).map { Self.now.addingTimeInterval(-Double($0 + 1) * step) }
        var panels: [ResultPanel] = []
        var made = 0
        while made < tests {
            let size = min(tests - made, int(1...9))
            panels.append(ResultPanel(title: text(5), conclusion: chance(30) ? text(20) : nil, tests: (0..<size).map { n in
                let key = "t\(made + n)"
                let days = times.indices.filter { $0 == 0 || chance(60) }
                return ResultTest(key: key, name: text(4), fullName: text(9), results: days.map { day in
                    LabResult(observationID: "\(key)-\(day)", collected: times[day],
                              value: chance(15) ? .text(Self.answers[int(0...(Self.answers.count - 1))])
                                  : .quantity(Quantity(value: Decimal(int(1...400)), unit: "mmol/L", ucumCode: "mmol/L")),
                              flag: chance(20) ? .high : .normal, notes: chance(20) ? [text(15)] : [], isNew: unread && chance(30))
                })
            }))
            made += size
        }
        return ResultsWorksheet(panels: panels, collections: times)
    }

    /// The ward's due list: each patient with one to five doses of a generated MAR.
    mutating func wardDoses(_ patients: Int) -> WardDoseList {
        var list: [WardDoseList.Patient] = []
        for index in 0..<patients {
            let doses = WardDoseList.doses(of: medications(int(1...5)).record!, at: Self.now)
            if !doses.isEmpty { list.append(WardDoseList.Patient(entry: patient(index), doses: doses)) }
        }
        return WardDoseList(patients: list, window: 3600)
    }
}
