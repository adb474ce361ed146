import CoreDomain
import CoreUseCases
import Foundation

/// What the dose form records, as its confirm step shows it and the outbox stores it.
extension DoseFormState {
    /// The second-dose guard asked again at saving, for a dose given whose order has an interval.
    var doubleDoseCheck: DoubleDoseCheck? {
        guard correcting == nil, status == .completed, let interval = DoseRecordingRule.guardInterval(of: dose, in: record) else { return nil }
        return DoubleDoseCheck(interval: interval, confirmed: confirmedEarlier)
    }

    /// What the confirm step records: for a scheduled dose, the dose it is (so the MAR shows
    /// it there and nowhere else), and the dose given beside the order's.
    var doseRecord: DoseRecord {
        let given = status == .completed
        let route: CodedConcept? = given ? (routeText == (RouteText.format(dose.request.route) ?? "") ? dose.request.route
            : routeText.isEmpty ? nil : CodedConcept(text: routeText)) : nil
        return DoseRecord(
            status: status, patientID: patient.id, requestID: dose.request.id, medication: dose.request.medication,
            effective: effective ?? dose.time, reason: given ? nil : reason, dose: given ? doseGiven : nil, route: route, notes: notes,
            indication: given ? indication : nil, orderedDose: given ? dose.request.dose : nil, scheduledTime: dose.isAsNeeded ? nil : dose.time)
    }
}
