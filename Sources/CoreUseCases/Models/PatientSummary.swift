import CoreDomain

/// Who the patient is and where: always on screen above a chart. Age is computed by the
/// presentation layer from `patient.birthDate` (and `deceasedAt`) with its own "now".
public struct PatientBanner: Hashable, Sendable {
    public var patient: Patient
    /// The current inpatient encounter, if the patient is admitted.
    public var currentEncounter: EncounterItem?

    public init(patient: Patient, currentEncounter: EncounterItem? = nil) {
        self.patient = patient
        self.currentEncounter = currentEncounter
    }

    public var location: BedLocation? { currentEncounter?.location }
}

/// The summary tab: the facts a clinician checks first on opening a chart.
public struct PatientSummary: Hashable, Sendable {
    public var banner: PatientBanner
    public var allergyStatus: AllergyStatus
    /// One line per problem, repeats counted (see `ActiveProblemRule`).
    public var activeProblems: [ActiveProblem]
    /// The latest reading of each vital sign, in chart order.
    public var latestVitals: [VitalReading]
    /// Active and on-hold orders, by medication name.
    public var activeMedications: [MedicationRequest]
    /// Active orders the patient is allergic to, by order id: the allergy's substance (see
    /// `AllergyConflictRule`).
    public var allergyConflicts: [String: String] = [:]
    /// The newest NEWS2 round: its score and when the next is due, or why there is none.
    public var latestNEWS2: NEWS2Round?
    /// A prescribed SpO2 target of 88-92% is in force (`SpO2TargetRule`): the banner says so.
    public var isSpO2TargetSet = false
    /// Lab tests with a critical result in the last 72 hours, each with those results.
    public var criticalResults: [ResultTest] = []
    /// The last three encounters that took place, newest first.
    public var recentEncounters: [EncounterItem]
    /// Vaccines given, one line each with its count and last dose (`VaccineHistoryRule`).
    public var vaccines: [VaccineHistory] = []
    /// The last procedures done, newest first (`RecentProcedureRule`).
    public var recentProcedures: [Procedure] = []
    /// Care plans in force and goals pursued (`CarePlanRule`).
    public var carePlans: [CarePlan] = []
    public var goals: [Goal] = []

    public init(
        banner: PatientBanner, allergyStatus: AllergyStatus, activeProblems: [ActiveProblem], latestVitals: [VitalReading],
        activeMedications: [MedicationRequest], recentEncounters: [EncounterItem]
    ) {
        self.banner = banner
        self.allergyStatus = allergyStatus
        self.activeProblems = activeProblems
        self.latestVitals = latestVitals
        self.activeMedications = activeMedications
        self.recentEncounters = recentEncounters
    }
}
