let emrVersion = "0.1.0"

/// `emr --help` and `emr COMMAND --help`, generated from the commands' option tables
/// (`Command.usage`), so help lists exactly what the parser accepts. Only what is not an
/// option (the passphrase, environment, exit statuses) is written here.
enum HelpText {
    /// Every command, then each option group once with the commands that take it.
    static func overview(columns: HelpColumns = HelpColumns()) -> String {
        let usages = Command.registered.map(\.usage)
        var lines = ["emr \(emrVersion): a clinical workstation for the terminal (FHIR R4, offline-first)", "", "Usage:"]
        for usage in usages {
            lines.append("  " + usage.synopsis)
            lines += columns.wrap(usage.summary, width: columns.width - 6).map { "      " + $0 }
        }
        lines += columns.row("emr COMMAND --help", "the options of one command")
        lines += columns.row("emr --help | --version", "")
        var titles: [String] = []
        for group in usages.flatMap(\.groups) where !titles.contains(group.title) {
            titles.append(group.title)
            let users = usages.filter { $0.groups.contains(group) }.map(\.name)
            let others = usages.map(\.name).filter { !users.contains($0) }
            // A group (nearly) every command takes is said so: naming them all would pass 80 columns.
            let takers = others.isEmpty ? "every command"
                : others.count < users.count ? "every command but " + others.joined(separator: ", ") : users.joined(separator: ", ")
            lines += ["", "\(group.title) options (\(takers)):"] + rows(group, columns)
        }
        return (lines + ["", footer]).joined(separator: "\n")
    }

    /// One command: its synopsis, what it does, and its options.
    static func command(_ command: Command, columns: HelpColumns = HelpColumns()) -> String {
        let usage = command.usage
        var lines = ["Usage: " + usage.synopsis] + columns.wrap(usage.summary, width: columns.width - 2).map { "  " + $0 }
        for group in usage.groups {
            lines += ["", "\(group.title) options:"] + rows(group, columns)
        }
        return lines.joined(separator: "\n")
    }

    private static func rows(_ group: OptionGroupUsage, _ columns: HelpColumns) -> [String] {
        group.options.flatMap { columns.row($0.synopsis, $0.help) }
    }

    private static let footer = """
    Passphrase: asked on the terminal with echo off, or taken from --passphrase-file
    FILE (mode 0600) or EMR_PASSPHRASE; `emr passwd` takes the new one from
    EMR_NEW_PASSPHRASE.

    Environment:
      EMR_HOME       cache folder (default $XDG_DATA_HOME/emr or ~/.local/share/emr)
      EMR_THEME      default, light, high-contrast or mono (or `theme =` in config)
      EMR_IDLE_LOCK  minutes without a key before the screen locks (15; 0 = never)
      NO_COLOR       turn colors off
      EMR_LOG        'debug' writes a diagnostic log (no patient data) to
                     $EMR_HOME/emr-debug.log

    Exit status:
      0 success   1 finished with problems   2 usage or environment error
      3 unlock failed   4 integrity failure (corrupt or tampered data)
    """
}
