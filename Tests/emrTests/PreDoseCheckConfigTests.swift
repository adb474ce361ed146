import CoreDomain
import CoreUseCases
import Foundation
import Testing
@testable import emr

/// The ward's pre-administration checks come from `$EMR_HOME/config`, read where its other
/// keys are: accepted, carried with the MAR's settings, and a line that does not read stops emr.
@Suite struct PreDoseCheckConfigTests {
    static let warfarin = MedicationRequest(id: "w", patientID: "p", medication: CodedConcept(text: "Warfarin"))

    @Test func theChecksAndClassesAreKnownKeys() throws {
        let config = try Config.parse("predose_check.warfarin = INR within 12 h\ndrug_class.beta-blocker = metoprolol, bisoprolol\n",
                                      path: "config")
        let ward = try config.administrationTimes()
        #expect(ward.preDoseChecks.requirements(for: Self.warfarin).map(\.text) == ["INR within 12 h"])
        #expect(ward.preDoseChecks.classes["beta-blocker"] == ["metoprolol", "bisoprolol"])
    }

    @Test func aCheckThatDoesNotReadStopsEmrWithOneLine() throws {
        let config = try Config.parse("predose_check.digoxin = pulse soon\n", path: "config")
        #expect(throws: CommandFailure.self) { try config.administrationTimes() }
        do {
            _ = try config.administrationTimes()
        } catch {
            #expect(error.message.hasPrefix("emr: config: predose_check.digoxin = pulse soon is not a check like"))
            #expect(!error.message.contains("\n"))
        }
    }

    @Test func aKeyOfNeitherPrefixIsStillUnknown() {
        #expect(throws: CommandFailure.self) { try Config.parse("predose.digoxin = heart rate within 4 h\n", path: "config") }
    }
}
