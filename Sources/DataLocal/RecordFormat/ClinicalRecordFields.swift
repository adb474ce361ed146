import CoreDomain
import Foundation

// The clinical records' fields in the binary record format, each type's list once (see
// `RecordFields`). The order is the format: a field added later goes last, as `trailing`.

extension Encounter: RecordFields {
    static var blank: Encounter { Encounter(id: "", patientID: "") }

    mutating func fields<Coder: RecordCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.code(&id)
        try coder.code(&patientID)
        try coder.code(raw: &encounterClass)
        try coder.code(raw: &status)
        try coder.code(&period)
        try coder.code(&locationIDs)
        try coder.code(&type)
        try coder.code(&reason)
        try coder.code(&practitionerID)
    }
}

extension Observation.Value: RecordFields {
    static var blank: Observation.Value { .boolean(false) }

    /// Which case is stored, as its number before the case's value.
    private enum Kind: Int {
        case quantity, concept, string, boolean, integer, range
    }

    private var kind: Kind {
        switch self {
        case .quantity: .quantity
        case .concept: .concept
        case .string: .string
        case .boolean: .boolean
        case .integer: .integer
        case .range: .range
        }
    }

    mutating func fields<Coder: RecordCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        var kind = kind
        try coder.code(number: &kind)
        switch (kind, self) {
        case let (.quantity, .quantity(value)): self = .quantity(try coder.coded(value))
        case (.quantity, _): self = .quantity(try coder.coded(Quantity.blank))
        case let (.concept, .concept(value)): self = .concept(try coder.coded(value))
        case (.concept, _): self = .concept(try coder.coded(CodedConcept.blank))
        case let (.string, .string(value)): self = .string(try coder.coded(value))
        case (.string, _): self = .string(try coder.coded(String.blank))
        case let (.boolean, .boolean(value)): self = .boolean(try coder.coded(value))
        case (.boolean, _): self = .boolean(try coder.coded(Bool.blank))
        case let (.integer, .integer(value)): self = .integer(try coder.coded(value))
        case (.integer, _): self = .integer(try coder.coded(Int.blank))
        // Stored as a reference range's fields (low, high and an empty text).
        case let (.range, .range(low, high)): self = .range(try coder.coded(ReferenceRange(low: low, high: high)))
        case (.range, _): self = .range(try coder.coded(ReferenceRange.blank))
        }
    }
}

extension Observation.Value {
    static func range(_ ends: ReferenceRange) -> Observation.Value { .range(low: ends.low, high: ends.high) }
}

extension ReferenceRange: RecordFields {
    static var blank: ReferenceRange { ReferenceRange() }

    mutating func fields<Coder: RecordCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.code(&low)
        try coder.code(&high)
        try coder.code(&text)
    }
}

extension Observation.Component: RecordFields {
    static var blank: Observation.Component { Observation.Component(code: .blank) }

    mutating func fields<Coder: RecordCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.code(&code)
        try coder.code(&value)
        try coder.code(&referenceRanges)
        try coder.code(&interpretation)
    }
}

extension Observation: RecordFields {
    /// Built once: every decoded Observation starts from it, and building one afresh (its
    /// initialiser's every default) showed in a chart's open time.
    static let blank = Observation(id: "", patientID: "", code: .blank)

    /// `performer` came with schema 4, `dataAbsentReason`, `notes`, `memberIDs`, `received`,
    /// `derivedFromIDs` and `partOfIDs` later: a value written before reads with them empty until the next sync
    /// or import writes it again (a result without `received` is never new).
    mutating func fields<Coder: RecordCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.code(&id)
        try coder.code(&patientID)
        try coder.code(&encounterID)
        try coder.code(&code)
        try coder.code(raw: &category)
        try coder.code(raw: &status)
        try coder.code(&effective)
        try coder.code(&value)
        try coder.code(&components)
        try coder.code(&referenceRanges)
        try coder.code(&interpretation)
        try coder.trailing(&performer)
        try coder.trailing(&dataAbsentReason)
        try coder.trailing(&notes)
        try coder.trailing(&memberIDs)
        try coder.trailingArrival(&received)
        try coder.trailing(&derivedFromIDs)
        try coder.trailing(&partOfIDs)
    }
}

extension MedicationRequest.Timing: RecordFields {
    static var blank: MedicationRequest.Timing { MedicationRequest.Timing() }

    mutating func fields<Coder: RecordCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.code(&frequency)
        try coder.code(&period)
        try coder.code(&periodUnit)
        try coder.code(&code)
    }
}

/// The parts of an order's timing stored after the first layout (see `MedicationRequest`'s fields).
struct TimingSchedule: RecordFields {
    var timesOfDay: [String]
    var when: [String]
    var bounds: Period?
    var unread: [String]

    static var blank: TimingSchedule { TimingSchedule(timesOfDay: [], when: [], bounds: nil, unread: []) }

    mutating func fields<Coder: RecordCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.code(&timesOfDay)
        try coder.code(&when)
        try coder.code(&bounds)
        try coder.code(&unread)
    }
}

extension MedicationRequest.Rate: RecordFields {
    static var blank: MedicationRequest.Rate { MedicationRequest.Rate(amount: .blank) }

    mutating func fields<Coder: RecordCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.code(&amount)
        try coder.code(&per)
    }
}

extension MedicationRequest: RecordFields {
    static var blank: MedicationRequest { MedicationRequest(id: "", patientID: "", medication: .blank) }

    /// `rate` came after schema 5, then `asNeededFor`, the schedule, the days, the product's
    /// identifiers and the further instructions.
    mutating func fields<Coder: RecordCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.code(&id)
        try coder.code(&patientID)
        try coder.code(&medication)
        try coder.code(&dose)
        try coder.code(&route)
        try coder.code(&frequencyText)
        try coder.code(&timing)
        try coder.code(&asNeeded)
        try coder.code(raw: &status)
        try coder.code(raw: &intent)
        try coder.code(&authoredOn)
        try coder.code(&prescriberID)
        try coder.code(&reason)
        try coder.trailing(&rate)
        try coder.trailing(&asNeededFor)
        // The timing's clock times, events and bounds came after `asNeededFor`; the timing
        // itself sits earlier in the record, where nothing can follow it.
        var schedule = timing.map { TimingSchedule(timesOfDay: $0.timesOfDay, when: $0.when, bounds: $0.bounds, unread: $0.unread) }
        try coder.trailing(&schedule)
        if let schedule {
            var read = timing ?? Timing()
            (read.timesOfDay, read.when, read.bounds, read.unread) = (schedule.timesOfDay, schedule.when, schedule.bounds, schedule.unread)
            timing = read
        }
        // Which dates were written as days came after the schedule; an older order has none,
        // and an order with none is written as absent (one byte).
        var days: DayWrittenDates? = writtenAsDays == DayWrittenDates() ? nil : writtenAsDays
        try coder.trailing(&days)
        writtenAsDays = days ?? DayWrittenDates()
        // The product's identifiers (a drug scan matches them) and the dosage's further
        // instructions came after the days: an older order has none until the next sync.
        try coder.trailing(&medicationIdentifiers)
        try coder.trailing(&additionalInstructions)
        // The encounter it was written in came last: an older order has none until the next sync.
        try coder.trailing(&encounterID)
    }
}

extension MedicationRequest.DayWrittenDates: RecordFields {
    static var blank: MedicationRequest.DayWrittenDates { MedicationRequest.DayWrittenDates() }

    mutating func fields<Coder: RecordCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.code(&authoredOn)
        try coder.code(&boundsStart)
        try coder.code(&boundsEnd)
    }
}

extension Condition: RecordFields {
    static var blank: Condition { Condition(id: "", patientID: "", code: .blank) }

    mutating func fields<Coder: RecordCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.code(&id)
        try coder.code(&patientID)
        try coder.code(&code)
        try coder.code(raw: &clinicalStatus)
        try coder.code(raw: &verificationStatus)
        try coder.code(&onset)
        try coder.code(&recordedDate)
        // Added later: a condition stored before has no encounter until the next sync.
        try coder.trailing(&encounterID)
    }
}

extension DiagnosticReport: RecordFields {
    /// Built once, as `Observation.blank`: a chart's open decodes a report for each day of labs.
    static let blank = DiagnosticReport(id: "", patientID: "", code: .blank, status: .unknown)

    mutating func fields<Coder: RecordCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.code(&id)
        try coder.code(&patientID)
        try coder.code(&code)
        try coder.code(raw: &status)
        try coder.code(&effective)
        try coder.code(&resultIDs)
        try coder.code(&conclusion)
    }
}

extension MedicationAdministration: RecordFields {
    static var blank: MedicationAdministration {
        MedicationAdministration(id: "", patientID: "", requestID: nil, status: .unknown, effective: Date(timeIntervalSince1970: 0))
    }

    mutating func fields<Coder: RecordCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.code(&id)
        try coder.code(&patientID)
        try coder.code(&requestID)
        try coder.code(raw: &status)
        try coder.code(&effective)
        try coder.code(&performer)
        try coder.code(&reason)
        try coder.code(&dose)
        // Added later: a dose stored before reads with no indication until the next sync;
        // then the scheduled dose it names and an infusion's rate, likewise.
        try coder.trailing(&indication)
        try coder.trailing(&scheduledTime)
        try coder.trailing(&rate)
    }
}

extension AllergyIntolerance.Reaction: RecordFields {
    static var blank: AllergyIntolerance.Reaction { AllergyIntolerance.Reaction(manifestations: []) }

    mutating func fields<Coder: RecordCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.code(&manifestations)
        try coder.code(raw: &severity)
    }
}

extension AllergyIntolerance: RecordFields {
    static var blank: AllergyIntolerance { AllergyIntolerance(id: "", patientID: "", substance: .blank) }

    mutating func fields<Coder: RecordCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.code(&id)
        try coder.code(&patientID)
        try coder.code(&substance)
        try coder.code(raw: &criticality)
        try coder.code(raw: &kind)
        try coder.code(raw: &clinicalStatus)
        try coder.code(raw: &verificationStatus)
        try coder.code(&reactions)
        try coder.code(&recordedDate)
    }
}

extension NoteContent: RecordFields {
    static var blank: NoteContent { NoteContent() }

    mutating func fields<Coder: RecordCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.code(&text)
        try coder.code(&cutFromBytes)
        try coder.code(&unreadType)
        try coder.code(&url)
    }
}

extension ClinicalNote: RecordFields {
    static var blank: ClinicalNote { ClinicalNote(id: "", patientID: "") }

    mutating func fields<Coder: RecordCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.code(&id)
        try coder.code(&patientID)
        try coder.code(&encounterID)
        try coder.code(raw: &status)
        try coder.code(&type)
        try coder.code(&date)
        try coder.code(&authorID)
        try coder.code(&content)
        // Added later: a note stored before reads with no author's name until the next sync.
        try coder.trailing(&authorName)
    }
}

extension Procedure: RecordFields {
    static var blank: Procedure { Procedure(id: "", patientID: "", code: .blank, status: .unknown) }

    mutating func fields<Coder: RecordCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.code(&id)
        try coder.code(&patientID)
        try coder.code(&encounterID)
        try coder.code(&code)
        try coder.code(raw: &status)
        try coder.code(&performed)
    }
}

extension Immunization: RecordFields {
    static var blank: Immunization { Immunization(id: "", patientID: "", vaccine: .blank, status: .completed) }

    mutating func fields<Coder: RecordCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.code(&id)
        try coder.code(&patientID)
        try coder.code(&encounterID)
        try coder.code(&vaccine)
        try coder.code(raw: &status)
        try coder.code(&occurrence)
    }
}

extension CarePlan: RecordFields {
    static var blank: CarePlan { CarePlan(id: "", patientID: "", status: .unknown) }

    mutating func fields<Coder: RecordCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.code(&id)
        try coder.code(&patientID)
        try coder.code(raw: &status)
        try coder.code(&title)
        try coder.code(&categories)
        try coder.code(&activities)
        try coder.code(&start)
    }
}

extension Goal: RecordFields {
    static var blank: Goal { Goal(id: "", patientID: "", status: .proposed, description: .blank) }

    mutating func fields<Coder: RecordCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.code(&id)
        try coder.code(&patientID)
        try coder.code(raw: &status)
        try coder.code(&description)
    }
}
