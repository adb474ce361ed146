import Foundation

/// The device authorization endpoint's answer (RFC 8628 3.2): the code the user types at the
/// verification address, the device code this client polls with, and how long and how often.
public struct DeviceAuthorization: Sendable, Equatable {
    public static let grantType = "urn:ietf:params:oauth:grant-type:device_code"
    /// RFC 8628 3.2: the interval when the server gives none.
    public static let defaultInterval: TimeInterval = 5

    public var deviceCode: String
    public var userCode: String
    public var verificationURI: URL
    /// The address with the user code in it (optional in the RFC): nothing to type.
    public var verificationURIComplete: URL?
    public var expiresIn: TimeInterval
    public var interval: TimeInterval

    public init(
        deviceCode: String, userCode: String, verificationURI: URL, verificationURIComplete: URL? = nil, expiresIn: TimeInterval,
        interval: TimeInterval = Self.defaultInterval
    ) {
        self.deviceCode = deviceCode
        self.userCode = userCode
        self.verificationURI = verificationURI
        self.verificationURIComplete = verificationURIComplete
        self.expiresIn = expiresIn
        self.interval = interval
    }
}

extension DeviceAuthorization {
    /// Nil when the answer lacks a required member (RFC 8628 3.2).
    init?(answer root: ElementReader) {
        func string(_ key: String) -> String? { (try? root.string(key)) ?? nil }
        func number(_ key: String) -> TimeInterval? { ((try? root.integer(key)) ?? nil).map(TimeInterval.init) }
        guard let deviceCode = string("device_code"), let userCode = string("user_code"),
            let verification = string("verification_uri").flatMap(URL.init(string:)), let expiresIn = number("expires_in")
        else { return nil }
        self.init(
            deviceCode: deviceCode, userCode: userCode, verificationURI: verification,
            verificationURIComplete: string("verification_uri_complete").flatMap(URL.init(string:)), expiresIn: expiresIn,
            interval: number("interval").map { max($0, 1) } ?? Self.defaultInterval)
    }
}
