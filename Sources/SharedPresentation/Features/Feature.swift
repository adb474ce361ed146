/// A part of the workstation with its own state, actions and update, as The Composable
/// Architecture's reducers are: the parent hands it its actions, with what it needs to know
/// of the rest of the screen as `Context`, and hears back through `Delegate` actions, never
/// through flags it would have to read in the right order.
public protocol Feature {
    associatedtype Action
    associatedtype Delegate
    associatedtype Context
    mutating func update(_ action: Action, in context: Context) -> FeatureStep<Delegate>
}

/// What one update of a feature asks for: work for the runtime, and what its parent must hear.
public struct FeatureStep<Delegate> {
    public var effects: [WorkstationEffect]
    public var delegates: [Delegate]

    public init(effects: [WorkstationEffect] = [], delegates: [Delegate] = []) {
        self.effects = effects
        self.delegates = delegates
    }

    /// Only work for the runtime.
    public static func run(_ effects: WorkstationEffect...) -> FeatureStep { FeatureStep(effects: effects) }

    /// Only news for the parent.
    public static func tell(_ delegates: Delegate...) -> FeatureStep { FeatureStep(delegates: delegates) }

    public static var none: FeatureStep { FeatureStep() }
}

extension FeatureStep: Equatable where Delegate: Equatable {}
