import Foundation
import Testing
@testable import TerminalUI

@Suite struct ThemeParserTests {
    @Test func parsesRolesColorsAttributesAndComments() throws {
        let text = """
        # a comment

        normal   = default default
        selected = black cyan bold   # trailing comment
        abnormal = 214 default bold underline
        warning  = bright-white red
        selected.mono = reverse bold
        dim.mono = none
        """
        let theme = try ThemeParser.parse(text, name: "t", file: "Themes/t.theme")
        #expect(theme.name == "t")
        #expect(theme.entries[.normal] == ThemeEntry(foreground: .default, background: .default))
        #expect(theme.entries[.selected] == ThemeEntry(foreground: .indexed(0), background: .indexed(6), attributes: .bold))
        #expect(theme.entries[.abnormal] == ThemeEntry(foreground: .indexed(214), background: .default, attributes: [.bold, .underline]))
        #expect(theme.entries[.warning] == ThemeEntry(foreground: .indexed(15), background: .indexed(1)))
        #expect(theme.monochrome == [.selected: [.reverse, .bold], .dim: []])
        #expect(theme.entries[.header] == nil)
    }

    @Test(arguments: [
        ("normal = default default\nselected = purpel cyan", "Themes/x.theme:2: unknown color 'purpel'"),
        ("\n\n\nnormal default default", "Themes/x.theme:4: expected 'role = foreground background [attributes]'"),
        ("# c\nsellected = black cyan", "Themes/x.theme:2: unknown role 'sellected'"),
        ("normal = 256 default", "Themes/x.theme:1: color 256 is out of range 0-255"),
        ("normal = default", "Themes/x.theme:1: 'normal' needs a foreground and a background color"),
        ("normal = default default blinky", "Themes/x.theme:1: unknown attribute 'blinky'"),
        ("normal = default default\n\nnormal = red default", "Themes/x.theme:3: role 'normal' is set twice"),
        ("selected.mono = reverse\nselected.mono = bold", "Themes/x.theme:2: role 'selected.mono' is set twice"),
        ("selected.mono =", "Themes/x.theme:1: 'selected.mono' needs attributes or 'none'"),
        ("selected.mono = red", "Themes/x.theme:1: unknown attribute 'red'"),
        ("header.bold = reverse", "Themes/x.theme:1: unknown role 'header.bold'"),
    ])
    func reportsEachMistakeWithFileAndLine(text: String, message: String) {
        let error = #expect(throws: ThemeError.self) { try ThemeParser.parse(text, name: "x", file: "Themes/x.theme") }
        #expect(error?.description == message)
    }

    @Test func shippedThemesAllLoadAndSetEveryRole() throws {
        let library = ThemeLibrary(directory: Self.themesDirectory)
        #expect(library.availableNames() == ["default", "high-contrast", "light", "mono"])
        for name in library.availableNames() {
            let theme = try library.load(named: name)
            #expect(Set(theme.entries.keys) == Set(Style.allCases), "theme \(name)")
        }
    }

    @Test func libraryRefusesUnknownNamesAndPaths() {
        let library = ThemeLibrary(directory: Self.themesDirectory)
        for name in ["nope", "../Themes/default", ""] {
            #expect(throws: ThemeError.unknownTheme(name: name, available: library.availableNames())) {
                try library.load(named: name)
            }
        }
        #expect(ThemeError.unknownTheme(name: "nope", available: ["default", "mono"]).description
            == "unknown theme 'nope': choose one of default, mono")
    }

    @Test func libraryNamesTheFileInErrors() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("themes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("normal = default default\nheader = white purpel\n".utf8).write(to: directory.appendingPathComponent("bad.theme"))
        try Data([0xFF, 0xFE, 0x00]).write(to: directory.appendingPathComponent("binary.theme"))
        let library = ThemeLibrary(directory: directory)
        #expect(throws: ThemeError.malformed(file: directory.appendingPathComponent("bad.theme").path, line: 2, message: "unknown color 'purpel'")) {
            try library.load(named: "bad")
        }
        #expect(throws: ThemeError.unreadable(file: directory.appendingPathComponent("binary.theme").path)) {
            try library.load(named: "binary")
        }
    }

    static let themesDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Themes")
}
