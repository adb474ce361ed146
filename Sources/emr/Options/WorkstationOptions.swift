/// `emr` with no command: the workstation, on the account's cache, a server, or the demo.
struct WorkstationOptions: ParsableOptions, Equatable {
    var cache = CacheOptions()
    var server = ServerArguments()
    var demo = false
    var reset = false
    var theme: String?

    static var groups: [OptionGroup<Self>] {
        [
            OptionGroup(title: "Workstation", options: [
                .flag("--demo", \.demo, help: "open on synthetic patients in the demo's own cache (no passphrase)"),
                .flag("--reset", \.reset, help: "with --demo: rebuild the demo cache from Fixtures/"),
                .value("--theme", "NAME", \.theme, help: "default, light, high-contrast or mono (also EMR_THEME, 'theme =' in config)"),
            ]),
        ] + CacheOptions.groups.map { $0.nested(in: \.cache) } + ServerArguments.groups.map { $0.nested(in: \.server) }
    }
}
