import Testing
@testable import SharedPresentation

/// Drives the workstation's update as the store does and asserts, for every action, the
/// effects it asks for and the whole state it leaves: a change the test did not describe
/// fails, and so does an effect it did not expect (as The Composable Architecture's
/// `TestStore`), so no update's work is silently discarded.
struct TestStore {
    private(set) var state: WorkstationState

    init(_ state: WorkstationState) {
        self.state = state
    }

    /// Sends `action`; `change` describes how the state must differ afterwards.
    mutating func send(
        _ action: WorkstationAction, effects expected: [WorkstationEffect] = [],
        sourceLocation: SourceLocation = #_sourceLocation, _ change: (inout WorkstationState) -> Void = { _ in }
    ) {
        var expectedState = state
        change(&expectedState)
        let effects = state.update(action)
        #expect(effects == expected, "effects of \(action)", sourceLocation: sourceLocation)
        if state != expectedState {
            Issue.record("state after \(action) differs in: \(Self.difference(state, expectedState))", sourceLocation: sourceLocation)
        }
    }

    /// The fields of the state that differ, each as actual vs expected (the whole state is too
    /// long to read in a failure).
    private static func difference(_ actual: WorkstationState, _ expected: WorkstationState) -> String {
        let expectedFields = Dictionary(uniqueKeysWithValues: Mirror(reflecting: expected).children.compactMap { child in
            child.label.map { ($0, String(describing: child.value)) }
        })
        return Mirror(reflecting: actual).children.compactMap { child -> String? in
            guard let label = child.label else { return nil }
            let value = String(describing: child.value)
            return value == expectedFields[label] ? nil : "\(label): \(value) (expected \(expectedFields[label] ?? "nothing"))"
        }.joined(separator: "; ")
    }

    /// A key, as `send(.key(key))`.
    mutating func press(
        _ key: InputKey, effects expected: [WorkstationEffect] = [],
        sourceLocation: SourceLocation = #_sourceLocation, _ change: (inout WorkstationState) -> Void = { _ in }
    ) {
        send(.key(key), effects: expected, sourceLocation: sourceLocation, change)
    }
}
