import CoreDomain
import DataFHIR

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
        case .location, .practitioner: nil
        }
    }

    /// The compact encoding of the domain value; the resource type column says which one it is.
    func encode(to writer: inout ByteWriter) {
        switch self {
        case let .patient(patient): writer.write(patient)
        case let .encounter(encounter): writer.write(encounter)
        case let .observation(observation): writer.write(observation)
        case let .medicationRequest(request): writer.write(request)
        case let .condition(condition): writer.write(condition)
        case let .allergy(allergy): writer.write(allergy)
        case let .diagnosticReport(report): writer.write(report)
        case let .location(location): writer.write(location)
        case let .practitioner(practitioner): writer.write(practitioner)
        }
    }
}
