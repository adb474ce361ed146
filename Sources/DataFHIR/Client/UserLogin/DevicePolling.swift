import Foundation

/// What the device login does after each answer of the token endpoint (RFC 8628 3.5): wait the
/// interval and ask again while the user has not yet answered, wait 5 seconds longer from then
/// on when told to slow down, and stop on a denial, an expired code, or any other error. Kept
/// apart from the network so each decision is tested without waiting.
public struct DevicePolling: Sendable, Equatable {
    /// RFC 8628 3.5: `slow_down` adds this to the interval for all later polls.
    public static let slowDownStep: TimeInterval = 5

    public private(set) var interval: TimeInterval
    /// When the device code stops working (`expires_in` after it was issued).
    public let deadline: Date

    public init(_ authorization: DeviceAuthorization, issuedAt: Date) {
        interval = authorization.interval
        deadline = issuedAt.addingTimeInterval(authorization.expiresIn)
    }

    public enum Decision: Sendable, Equatable {
        case wait(TimeInterval)
        case stop(UserLoginError)
    }

    /// The first poll waits one interval: the user has only just been shown the code.
    public func first(now: Date) -> Decision {
        next(now: now)
    }

    /// After the token endpoint refused with `error` (its RFC 6749 `error` code).
    public mutating func after(error: String?, description: String? = nil, now: Date) -> Decision {
        switch error {
        case "authorization_pending": return next(now: now)
        case "slow_down":
            interval += Self.slowDownStep
            return next(now: now)
        case "expired_token": return .stop(.expired)
        case "access_denied": return .stop(.refused(error: "access_denied", description: nil))
        default: return .stop(.refused(error: error ?? "no error code", description: description))
        }
    }

    private func next(now: Date) -> Decision {
        now.addingTimeInterval(interval) > deadline ? .stop(.expired) : .wait(interval)
    }
}
