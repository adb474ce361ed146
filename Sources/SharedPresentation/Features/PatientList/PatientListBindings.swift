/// The list's keys and their help, beside the feature that handles them.
extension KeyHelp {
    public static let list: [KeyBinding] = [
        KeyBinding(upDown, "↑↓ j k", "move", footer: "↑↓ move"),
        KeyBinding([.pageUp, .pageDown], "PgUp PgDn", "page"),
        KeyBinding(ends, "g G Home End", "first / last patient"),
        KeyBinding([.enter, .right, .character("l")], "Enter → l", "open chart", footer: "Enter open"),
        KeyBinding([.character("/")], "/", "search name, MRN, bed or birth date", footer: "/ search"),
        KeyBinding([.character("s")], "s", "order: by bed / highest NEWS2 first", footer: "s NEWS2"),
        KeyBinding([.escape], "Esc", "clear search"),
        serverSearch,
    ]

    public static let search: [KeyBinding] = [
        KeyBinding([], "type", "narrow the list: name, MRN, bed or birth date", footer: "type to narrow", typesText: true),
        KeyBinding([.control("u")], "Ctrl-U", "clear what is typed"),
        KeyBinding([.enter], "Enter", "keep filter", footer: "Enter keep"),
        KeyBinding([.escape], "Esc", "clear search", footer: "Esc clear"),
        KeyBinding([.up, .down, .pageUp, .pageDown], "↑↓ PgUp PgDn", "move", footer: "↑↓ move"),
        serverSearch,
    ]

    /// Online, a search ends with the server's section: Enter on its first row asks the server.
    static let serverSearch = KeyBinding([.enter], "Enter", "on \"search the server\": patients beyond the census")
}
