/// `emr import FILE...`.
struct ImportOptions: ParsableOptions, Equatable {
    var cache = CacheOptions()
    var files: [String] = []

    static var groups: [OptionGroup<Self>] { CacheOptions.groups.map { $0.nested(in: \.cache) } }

    static var operands: OperandRule<Self>? {
        OperandRule(placeholder: "FILE...", field: \.files) { $0.isEmpty ? "import needs at least one FHIR file" : nil }
    }
}
