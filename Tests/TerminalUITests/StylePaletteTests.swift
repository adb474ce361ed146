import Testing
@testable import TerminalUI

@Suite struct StylePaletteTests {
    private let theme = Theme(name: "t", entries: [
        .normal: ThemeEntry(foreground: .default, background: .default),
        .selected: ThemeEntry(foreground: .indexed(0), background: .indexed(6), attributes: .bold),
        .tabActive: ThemeEntry(foreground: .indexed(0), background: .indexed(6)),
        .abnormal: ThemeEntry(foreground: .indexed(214), background: .default),
    ])

    @Test func sharesPairsBetweenStylesWithTheSameColors() {
        let palette = StylePalette(theme: theme, depth: .full, defaultColorsAvailable: true)
        #expect(palette.pairs == [
            StylePalette.Pair(number: 1, foreground: 0, background: 6),
            StylePalette.Pair(number: 2, foreground: 214, background: -1),
        ])
        #expect(palette.appearance(of: .selected) == StylePalette.Appearance(pair: 1, attributes: .bold))
        #expect(palette.appearance(of: .tabActive) == StylePalette.Appearance(pair: 1, attributes: []))
        #expect(palette.appearance(of: .normal) == StylePalette.Appearance(pair: 0, attributes: []))
        #expect(palette.appearance(of: .critical) == StylePalette.Appearance(pair: 0, attributes: [.bold, .reverse]))
    }

    @Test func explicitColorsReplaceDefaultsWhenTerminalLacksThem() {
        let palette = StylePalette(theme: theme, depth: .eight, defaultColorsAvailable: false)
        #expect(palette.pairs == [
            StylePalette.Pair(number: 1, foreground: 0, background: 6),
            StylePalette.Pair(number: 2, foreground: 3, background: 0),
        ])
    }

    @Test func noColorUsesOnlyTheDefaultPair() {
        let palette = StylePalette(theme: theme, depth: .none, defaultColorsAvailable: true)
        #expect(palette.pairs.isEmpty)
        #expect(palette.appearance(of: .selected) == StylePalette.Appearance(pair: 0, attributes: [.bold, .reverse]))
    }
}
