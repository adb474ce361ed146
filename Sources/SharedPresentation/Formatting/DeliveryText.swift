import CoreDomain

/// Where a charted value stands with the server, in a word beside it: `pending` until the
/// server has it, `FAILED` (capitals: someone must act) when it refused it. Settled values
/// carry no word, so the everyday chart stays quiet.
public enum DeliveryText {
    public static func word(_ delivery: Delivery) -> String? {
        switch delivery {
        case .settled: nil
        case .pending: "pending"
        case .failed: "FAILED"
        }
    }

    public static func role(_ delivery: Delivery) -> TextRole {
        switch delivery {
        case .settled: .normal
        case .pending: .dim
        case .failed: .critical
        }
    }
}
