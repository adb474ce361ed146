import CoreDomain
import Foundation

/// A continuous infusion on the MAR (an order with a rate and no timing): where it stands as
/// its records say, what was done to it, and what can be done now. Each record's action is
/// read from the one before it: running after nothing or a stop is a start, after running a
/// rate change, after a pause a resume; `on-hold` is a pause, `completed` or `stopped` a stop.
/// Records not done or of unknown status change nothing.
public struct Infusion: Hashable, Sendable {
    public var request: MedicationRequest
    public var state: InfusionState
    /// What was done, oldest first.
    public var events: [InfusionEvent]
    /// The rate it runs at, or ran at before a pause; nil before a start and after a stop.
    public var lastRate: MedicationRequest.Rate?

    /// `administrations`: any records (those for other orders or entered in error are left out).
    public init(request: MedicationRequest, administrations: [MedicationAdministration]) {
        self.request = request
        var state = InfusionState.notStarted, events: [InfusionEvent] = []
        var rate: MedicationRequest.Rate?
        let records = administrations.filter { $0.requestID == request.id && $0.status != .enteredInError }
        for record in records.sorted(by: { ($0.effective, $0.id) < ($1.effective, $1.id) }) {
            let action: InfusionAction
            switch (record.status, state) {
            case (.inProgress, .running): action = .rateChange
            case (.inProgress, .paused): action = .resume
            case (.inProgress, _): action = .start
            case (.onHold, _): action = .pause
            case (.completed, _), (.stopped, _): action = .stop
            default: continue
            }
            if action.setsRate {
                rate = record.rate ?? rate
                state = .running(rate: rate, since: record.effective, by: record.performer)
            } else if action == .pause {
                state = .paused(since: record.effective, by: record.performer, reason: record.reason)
            } else {
                state = .stopped(at: record.effective, by: record.performer)
                rate = nil
            }
            events.append(InfusionEvent(action: action, administration: record))
        }
        self.state = state
        self.events = events
        lastRate = rate
    }

    /// What the nurse can do now: start one not running, change, pause or stop one running,
    /// resume or stop one paused.
    public var actions: [InfusionAction] {
        switch state {
        case .notStarted, .stopped: [.start]
        case .running: [.rateChange, .pause, .stop]
        case .paused: [.resume, .stop]
        }
    }

    /// The rate a start, rate change or resume offers: the last it ran at, else the order's.
    public var prefilledRate: MedicationRequest.Rate? { lastRate ?? request.rate }

    /// The order's titration instruction, whole: the first further instruction that speaks
    /// of titrating, else the order's text from `titrate` on (`titrate to aPTT`).
    public var titration: String? {
        if let instruction = request.additionalInstructions.first(where: { $0.range(of: "titrat", options: .caseInsensitive) != nil }) {
            return instruction
        }
        guard let text = request.frequencyText, let from = text.range(of: "titrat", options: .caseInsensitive) else { return nil }
        return String(text[from.lowerBound...])
    }

    /// `rate` against the order's, as a dose is checked (`DoseCheckRule`).
    public func check(rate: MedicationRequest.Rate) -> DoseCheck {
        DoseCheckRule.check(rate: rate, ordered: request.rate)
    }

    /// The record `action` makes at `time`: the order's medication, the action's status, and
    /// `rate` when the infusion runs on after it. Throws when the action is not open now or a
    /// rate it needs is missing; the rate's check against the order is the form's, before.
    public func record(_ action: InfusionAction, rate: MedicationRequest.Rate?, at time: Date, notes: [String]) throws(InfusionRecordingError) -> DoseRecord {
        guard actions.contains(action) else { throw .notNow(action) }
        guard !action.setsRate || rate != nil else { throw .rateNeeded(action) }
        return DoseRecord(status: action.status, patientID: request.patientID, requestID: request.id, medication: request.medication,
                          effective: time, route: request.route, notes: notes, rate: action.setsRate ? rate : nil, infusionAction: action)
    }
}

/// Where an infusion stands, from its records.
public enum InfusionState: Hashable, Sendable {
    case notStarted
    /// Running at `rate` (nil when no record says one) since its last start, rate change or
    /// resume, by whom.
    case running(rate: MedicationRequest.Rate?, since: Date, by: String?)
    case paused(since: Date, by: String?, reason: String?)
    case stopped(at: Date, by: String?)
}

/// One thing done to an infusion, with its record.
public struct InfusionEvent: Hashable, Sendable {
    public var action: InfusionAction
    public var administration: MedicationAdministration

    public init(action: InfusionAction, administration: MedicationAdministration) {
        self.action = action
        self.administration = administration
    }
}

/// Why an infusion's action could not be made into a record, in the nurse's words.
public enum InfusionRecordingError: Error, Hashable, Sendable, LocalizedError {
    /// The action is not open in the infusion's state (pausing one not running).
    case notNow(InfusionAction)
    /// A start, rate change or resume without the rate it runs at.
    case rateNeeded(InfusionAction)

    public var errorDescription: String? {
        switch self {
        case let .notNow(action): "cannot \(action.rawValue) this infusion now: it is \(Self.needs[action] ?? "not started")"
        case let .rateNeeded(action): "type the rate to \(action.rawValue) at: a number and a unit, as the order writes it"
        }
    }

    /// What the infusion is not, when an action is refused.
    private static let needs: [InfusionAction: String] = [
        .start: "running or paused already", .rateChange: "not running", .pause: "not running", .resume: "not paused",
        .stop: "not running or paused",
    ]
}
