/// A part of the workstation with its own state, actions and update, as The Composable
/// Architecture's reducers are: the parent hands it its actions, with what it needs to know
/// of the rest of the screen as `Context`, and hears back through `Delegate` actions, never
/// through flags it would have to read in the right order. Its work for the runtime is its own
/// `Effect`, which the parent wraps as its own (`FeatureStep.scoped`), as it wraps the answers.
public protocol Feature {
    associatedtype Action
    associatedtype Delegate
    associatedtype Context
    /// What it asks the runtime to do; `Never` for a feature that asks nothing.
    associatedtype Effect = Never
    mutating func update(_ action: Action, in context: Context) -> FeatureStep<Delegate, Effect>
}

/// What one update of a feature asks for: its own work for the runtime, and what its parent
/// must hear.
public struct FeatureStep<Delegate, Effect> {
    public var effects: [Effect]
    public var delegates: [Delegate]

    public init(effects: [Effect] = [], delegates: [Delegate] = []) {
        self.effects = effects
        self.delegates = delegates
    }

    /// Only work for the runtime.
    public static func run(_ effects: Effect...) -> FeatureStep { FeatureStep(effects: effects) }

    /// Only news for the parent.
    public static func tell(_ delegates: Delegate...) -> FeatureStep { FeatureStep(delegates: delegates) }

    public static var none: FeatureStep { FeatureStep() }

    /// The step with its effects wrapped as the parent's (TCA's `Scope`): `{ .list($0) }`.
    public func scoped<Parent>(_ wrap: (Effect) -> Parent) -> FeatureStep<Delegate, Parent> {
        FeatureStep<Delegate, Parent>(effects: effects.map(wrap), delegates: delegates)
    }
}

extension FeatureStep: Equatable where Delegate: Equatable, Effect: Equatable {}
