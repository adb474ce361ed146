import Foundation

/// When the ward gives the doses of orders written "at institution specified times" (BID,
/// TID, Q6H, ...), and how early or late a dose may be given and still count as on time (as
/// VistA BCMA's allowed minutes before and after). From `$EMR_HOME/config`:
///
///     admin_times.BID = 09:00,21:00
///     admin_window_minutes = 60
///     prn_followup_minutes = 60
///     wristband_check = off
///
/// `wristband_check` (`on`, the default, or `off`) says whether a dose is recorded only after
/// the wristband's MRN matches the chart (`WristbandRule`); off, the confirm step names the
/// patient instead. `prn_followup_minutes` (default 60, 1 to 1440) is how long after an
/// as-needed dose its effect is due to be recorded (`follow-up due` on the MAR). The checks
/// charted before a dose (`predose_check.NAME`, `drug_class.NAME`) are `PreDoseCheckSettings`.
///
/// | code | default times | code | default times |
/// |---|---|---|---|
/// | QD, DAILY, AM | 09:00 | Q4H | 02:00,06:00,10:00,14:00,18:00,22:00 |
/// | BID | 09:00,21:00 | Q6H | 00:00,06:00,12:00,18:00 |
/// | TID | 09:00,14:00,21:00 | Q8H | 06:00,14:00,22:00 |
/// | QID | 09:00,13:00,17:00,21:00 | Q12H | 09:00,21:00 |
/// | PM, EVE | 18:00 | HS, NIGHT | 22:00 |
/// | MORN | 09:00 | NOON | 12:00 |
/// | Q2H, Q3H | every 2 or 3 hours from 00:00 | QOD | the QD times, every other day |
public struct WardAdministrationTimes: Hashable, Sendable {
    /// Times by upper-case code.
    public var times: [String: [ClockTime]]
    /// How long before and after a scheduled time a dose is due; past it, late.
    public var window: TimeInterval
    /// A dose is recorded only after the wristband matches the chart (`wristband_check`).
    public var wristbandCheck: Bool
    /// How long after an as-needed dose its effect is due to be recorded (`prn_followup_minutes`).
    public var prnFollowUp: TimeInterval
    /// What must be charted before a dose of which drug (`predose_check.`, `drug_class.`).
    public var preDoseChecks: PreDoseCheckSettings

    public init(
        times: [String: [ClockTime]] = Self.defaultTimes, window: TimeInterval = 60 * 60, wristbandCheck: Bool = true,
        prnFollowUp: TimeInterval = 60 * 60, preDoseChecks: PreDoseCheckSettings = .defaults
    ) {
        self.times = times
        self.window = window
        self.wristbandCheck = wristbandCheck
        self.prnFollowUp = prnFollowUp
        self.preDoseChecks = preDoseChecks
    }

    /// The ward's times for `code` (case ignored), nil when the ward has none.
    public func times(for code: String) -> [ClockTime]? {
        times[code.uppercased()].map { $0.sorted() }
    }

    /// The defaults with the config's `admin_times.CODE` and `admin_window_minutes` lines
    /// applied. A line that does not read is named in the error, so a ward never runs on a
    /// schedule it did not mean.
    public init(config values: [String: String]) throws(WardAdministrationTimesError) {
        var times = Self.defaultTimes
        for (key, value) in values where key.hasPrefix("admin_times.") {
            let code = String(key.dropFirst("admin_times.".count)).uppercased()
            let parsed = value.split(separator: ",").map { ClockTime(String($0)) }
            guard !code.isEmpty, !parsed.isEmpty, parsed.allSatisfy({ $0 != nil }) else {
                throw .unreadable(key: key, value: value)
            }
            times[code] = parsed.compactMap { $0 }.sorted()
        }
        let window = try Self.minutes(values, "admin_window_minutes", 0...720) ?? 60 * 60
        let prnFollowUp = try Self.minutes(values, "prn_followup_minutes", 1...1440) ?? 60 * 60
        var wristbandCheck = true
        if let text = values["wristband_check"] {
            switch text.trimmingCharacters(in: .whitespaces).lowercased() {
            case "on": wristbandCheck = true
            case "off": wristbandCheck = false
            default: throw .unreadable(key: "wristband_check", value: text)
            }
        }
        self.init(times: times, window: window, wristbandCheck: wristbandCheck, prnFollowUp: prnFollowUp,
                  preDoseChecks: try PreDoseCheckSettings(config: values))
    }

    /// The config's `key` as whole minutes within `range`, in seconds; nil when the line is absent.
    private static func minutes(
        _ values: [String: String], _ key: String, _ range: ClosedRange<Int>
    ) throws(WardAdministrationTimesError) -> TimeInterval? {
        guard let text = values[key] else { return nil }
        guard let minutes = Int(text.trimmingCharacters(in: .whitespaces)), range.contains(minutes) else {
            throw .unreadable(key: key, value: text)
        }
        return TimeInterval(minutes * 60)
    }

    public static let defaultTimes: [String: [ClockTime]] = {
        func at(_ hours: Int...) -> [ClockTime] { hours.compactMap { ClockTime(hour: $0, minute: 0) } }
        return [
            "QD": at(9), "DAILY": at(9), "AM": at(9), "MORN": at(9), "NOON": at(12),
            "BID": at(9, 21), "TID": at(9, 14, 21), "QID": at(9, 13, 17, 21),
            "Q2H": Array(stride(from: 0, to: 24, by: 2)).compactMap { ClockTime(hour: $0, minute: 0) },
            "Q3H": Array(stride(from: 0, to: 24, by: 3)).compactMap { ClockTime(hour: $0, minute: 0) },
            "Q4H": at(2, 6, 10, 14, 18, 22), "Q6H": at(0, 6, 12, 18), "Q8H": at(6, 14, 22), "Q12H": at(9, 21),
            "PM": at(18), "EVE": at(18), "HS": at(22), "NIGHT": at(22),
        ]
    }()
}

/// A config line about administration times that does not read.
public enum WardAdministrationTimesError: Error, Hashable, Sendable, CustomStringConvertible {
    case unreadable(key: String, value: String)

    public var description: String {
        switch self {
        case let .unreadable(key, value):
            switch key {
            case "admin_window_minutes": "config: admin_window_minutes = \(value) is not a number of minutes from 0 to 720"
            case "prn_followup_minutes": "config: prn_followup_minutes = \(value) is not a number of minutes from 1 to 1440"
            case "wristband_check": "config: wristband_check = \(value) is not on or off"
            case _ where key.hasPrefix(PreDoseCheckSettings.checkPrefix):
                "config: \(key) = \(value) is not a check like 'heart rate within 4 h', 'INR today' or 'off' (measures: "
                    + PreDoseMeasure.allCases.map(\.rawValue).joined(separator: ", ") + ")"
            case _ where key.hasPrefix(PreDoseCheckSettings.classPrefix):
                "config: \(key) = \(value) is not a list of drug names like 'metoprolol, bisoprolol'"
            default: "config: \(key) = \(value) is not a list of times like 09:00,21:00"
            }
        }
    }
}
