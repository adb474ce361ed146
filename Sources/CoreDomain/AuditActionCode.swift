/// The stable text form of an `AuditAction`: a code and a detail. Stored in the cache and
/// shown by `emr audit show`; codes never change once shipped.
extension AuditAction {
    public var code: String {
        switch self {
        case .chartOpened: "chart-opened"
        case .search: "search"
        case .charting: "charting"
        case .correction: "correction"
        case .administration: "administration"
        case .override: "override"
        case .importData: "import"
        case .export: "export"
        case .sync: "sync"
        case .unlock: "unlock"
        case .unlockFailed: "unlock-failed"
        case .lock: "lock"
        case .serverLogin: "server-login"
        case .serverLogout: "server-logout"
        case .passphraseChanged: "passphrase-changed"
        case .wipe: "wipe"
        case .purge: "purge"
        }
    }

    /// The action's non-PHI detail: a tab, query kinds joined by `+`, or a count.
    public var detail: String {
        switch self {
        case let .chartOpened(tab): tab
        case let .search(kinds): kinds.sorted().map(\.rawValue).joined(separator: "+")
        case let .importData(resources): String(resources)
        case let .unlockFailed(attempts): String(attempts)
        case let .purge(patients): String(patients)
        case let .administration(kind): kind.rawValue
        case let .override(kind): kind.rawValue
        case .charting, .correction, .export, .sync, .unlock, .lock, .serverLogin, .serverLogout, .passphraseChanged, .wipe: ""
        }
    }

    /// Reads back what `code` and `detail` wrote; nil for anything else.
    public init?(code: String, detail: String) {
        switch code {
        case "chart-opened": self = .chartOpened(tab: detail)
        case "search":
            let kinds = detail.split(separator: "+").map { PatientQueryKind(rawValue: String($0)) }
            guard !kinds.contains(nil) else { return nil }
            self = .search(kinds: Set(kinds.compactMap { $0 }))
        case "import":
            guard let count = Int(detail) else { return nil }
            self = .importData(resources: count)
        case "unlock-failed":
            guard let count = Int(detail) else { return nil }
            self = .unlockFailed(attempts: count)
        case "purge":
            guard let count = Int(detail) else { return nil }
            self = .purge(patients: count)
        case "administration":
            guard let kind = DoseAuditKind(rawValue: detail) else { return nil }
            self = .administration(kind: kind)
        case "override":
            guard let kind = DoseOverrideKind(rawValue: detail) else { return nil }
            self = .override(kind: kind)
        default:
            let plain: [AuditAction] = [.charting, .correction, .export, .sync, .unlock, .lock, .serverLogin, .serverLogout, .passphraseChanged, .wipe]
            guard detail.isEmpty, let action = plain.first(where: { $0.code == code }) else { return nil }
            self = action
        }
    }
}
