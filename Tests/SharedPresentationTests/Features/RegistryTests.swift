@testable import SharedPresentation
import Testing

/// A registry refuses two entries of one name: the review's placeholder tab named `notes`
/// silently showed a test fixture's state, as tabs were told apart by that name alone.
@Suite struct RegistryTests {
    @Test func everyRegisteredNameIsItsOwn() {
        #expect(Set(ChartTab.registered.map(\.name)).count == ChartTab.registered.count)
        #expect(Set(ChartingFormKind.registered.map(\.name)).count == ChartingFormKind.registered.count)
    }

    @Test func aTabRegisteredTwiceIsRefused() async {
        await #expect(processExitsWith: .failure) {
            _ = [ChartTab].registry([.summary, .vitals, .summary])
        }
    }
}
