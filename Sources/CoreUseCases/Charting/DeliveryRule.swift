import CoreDomain

extension Delivery {
    /// The state of several records shown as one (a blood pressure from two halves, a round
    /// of readings): a failure outranks a wait, a wait outranks settled, so a row never looks
    /// more delivered than its worst part. The first failure's message is kept.
    public static func leastSettled(_ deliveries: [Delivery]) -> Delivery {
        deliveries.first { if case .failed = $0 { true } else { false } }
            ?? (deliveries.contains(.pending) ? .pending : .settled)
    }
}
