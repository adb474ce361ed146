import Foundation

/// One entry of the audit trail: who did what to which patient's data, when, from where, and
/// whether it worked. Holds no clinical content and never the text of a search, so the trail
/// itself adds no PHI beyond the patient id it must name.
public struct AuditEvent: Hashable, Sendable {
    /// When it happened (UTC; `Date` has no zone, the display converts).
    public var time: Date
    public var actor: AuditActor
    public var action: AuditAction
    /// The patient whose data was touched; nil for actions on the whole cache.
    public var patientID: String?
    public var outcome: AuditOutcome

    public init(time: Date, actor: AuditActor, action: AuditAction, patientID: String? = nil, outcome: AuditOutcome) {
        self.time = time
        self.actor = actor
        self.action = action
        self.patientID = patientID
        self.outcome = outcome
    }
}

/// Who acted and from where, as the operating system and the login told us.
public struct AuditActor: Hashable, Sendable {
    /// The OS account name.
    public var user: String
    /// The SMART client id when the session talks to a server; nil offline.
    public var clientID: String?
    /// The SSH client's address, or the local terminal device (`/dev/pts/3`), or `no-tty`.
    public var source: String
    /// The clinician as the FHIR server knows them (the login's `fhirUser`, a Practitioner
    /// reference), beside the OS account; nil before anyone logged in with this cache.
    public var fhirUser: String?

    public init(user: String, clientID: String? = nil, source: String, fhirUser: String? = nil) {
        self.user = user
        self.clientID = clientID
        self.source = source
        self.fhirUser = fhirUser
    }
}

/// What was done. Each case carries only non-PHI details (a tab, query kinds, counts).
public enum AuditAction: Hashable, Sendable {
    /// A chart view was shown: `tab` is its stable identifier (`summary`, `vitals`, ...).
    case chartOpened(tab: String)
    /// A patient search ran; only what kinds of terms it had, never the text.
    case search(kinds: Set<PatientQueryKind>)
    case charting
    case correction
    /// A dose recorded on the MAR: `kind` says what (given, not given, held), never the drug.
    case administration(kind: DoseAuditKind)
    /// A warning the nurse went past while recording a dose (an allergy, a second dose, a dose
    /// early or late), with the reason kept in the record itself.
    case override(kind: DoseOverrideKind)
    /// Files were imported into the cache; `resources` stored.
    case importData(resources: Int)
    case export
    case sync
    case unlock
    /// Wrong passphrases typed; `attempts` counts those not recorded before.
    case unlockFailed(attempts: Int)
    case lock
    /// The user logged in at the FHIR server (SMART App Launch); a login that failed is this
    /// with outcome failure.
    case serverLogin
    /// The user's server session was dropped from the cache (`emr logout`).
    case serverLogout
    /// The cache's passphrase was changed (`emr passwd`): a security event.
    case passphraseChanged
    case wipe
    /// Patients who left the census longer ago than the retention period were deleted from
    /// the cache; `patients` counts them (which ones is not PHI-free, so it is not named).
    case purge(patients: Int)
}

/// What a recorded dose was, as the audit trail names it: a dose given, not given or held, or
/// what was done to an infusion.
public enum DoseAuditKind: String, Sendable, Hashable, CaseIterable {
    case given, notGiven = "not-given", held
    case infusionStarted = "infusion-started", rateChanged = "rate-changed", infusionPaused = "infusion-paused"
    case infusionResumed = "infusion-resumed", infusionStopped = "infusion-stopped"
}

/// Which warning a dose was recorded past: an allergy, a second dose, a dose early or late, a
/// dose or an infusion's rate 2x or 0.5x the order's or beyond (`DoseCheckRule`), a pre-dose
/// check's value missing or too old.
public enum DoseOverrideKind: String, Sendable, Hashable, CaseIterable {
    case allergy, doubleDose = "double-dose", early, late, dose, rate, preDoseCheck = "pre-dose-check"
}

/// The kind of term a patient search contained.
public enum PatientQueryKind: String, Hashable, Sendable, CaseIterable, Comparable {
    case name, mrn, birthDate

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Whether the action did what was asked.
public enum AuditOutcome: String, Hashable, Sendable, CaseIterable {
    case success, failure
}

/// Where audit entries go. The workstation and the commands record through this; the cache
/// implements it with a sealed, chained log. A failure to record is an error the caller must
/// treat as a failure of the action itself: access that cannot be audited is refused.
public protocol AuditTrail: Sendable {
    /// Records `action` by this session's actor, now.
    func record(_ action: AuditAction, patientID: String?, outcome: AuditOutcome) throws
    /// Records `action` once for each of `patientIDs`: all of them, or none (a screen showing
    /// many patients at once, the ward's due list).
    func record(_ action: AuditAction, patientIDs: [String], outcome: AuditOutcome) throws
}

extension AuditTrail {
    /// One entry at a time; a trail that commits each entry should record them together.
    public func record(_ action: AuditAction, patientIDs: [String], outcome: AuditOutcome) throws {
        for patientID in patientIDs { try record(action, patientID: patientID, outcome: outcome) }
    }
}
