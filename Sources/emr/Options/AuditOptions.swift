/// `emr audit verify` and `emr audit show [filters]`.
struct AuditOptions: ParsableOptions, Equatable {
    var cache = CacheOptions()
    var operands: [String] = []
    var patient: String?
    var since: String?
    var user: String?

    /// `verify` checks the chain; otherwise (`show`) the entries are listed.
    var verifies: Bool { operands == ["verify"] }

    static var groups: [OptionGroup<Self>] {
        [
            OptionGroup(title: "Audit show", options: [
                .value("--patient", "ID", \.patient, help: "only entries about this patient"),
                .value("--since", "YYYY-MM-DD", \.since, help: "only entries from this UTC day (or ISO 8601 time) on"),
                .value("--user", "NAME", \.user, help: "only entries by this OS account"),
            ]),
        ] + CacheOptions.groups.map { $0.nested(in: \.cache) }
    }

    static var operands: OperandRule<Self>? {
        OperandRule(placeholder: "verify|show", field: \.operands) {
            $0 == ["verify"] || $0 == ["show"] ? nil : "audit needs one of: verify, show"
        }
    }
}
