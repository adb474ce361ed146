import Foundation

extension Duration {
    /// The duration in seconds, as the `TimeInterval` requests count their timeout in.
    var timeInterval: TimeInterval {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
