/// Why logging in failed, in the user's terms. Nothing is stored when any of these happen.
public enum UserLoginError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The redirect's `state` is not this login's: a stale or forged answer.
    case stateMismatch
    /// The answer holds neither a code nor an error.
    case noCode
    /// Nothing came back: input ended, or the browser did not return in time.
    case noAnswer
    /// The server said no (`access_denied` when the user pressed Deny).
    case refused(error: String, description: String?)
    /// The device login's code expired before the user approved it (RFC 8628 `expired_token`).
    case expired
    /// Discovery shows the server cannot log a user in this way.
    case notOffered(String)

    public var description: String {
        switch self {
        case .stateMismatch:
            "the answer belongs to another login (its state does not match); nothing was stored, run 'emr login' again"
        case .noCode:
            "no authorization code in the answer; paste the whole address the browser ended on"
        case .noAnswer:
            "no answer from the login (the browser did not come back, or input ended); nothing was stored"
        case .refused("access_denied", _):
            "the login was refused at the server (access denied); nothing was stored"
        case .refused(let error, let description):
            "the server refused the login (\(error)\(description.map { ": \($0.prefix(120))" } ?? "")); nothing was stored"
        case .expired:
            "the login code expired before it was approved; nothing was stored, run 'emr login' again"
        case .notOffered(let reason):
            "cannot log in: \(reason)"
        }
    }
}
