import CoreDomain
import Foundation

// The people, places and shared value types' fields in the binary record format, each
// type's list once (see `RecordFields`). The order is the format: a field added later goes
// last, as `trailing`.

extension Coding: RecordFields {
    static var blank: Coding { Coding() }

    mutating func fields<Coder: RecordCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.code(&system)
        try coder.code(&code)
        try coder.code(&display)
    }
}

extension CodedConcept: RecordFields {
    static var blank: CodedConcept { CodedConcept() }

    mutating func fields<Coder: RecordCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.code(&codings)
        try coder.code(&text)
    }
}

extension Quantity: RecordFields {
    static var blank: Quantity { Quantity(value: 0) }

    mutating func fields<Coder: RecordCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.code(&value)
        try coder.code(&unit)
        try coder.code(&ucumCode)
        try coder.code(&comparator)
    }
}

extension Period: RecordFields {
    static var blank: Period { Period() }

    mutating func fields<Coder: RecordCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.code(&start)
        try coder.code(&end)
    }
}

extension PersonName: RecordFields {
    static var blank: PersonName { PersonName() }

    mutating func fields<Coder: RecordCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.code(&family)
        try coder.code(&given)
        try coder.code(&prefix)
        try coder.code(&suffix)
        try coder.code(&text)
    }
}

extension Patient: RecordFields {
    static var blank: Patient { Patient(id: "", name: .blank) }

    /// `identifierLabel` came later and is written last, after everything that holds the
    /// patient (here, or a list row).
    mutating func fields<Coder: RecordCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try firstLayoutFields(&coder)
        try coder.trailing(&identifierLabel)
    }

    /// Every field but `identifierLabel`, as the first layout had them (a list row holds these).
    mutating func firstLayoutFields<Coder: RecordCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.code(&id)
        try coder.code(&mrn)
        try coder.code(&name)
        try coder.code(&birthDate)
        try coder.code(raw: &gender)
        try coder.code(&isDeceased)
        try coder.code(&deceasedAt)
    }
}

extension EarlyWarning: RecordFields {
    static var blank: EarlyWarning { EarlyWarning(total: 0, band: .low, taken: .blank, nextDue: nil) }

    mutating func fields<Coder: RecordCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.code(&total)
        try coder.code(number: &band)
        try coder.code(&taken)
        try coder.code(&nextDue)
    }
}

extension OpenDoses: RecordFields {
    static var blank: OpenDoses { OpenDoses(doses: [], window: 0, until: .blank) }

    /// The window in whole seconds, as the ward's configuration gives it (minutes).
    mutating func fields<Coder: RecordCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.code(&doses)
        var seconds = Int(window)
        try coder.code(&seconds)
        window = TimeInterval(seconds)
        try coder.code(&until)
    }
}

extension OpenDoses.Dose: RecordFields {
    static var blank: OpenDoses.Dose { OpenDoses.Dose(time: .blank) }

    mutating func fields<Coder: RecordCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.code(&time)
        try coder.code(&next)
    }
}

extension BedLocation: RecordFields {
    static var blank: BedLocation { BedLocation() }

    mutating func fields<Coder: RecordCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.code(&ward)
        try coder.code(&room)
        try coder.code(&bed)
    }
}

extension PatientListEntry: RecordFields {
    static var blank: PatientListEntry { PatientListEntry(patient: .blank) }

    /// The patient's `identifierLabel`, the early warning, the newest result's arrival, the
    /// open doses and the newest critical result came later, at the row's end.
    mutating func fields<Coder: RecordCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try patient.firstLayoutFields(&coder)
        try coder.code(&location)
        try coder.code(&hasSevereAllergy)
        try coder.code(&hasAbnormalVital)
        try coder.trailing(&patient.identifierLabel)
        try coder.trailing(&earlyWarning)
        try coder.trailingArrival(&newestResultArrival)
        try coder.trailing(&openDoses)
        try coder.trailing(&newestCriticalResult)
    }
}

extension Location: RecordFields {
    static var blank: Location { Location(id: "", name: "", kind: .other) }

    mutating func fields<Coder: RecordCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.code(&id)
        try coder.code(&name)
        try coder.code(raw: &kind)
        try coder.code(&partOfID)
    }
}

extension Practitioner: RecordFields {
    static var blank: Practitioner { Practitioner(id: "", name: .blank) }

    mutating func fields<Coder: RecordCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.code(&id)
        try coder.code(&name)
    }
}
