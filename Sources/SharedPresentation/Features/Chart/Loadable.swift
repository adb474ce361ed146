/// Data that arrives later than the screen that needs it. A loaded value is boxed: charts
/// are large, and the state is copied through every update's frames (debug builds keep many
/// copies on a worker thread's small stack).
public enum Loadable<Value: Equatable & Sendable>: Equatable, Sendable {
    case loading
    indirect case loaded(Value)
    case failed(String)

    public var value: Value? {
        if case let .loaded(value) = self { value } else { nil }
    }

    /// A tab's body: "loading…", the failure in one line, or what `loaded` makes of the value.
    public func content(_ loaded: (Value) -> ScrollContent) -> ScrollContent {
        switch self {
        case .loading: ScrollContent(lines: [StyledLine("loading…", .dim)])
        case let .failed(message): ScrollContent(lines: [StyledLine(message, .critical)])
        case let .loaded(value): loaded(value)
        }
    }
}
