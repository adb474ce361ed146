import CoreUseCases
import DataFHIR
import DataLocal
import Foundation

/// `$EMR_HOME/config`: a small `key = value` file for settings a ward sets once
/// (`theme`, `idle_lock` minutes, `ward`, `server` for `emr sync` and the online workstation,
/// `sync_interval` minutes, `retention_days` for patients who left the census,
/// `sync_resources_per_patient` and `sync_seconds_per_patient` (a census sync's budget), the ward's
/// medication times `admin_times.CODE`, `admin_window_minutes` and `prn_followup_minutes`, `wristband_check`, and the
/// checks charted before a dose `predose_check.NAME` and `drug_class.NAME`). `#` starts a comment.
/// Unknown keys are errors, so a typo is not silently ignored.
struct Config: Equatable {
    static let keys: Set<String> = [
        "theme", "idle_lock", "ward", "server", "sync_interval", "retention_days", "max_response_mb", "correct_others",
        "admin_window_minutes", "prn_followup_minutes", "wristband_check", "login", "login_client_id", "login_redirect_port", "login_scope", "login_access",
        "login_flow", "sync_resources_per_patient", "sync_seconds_per_patient", "hooks_listen", "hooks_endpoint", "hooks_socket", "hooks_group",
    ]
    /// Keys named by a code or a name after this prefix (`admin_times.BID`,
    /// `predose_check.digoxin`, `drug_class.antihypertensive`).
    static let prefixedKeys = ["admin_times.", "predose_check.", "drug_class."]
    var values: [String: String] = [:]

    static func load(directory: String) throws(CommandFailure) -> Config {
        let location = CacheLocation(directory: directory)
        let path = location.configPath
        do throws(CacheError) { try location.checkSettings() } catch { throw CacheSession.failure(for: error) }
        guard let data = FileManager.default.contents(atPath: path) else { return Config() }
        return try parse(String(decoding: data, as: UTF8.self), path: path)
    }

    static func parse(_ text: String, path: String) throws(CommandFailure) -> Config {
        var config = Config()
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { continue }
            let parts = trimmed.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, !parts[1].isEmpty else {
                throw CommandFailure(message: "emr: \(path):\(index + 1): expected 'key = value'", status: .usage)
            }
            guard keys.contains(parts[0]) || prefixedKeys.contains(where: { parts[0].hasPrefix($0) }) else {
                throw CommandFailure(
                    message: "emr: \(path):\(index + 1): unknown setting '\(parts[0])' (known: \((keys.sorted() + prefixedKeys.map { $0 + ($0 == "admin_times." ? "CODE" : "NAME") }).joined(separator: ", ")))",
                    status: .usage)
            }
            config.values[parts[0]] = parts[1]
        }
        return config
    }

    /// Minutes between the online workstation's background syncs (default 5).
    func syncIntervalMinutes() throws(CommandFailure) -> Double {
        let text = values["sync_interval"] ?? "5"
        guard let minutes = Double(text), minutes >= 0.05, minutes <= 24 * 60 else {
            throw CommandFailure(message: "emr: sync_interval must be minutes between 0.05 and 1440, got '\(text)'", status: .usage)
        }
        return minutes
    }

    /// `correct_others = no` keeps marking a round entered in error to the nurse who charted it
    /// (default yes).
    func correctOthers() throws(CommandFailure) -> Bool {
        switch values["correct_others"]?.lowercased() ?? "yes" {
        case "yes", "true", "1": return true
        case "no", "false", "0": return false
        case let other: throw CommandFailure(message: "emr: correct_others must be yes or no, got '\(other)'", status: .usage)
        }
    }

    /// The ward's MAR settings over the documented defaults: its administration times
    /// (`admin_times.BID = 09:00,21:00`), the window a dose is due in (`admin_window_minutes`,
    /// default 60), the wristband check, the PRN follow-up, and the pre-administration checks
    /// (`predose_check.digoxin = heart rate within 4 h`, `drug_class.NAME = a, b`).
    func administrationTimes() throws(CommandFailure) -> WardAdministrationTimes {
        do {
            return try WardAdministrationTimes(config: values)
        } catch {
            throw CommandFailure(message: "emr: \(error.description)", status: .usage)
        }
    }

    /// Days a patient who left the census stays cached, counted from the last sync that saw
    /// them on it (default 7; 0 purges at the next sync).
    func retentionDays() throws(CommandFailure) -> Double {
        let text = values["retention_days"] ?? "7"
        guard let days = Double(text), days >= 0, days <= 3650 else {
            throw CommandFailure(message: "emr: retention_days must be days between 0 and 3650, got '\(text)'", status: .usage)
        }
        return days
    }

    /// How much one census sync may fetch per patient it syncs: `sync_resources_per_patient`
    /// (default 5000) and `sync_seconds_per_patient` (default 10, on top of 60 s for every sync).
    func syncBudget() throws(CommandFailure) -> SyncBudget {
        let resources = values["sync_resources_per_patient"] ?? "\(SyncBudget.defaultResourcesPerPatient)"
        guard let perPatient = Int(resources), perPatient >= 1_000, perPatient <= 10_000_000 else {
            throw CommandFailure(message: "emr: sync_resources_per_patient must be a whole number between 1000 and 10000000, got '\(resources)'", status: .usage)
        }
        let time = values["sync_seconds_per_patient"] ?? "\(Int(SyncBudget.defaultSecondsPerPatient))"
        guard let seconds = Double(time), seconds >= 1, seconds <= 3600 else {
            throw CommandFailure(message: "emr: sync_seconds_per_patient must be seconds between 1 and 3600, got '\(time)'", status: .usage)
        }
        return SyncBudget(resourcesPerPatient: perPatient, secondsPerPatient: seconds)
    }

    /// Idle-lock period in minutes: `EMR_IDLE_LOCK`, else the config file, else 15.
    func idleLockMinutes(environment: [String: String]) throws(CommandFailure) -> Double {
        let text = environment["EMR_IDLE_LOCK"] ?? values["idle_lock"] ?? "15"
        guard let minutes = Double(text), minutes >= 0, minutes <= 24 * 60 else {
            throw CommandFailure(message: "emr: idle lock must be minutes between 0 and 1440, got '\(text)'", status: .usage)
        }
        return minutes
    }

    /// The most one server answer may be, in MB: `EMR_MAX_RESPONSE_MB`, else the config file,
    /// else 64 (far above a real page; an endless answer stops there).
    func maxResponseBytes(environment: [String: String]) throws(CommandFailure) -> Int {
        let text = environment["EMR_MAX_RESPONSE_MB"] ?? values["max_response_mb"] ?? "\(CurlTransport.defaultMaxResponseBytes >> 20)"
        guard let megabytes = Int(text), megabytes >= 1, megabytes <= 4096 else {
            throw CommandFailure(message: "emr: max_response_mb must be whole MB between 1 and 4096, got '\(text)'", status: .usage)
        }
        return megabytes << 20
    }
}
