import CoreDomain

extension AbnormalFlag {
    /// How an abnormal value is drawn, beside its letter marker (`H`, `L`, `!`): never colour alone.
    var role: TextRole {
        switch self {
        case .normal: .normal
        case .low, .high, .abnormal: .abnormal
        case .criticalLow, .criticalHigh, .critical: .critical
        }
    }
}
