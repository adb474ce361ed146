/// `emr wipe`: nothing is destroyed without `--yes`.
struct WipeOptions: ParsableOptions, Equatable {
    var cache = CacheOptions()
    var confirmed = false
    var demo = false

    static var groups: [OptionGroup<Self>] {
        [
            OptionGroup(title: "Wipe", options: [
                .flag("--yes", \.confirmed, help: "confirm: the cache is destroyed for good"),
                .flag("--demo", \.demo, help: "wipe the demo's cache instead of this account's"),
            ]),
        ] + CacheOptions.groups.map { $0.nested(in: \.cache) }
    }
}
