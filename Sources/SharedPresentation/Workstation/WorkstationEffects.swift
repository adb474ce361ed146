import CoreDomain
import CoreUseCases
import Foundation

/// Carries out the effects `update` asks for and answers with the action that reports the
/// result. The terminal runtime calls it off the UI thread; tests call it directly.
public protocol WorkstationEffectRunner: Sendable {
    func run(_ effect: WorkstationEffect) async -> WorkstationAction?
}

/// The effect runner over the use cases: the same code whether the repositories are the
/// encrypted cache (demo, offline) or anything else that implements them.
public struct UseCaseEffectRunner: WorkstationEffectRunner {
    private let loadPatientList: LoadPatientList
    private let loadSummary: LoadPatientSummary
    private let loadEncounters: LoadEncounters
    private let loadVitals: LoadVitalsHistory
    private let loadMedications: LoadMedications
    private let verifyUnlock: @Sendable (String) async -> (succeeded: Bool, message: String?)

    public init(
        directory: any PatientDirectory, chart: any ChartRepository,
        verifyUnlock: @escaping @Sendable (String) async -> (succeeded: Bool, message: String?)
    ) {
        loadPatientList = LoadPatientList(directory: directory)
        loadSummary = LoadPatientSummary(chart: chart)
        loadEncounters = LoadEncounters(chart: chart)
        loadVitals = LoadVitalsHistory(chart: chart)
        loadMedications = LoadMedications(chart: chart)
        self.verifyUnlock = verifyUnlock
    }

    public func run(_ effect: WorkstationEffect) async -> WorkstationAction? {
        switch effect {
        case let .searchPatients(search):
            do {
                return .patientsLoaded(search, try await loadPatientList(search))
            } catch {
                return .patientsFailed("could not load the patient list: \(UserMessage.describe(error))")
            }
        case let .loadChart(patientID, tab):
            do {
                return .chartLoaded(patientID: patientID, try await content(of: tab, patientID: patientID))
            } catch {
                return .chartFailed(patientID: patientID, tab, "could not open this chart: \(UserMessage.describe(error))")
            }
        case let .verifyUnlock(typed):
            let result = await verifyUnlock(typed)
            return .unlockResult(succeeded: result.succeeded, message: result.message)
        case .repaint, .quit:
            return nil
        }
    }

    private func content(of tab: ChartTab, patientID: String) async throws -> ChartContent {
        switch tab {
        case .summary: .summary(try await loadSummary(patientID: patientID))
        case .encounters: .encounters(try await loadEncounters(patientID: patientID))
        case .vitals: .vitals(try await loadVitals(patientID: patientID))
        case .medications: .medications(try await loadMedications(patientID: patientID))
        }
    }
}

/// Turns an error into words for the status line. This product's errors adopt
/// `LocalizedError` with one line in the user's terms and no PHI; anything else (Foundation's
/// errors print internals that mean nothing at a bedside) gets a generic line.
public enum UserMessage {
    public static func describe(_ error: any Error) -> String {
        (error as? any LocalizedError)?.errorDescription
            ?? "an unexpected error occurred; try again, and report it if it persists"
    }
}
