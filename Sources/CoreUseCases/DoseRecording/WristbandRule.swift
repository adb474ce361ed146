import Foundation

/// Positive patient identification before a dose is recorded (as BCMA's wristband scan): the
/// MRN scanned from the wristband (a keyboard-wedge scanner types it and Enter) or typed must be
/// the open chart's MRN. Spaces around it and letter case are ignored (scanners differ); any
/// other difference is a mismatch, and a chart with no MRN can never be matched.
public enum WristbandRule {
    public static func matches(typed: String, chartMRN: String?) -> Bool {
        guard let chartMRN else { return false }
        let scanned = typed.trimmingCharacters(in: .whitespaces)
        return !scanned.isEmpty && scanned.caseInsensitiveCompare(chartMRN.trimmingCharacters(in: .whitespaces)) == .orderedSame
    }

    /// What the nurse is told on a mismatch: nothing is recorded.
    public static let mismatch = "wristband does not match this chart: nothing recorded"
}
