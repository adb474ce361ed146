import Foundation

/// An access token and when it stops working.
public struct AccessToken: Sendable, Hashable, Codable {
    public var value: String
    public var expiresAt: Date
    public var scope: String?

    public init(value: String, expiresAt: Date, scope: String? = nil) {
        self.value = value
        self.expiresAt = expiresAt
        self.scope = scope
    }
}

/// Where tokens are kept between runs: only ever the encrypted cache (DataLocal implements it).
public protocol TokenStore: Sendable {
    func load() -> AccessToken?
    func save(_ token: AccessToken)
}
