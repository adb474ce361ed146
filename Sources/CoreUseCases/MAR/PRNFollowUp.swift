import CoreDomain
import Foundation

/// Where an as-needed dose's effectiveness follow-up stands, worked out from the clock each
/// time it is shown (never stored): its effect recorded, else due until
/// `prn_followup_minutes` after the dose, then late.
public enum PRNFollowUp: Hashable, Sendable {
    /// Recorded: how well it worked, when it was assessed and by whom.
    case recorded(PRNEffect, at: Date, by: String?)
    /// Due at `at`, not yet past.
    case due(at: Date)
    /// Due at `since`, now past.
    case late(since: Date)
}
