import CoreDomain
import Foundation

/// Which values a ward wants charted before a dose, per ingredient or drug class, from
/// `$EMR_HOME/config` over the defaults:
///
///     predose_check.digoxin = heart rate within 4 h
///     predose_check.insulin = glucose within 1 h
///     predose_check.warfarin = INR today
///     predose_check.antihypertensive = systolic BP within 4 h
///     drug_class.antihypertensive = amlodipine, lisinopril, metoprolol, ...
///
/// A check is a measure (`PreDoseMeasure`: heart rate, systolic BP, glucose, INR, potassium,
/// respiratory rate, SpO2, temperature) and how fresh it must be: `within N h` (or `min`, `d`;
/// 1 min to 7 d) or `today` (the ward's day); several are separated by commas; `off` removes a
/// default. The name after `predose_check.` is a drug class when `drug_class.` (or the
/// defaults) names one, else an ingredient: an order matches when the words of its drug's name
/// (its text and its codings' names) include it, whole words only. `drug_class.NAME` replaces
/// that class's members. The default antihypertensives are `defaultClasses`.
public struct PreDoseCheckSettings: Hashable, Sendable {
    /// What each ingredient or class (lower case) needs, in the order written.
    public var checks: [String: [PreDoseRequirement]]
    /// Members (lower-case ingredient words) of each drug class.
    public var classes: [String: Set<String>]

    public init(checks: [String: [PreDoseRequirement]], classes: [String: Set<String>]) {
        self.checks = checks
        self.classes = classes
    }

    public static let defaultClasses: [String: Set<String>] = [
        "antihypertensive": [
            "amlodipine", "nifedipine", "felodipine", "lercanidipine", "diltiazem", "verapamil",
            "captopril", "enalapril", "lisinopril", "perindopril", "ramipril", "quinapril",
            "candesartan", "irbesartan", "losartan", "olmesartan", "telmisartan", "valsartan",
            "atenolol", "bisoprolol", "carvedilol", "labetalol", "metoprolol", "nebivolol", "propranolol",
            "doxazosin", "prazosin", "clonidine", "methyldopa", "hydralazine",
            "hydrochlorothiazide", "chlorthalidone", "indapamide",
        ],
    ]

    public static let defaults = PreDoseCheckSettings(
        checks: [
            "digoxin": [PreDoseRequirement(measure: .heartRate, freshness: .within(4 * 3600))],
            "insulin": [PreDoseRequirement(measure: .glucose, freshness: .within(3600))],
            "warfarin": [PreDoseRequirement(measure: .inr, freshness: .today)],
            "antihypertensive": [PreDoseRequirement(measure: .systolicBP, freshness: .within(4 * 3600))],
        ],
        classes: defaultClasses)

    /// The defaults with the config's `predose_check.` and `drug_class.` lines applied; a line
    /// that does not read is named in the error, as the ward's other MAR settings are.
    public init(config values: [String: String]) throws(WardAdministrationTimesError) {
        var settings = Self.defaults
        for (key, value) in values where key.hasPrefix(Self.classPrefix) {
            let name = String(key.dropFirst(Self.classPrefix.count)).lowercased()
            let members = Set(value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty })
            guard !name.isEmpty, !members.isEmpty else { throw .unreadable(key: key, value: value) }
            settings.classes[name] = members
        }
        for (key, value) in values where key.hasPrefix(Self.checkPrefix) {
            let name = String(key.dropFirst(Self.checkPrefix.count)).lowercased()
            guard !name.isEmpty else { throw .unreadable(key: key, value: value) }
            if value.trimmingCharacters(in: .whitespaces).lowercased() == "off" {
                settings.checks[name] = nil
                continue
            }
            let requirements = value.split(separator: ",").map { PreDoseRequirement(String($0)) }
            guard !requirements.isEmpty, requirements.allSatisfy({ $0 != nil }) else { throw .unreadable(key: key, value: value) }
            settings.checks[name] = requirements.compactMap { $0 }
        }
        self = settings
    }

    static let checkPrefix = "predose_check."
    static let classPrefix = "drug_class."

    /// What `order` needs charted before a dose: each check whose ingredient, or a member of
    /// whose class, is a word of the drug's name; by ingredient or class name, then as written.
    public func requirements(for order: MedicationRequest) -> [PreDoseRequirement] {
        let names = [order.medication.text ?? ""] + order.medication.codings.compactMap(\.display)
        let words = Set(names.flatMap(Self.words))
        return checks.keys.sorted().filter { name in
            (classes[name] ?? [name]).contains { member in Self.words(member).allSatisfy(words.contains) }
        }.flatMap { checks[$0] ?? [] }
    }
}

extension PreDoseCheckSettings {
    /// Lower-case words of letters (`Amoxicillin/Clavulanate 875 MG` → amoxicillin, clavulanate, mg).
    /// An ASCII name (nearly every drug's) is split by its bytes: asking each character's
    /// Unicode properties was a fifth of the ward's due list (every order against every
    /// class member, for every patient).
    static func words(_ name: String) -> [String] {
        let lower = name.lowercased()
        guard lower.utf8.allSatisfy({ $0 < 0x80 }) else { return lower.split { !$0.isLetter }.map(String.init) }
        return lower.utf8.split { !(UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }.map { String(decoding: $0, as: UTF8.self) }
    }
}

/// One value to chart before a dose, and how fresh it must be.
public struct PreDoseRequirement: Hashable, Sendable {
    public enum Freshness: Hashable, Sendable {
        /// Taken no longer ago than this.
        case within(TimeInterval)
        /// Taken today, on the ward's clock.
        case today
    }

    public var measure: PreDoseMeasure
    public var freshness: Freshness

    public init(measure: PreDoseMeasure, freshness: Freshness) {
        self.measure = measure
        self.freshness = freshness
    }

    /// A check as written in the config: `heart rate within 4 h`, `INR today`; nil when it
    /// does not read, or its time is outside 1 min to 7 d.
    public init?(_ text: String) {
        let words = text.split(separator: " ").map(String.init)
        if words.last?.lowercased() == "today", let measure = PreDoseMeasure(named: words.dropLast().joined(separator: " ")) {
            self.init(measure: measure, freshness: .today)
            return
        }
        guard words.count >= 4, words[words.count - 3].lowercased() == "within", let count = Int(words[words.count - 2]),
              let unit = ["min": 60.0, "h": 3600.0, "d": 86_400.0][words[words.count - 1].lowercased()],
              let measure = PreDoseMeasure(named: words.dropLast(3).joined(separator: " ")) else { return nil }
        let seconds = TimeInterval(count) * unit
        guard (60...(7 * 86_400)).contains(seconds) else { return nil }
        self.init(measure: measure, freshness: .within(seconds))
    }

    /// As the config writes it: `heart rate within 4 h`, `glucose within 30 min`, `INR today`.
    public var text: String { "\(measure.rawValue) \(freshnessText)" }

    /// `within 4 h`, `today`: how fresh the value must be.
    public var freshnessText: String {
        switch freshness {
        case .today: "today"
        case let .within(seconds) where seconds.truncatingRemainder(dividingBy: 86_400) == 0 && seconds >= 2 * 86_400: "within \(Int(seconds / 86_400)) d"
        case let .within(seconds) where seconds.truncatingRemainder(dividingBy: 3600) == 0: "within \(Int(seconds / 3600)) h"
        case let .within(seconds): "within \(Int(seconds / 60)) min"
        }
    }
}
