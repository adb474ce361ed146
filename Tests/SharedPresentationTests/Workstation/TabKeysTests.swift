import Testing
@testable import SharedPresentation

/// A number key per chart tab, up to 9: a tenth tab (the house review added one) is reached
/// with Tab, and listing the keys for it does not trap (`Character("10")` did).
@Suite struct TabKeysTests {
    @Test func tabsPastNineAreReachedWithTab() {
        let tabs = KeyHelp.common(tabCount: 12)[0]
        #expect(tabs.label == "Tab S-Tab 1-9")
        #expect(tabs.keys == [.tab, .backTab] + (1...9).map { .character(Character(String($0))) })
    }

    @Test func noTabsNoNumbers() {
        #expect(KeyHelp.common(tabCount: 0)[0].keys == [.tab, .backTab])
    }
}
