import CoreDomain
import CoreUseCases
import Foundation
import Testing

@Suite struct ActiveMedicationRuleTests {
    @Test func sortsEveryStatusIntoItsSection() {
        let expected: [MedicationRequest.Status: ActiveMedicationRule.Section?] = [
            .active: .active, .onHold: .active,
            .stopped: .stopped, .completed: .stopped, .cancelled: .stopped,
            .draft: .other, .unknown: .other,
            .enteredInError: nil,
        ]
        #expect(Set(expected.keys) == Set(MedicationRequest.Status.allCases))
        for (status, section) in expected {
            #expect(ActiveMedicationRule.section(of: Make.medication("m", "X", status: status)) == section, "\(status)")
        }
    }

    @Test func medicationListSplitsAndSortsAndDropsEnteredInError() {
        let list = MedicationList(requests: [
            Make.medication("1", "salbutamol", status: .active),
            Make.medication("2", "Prednisone", status: .onHold),
            Make.medication("3", "Cefazolin", status: .completed, authored: Make.t0 - 100),
            Make.medication("4", "Amoxicillin", status: .stopped, authored: Make.t0),
            Make.medication("5", "Heparin", status: .enteredInError),
            Make.medication("6", "Morphine", status: .draft),
            Make.medication("7", "Aspirin", status: .cancelled),
        ])
        #expect(list.active.map(\.id) == ["2", "1"])
        #expect(list.stopped.map(\.id) == ["4", "3", "7"])
        #expect(list.other.map(\.id) == ["6"])
    }
}
