import CoreDomain
import Foundation

/// The ward's due list: for each patient on the census with a dose due, late, or coming in the
/// next hour, or an infusion not yet started, those, by bed, so a nurse can plan a round.
public struct WardDoseList: Hashable, Sendable {
    public struct Patient: Hashable, Sendable {
        public var entry: PatientListEntry
        public var doses: [ScheduledDose]
        /// Continuous infusions ordered and not yet started (`infusionsToStart`).
        public var infusionsToStart: [Infusion]
        /// Orders the patient is allergic to, by order id: the allergy's substance.
        public var allergyConflicts: [String: String]

        public init(entry: PatientListEntry, doses: [ScheduledDose], infusionsToStart: [Infusion] = [], allergyConflicts: [String: String] = [:]) {
            self.entry = entry
            self.doses = doses
            self.infusionsToStart = infusionsToStart
            self.allergyConflicts = allergyConflicts
        }
    }

    public var patients: [Patient]
    /// The ward's window before and after a dose's time.
    public var window: TimeInterval

    public init(patients: [Patient], window: TimeInterval) {
        self.patients = patients
        self.window = window
    }

    /// How far ahead the list looks for doses to plan for.
    public static let lookAhead: TimeInterval = 60 * 60

    /// The infusions of `record` ordered and not yet started: an infusion has no time it falls
    /// due, so one not running is on the list until it is started.
    public static func infusionsToStart(of record: MedicationAdministrationRecord) -> [Infusion] {
        record.infusions.filter { $0.state == .notStarted }
    }

    /// The doses of `record` the ward's list shows at `now`: due or late, or due to start
    /// within the next hour.
    public static func doses(of record: MedicationAdministrationRecord, at now: Date) -> [ScheduledDose] {
        record.doses.filter { dose in
            switch dose.status(at: now, window: record.window) {
            case .due, .late: true
            case .upcoming: dose.time.addingTimeInterval(-record.window) <= now.addingTimeInterval(lookAhead)
            case .missed, .given, .notGiven, .held, .running, .stopped, .recordedUnknown: false
            }
        }
    }
}
