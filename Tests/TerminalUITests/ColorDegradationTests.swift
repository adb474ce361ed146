import Testing
@testable import TerminalUI

@Suite struct ColorDegradationTests {
    @Test func paletteColorsMapToNearestBasicColors() {
        #expect(TerminalColor.indexed(196).degraded(to: .full) == .indexed(196))
        #expect(TerminalColor.indexed(196).degraded(to: .sixteen) == .indexed(9))
        #expect(TerminalColor.indexed(196).degraded(to: .eight) == .indexed(1))
        #expect(TerminalColor.indexed(21).degraded(to: .sixteen) == .indexed(4))
        #expect(TerminalColor.indexed(236).degraded(to: .sixteen) == .indexed(0))
        #expect(TerminalColor.indexed(250).degraded(to: .sixteen) == .indexed(7))
        #expect(TerminalColor.indexed(231).degraded(to: .eight) == .indexed(7))
    }

    @Test func basicColorsStayWhereTheTerminalHasThem() {
        #expect(TerminalColor.indexed(9).degraded(to: .sixteen) == .indexed(9))
        #expect(TerminalColor.indexed(9).degraded(to: .eight) == .indexed(1))
        #expect(TerminalColor.indexed(3).degraded(to: .eight) == .indexed(3))
        // Gray text must not become black (invisible on dark terminals) with 8 colors.
        #expect(TerminalColor.indexed(8).degraded(to: .eight) == .indexed(7))
        #expect(TerminalColor.indexed(244).degraded(to: .eight) == .indexed(7))
    }

    /// The inactive pane's border (gray 242) vanished black on black on TERM=linux.
    @Test func aGrayThatWouldTurnBlackOnTheDefaultBackgroundKeepsTheTerminalsColor() throws {
        let theme = try ThemeParser.parse("border = 242 default\nheader = 231 236 bold\n", name: "t", file: "t.theme")
        #expect(theme.resolve(.border, depth: .eight).foreground == .default)
        #expect(theme.resolve(.header, depth: .eight).background == .indexed(0), "a dark background may be black")
    }

    @Test func noColorMeansTerminalDefaults() {
        #expect(TerminalColor.indexed(196).degraded(to: .none) == .default)
        #expect(TerminalColor.default.degraded(to: .eight) == .default)
    }

    @Test func paletteRGBFollowsXterm() {
        #expect(TerminalColor.rgb(16) == (0, 0, 0))
        #expect(TerminalColor.rgb(208) == (255, 135, 0))
        #expect(TerminalColor.rgb(232) == (8, 8, 8))
        #expect(TerminalColor.rgb(255) == (238, 238, 238))
    }

    @Test func depthComesFromCapabilityAndNoColor() {
        #expect(ColorDepth.detect(hasColors: true, colors: 256, environment: [:]) == .full)
        #expect(ColorDepth.detect(hasColors: true, colors: 88, environment: [:]) == .sixteen)
        #expect(ColorDepth.detect(hasColors: true, colors: 8, environment: [:]) == .eight)
        #expect(ColorDepth.detect(hasColors: false, colors: 0, environment: [:]) == .none)
        #expect(ColorDepth.detect(hasColors: true, colors: 256, environment: ["NO_COLOR": "1"]) == .none)
        #expect(ColorDepth.detect(hasColors: true, colors: 256, environment: ["NO_COLOR": ""]) == .full)
    }

    private let theme = Theme(name: "t", entries: [
        .normal: ThemeEntry(foreground: .default, background: .default),
        .header: ThemeEntry(foreground: .indexed(231), background: .indexed(24), attributes: .bold),
        .selected: ThemeEntry(foreground: .indexed(0), background: .indexed(6)),
        .abnormal: ThemeEntry(foreground: .indexed(214), background: .default, attributes: .bold),
        .selectedInactive: ThemeEntry(foreground: .indexed(237), background: .indexed(236)),
    ], monochrome: [.abnormal: [.bold, .underline]])

    @Test func resolvesThroughEveryDepth() {
        #expect(theme.resolve(.header, depth: .full) == ResolvedStyle(foreground: .indexed(231), background: .indexed(24), attributes: .bold))
        #expect(theme.resolve(.header, depth: .sixteen) == ResolvedStyle(foreground: .indexed(15), background: .indexed(8), attributes: .bold))
        #expect(theme.resolve(.header, depth: .eight) == ResolvedStyle(foreground: .indexed(7), background: .indexed(6), attributes: .bold))
        #expect(theme.resolve(.header, depth: .none) == ResolvedStyle(attributes: [.bold, .reverse]))
    }

    @Test func withoutColorRolesStayDistinguishable() {
        #expect(theme.resolve(.selected, depth: .none).attributes == .reverse)
        #expect(theme.resolve(.abnormal, depth: .none).attributes == [.bold, .underline])
        #expect(theme.resolve(.normal, depth: .none).attributes == [])
        let unset = Theme.plain
        #expect(unset.resolve(.warning, depth: .none).attributes == [.bold, .underline])
        #expect(unset.resolve(.critical, depth: .full) == ResolvedStyle(attributes: [.bold, .reverse]))
        let none = Style.allCases.map { Theme.plain.resolve($0, depth: .none) }
        for safety in [Style.selected, .warning, .abnormal, .critical] {
            #expect(none[Style.allCases.firstIndex(of: safety)!] != Theme.plain.resolve(.normal, depth: .none))
        }
    }

    @Test func colorsThatCollapseIntoOneFallBackToAttributes() {
        #expect(theme.resolve(.selectedInactive, depth: .full).background == .indexed(236))
        #expect(theme.resolve(.selectedInactive, depth: .sixteen) == ResolvedStyle(attributes: .underline))
    }

    @Test func shippedThemesKeepSafetyRolesDistinctAtEveryDepth() throws {
        let library = ThemeLibrary(directory: ThemeParserTests.themesDirectory)
        for name in library.availableNames() {
            let theme = try library.load(named: name)
            for depth in ColorDepth.allCases {
                let normal = theme.resolve(.normal, depth: depth)
                for role in [Style.selected, .warning, .abnormal, .critical, .header] {
                    #expect(theme.resolve(role, depth: depth) != normal, "\(name) \(role) at \(depth)")
                }
            }
        }
    }
}
