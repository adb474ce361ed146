import CoreDomain
import DataFHIR
import Foundation

extension ClinicalResource {
    /// The patient this resource belongs to (a patient belongs to itself); nil for shared
    /// resources such as locations and practitioners.
    var patientID: String? {
        switch self {
        case let .patient(patient): patient.id
        case let .encounter(encounter): encounter.patientID
        case let .observation(observation): observation.patientID
        case let .medicationRequest(request): request.patientID
        case let .condition(condition): condition.patientID
        case let .allergy(allergy): allergy.patientID
        case let .diagnosticReport(report): report.patientID
        case let .medicationAdministration(administration): administration.patientID
        case let .note(note): note.patientID
        case let .procedure(procedure): procedure.patientID
        case let .immunization(immunization): immunization.patientID
        case let .carePlan(plan): plan.patientID
        case let .goal(goal): goal.patientID
        case .location, .practitioner: nil
        }
    }

    /// The binary record of the domain value; the resource type column says which one it is.
    func encode(to writer: inout ByteWriter) {
        var copy = self
        copy.value(through: &writer)
    }

    /// This resource with every date its stored value holds passed through `instant` (exact
    /// times) or `day` (dates given to the day, month or year), everything else as it is.
    /// The record format's field lists name every stored field, so walking them misses no
    /// date, including one a later layout adds. The cache never calls this itself: what to do
    /// with a value's dates is its owner's business (see `StoredValueRule`).
    public func rewritingDates(instant: (Date) -> Date, day: (PartialDate) -> PartialDate) -> ClinicalResource {
        withoutActuallyEscaping(instant) { instant in
            withoutActuallyEscaping(day) { day in
                var rewriter = DateRewriter(instant: instant, day: day)
                var copy = self
                copy.value(through: &rewriter)
                return copy
            }
        }
    }

    /// Runs the case's value through `coder`.
    private mutating func value<Coder: RecordCoder>(through coder: inout Coder) throws(Coder.Failure) {
        switch self {
        case var .patient(value): try coder.code(&value); self = .patient(value)
        case var .encounter(value): try coder.code(&value); self = .encounter(value)
        case var .observation(value): try coder.code(&value); self = .observation(value)
        case var .medicationRequest(value): try coder.code(&value); self = .medicationRequest(value)
        case var .condition(value): try coder.code(&value); self = .condition(value)
        case var .allergy(value): try coder.code(&value); self = .allergy(value)
        case var .diagnosticReport(value): try coder.code(&value); self = .diagnosticReport(value)
        case var .medicationAdministration(value): try coder.code(&value); self = .medicationAdministration(value)
        case var .note(value): try coder.code(&value); self = .note(value)
        case var .procedure(value): try coder.code(&value); self = .procedure(value)
        case var .immunization(value): try coder.code(&value); self = .immunization(value)
        case var .carePlan(value): try coder.code(&value); self = .carePlan(value)
        case var .goal(value): try coder.code(&value); self = .goal(value)
        case var .location(value): try coder.code(&value); self = .location(value)
        case var .practitioner(value): try coder.code(&value); self = .practitioner(value)
        }
    }
}
