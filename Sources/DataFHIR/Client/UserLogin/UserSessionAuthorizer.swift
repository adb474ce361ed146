import Foundation

/// Supplies the logged-in user's access token. It is renewed with the refresh token a minute
/// before it expires, and once after a 401 (requests refused together share that renewal). A
/// session the server no longer honours (renewal refused, or a 401 right after renewal) is
/// dropped from the cache, so the user is asked to log in again rather than retried forever.
/// A server that cannot be reached keeps the session: being offline is not being logged out.
public actor UserSessionAuthorizer: RequestAuthorizer {
    private let endpoint: UserTokenEndpoint
    private let store: any UserSessionStore
    private let now: @Sendable () -> Date
    private var session: UserSession?
    private var renewal: Task<Result<UserSession, FHIRClientError>, Never>?
    /// Renewals made (for reports and tests).
    public private(set) var renewals = 0

    public init(endpoint: UserTokenEndpoint, store: any UserSessionStore, now: @escaping @Sendable () -> Date = { Date() }) {
        self.endpoint = endpoint
        self.store = store
        self.now = now
    }

    public func authorization(refused: String?) async throws(FHIRClientError) -> String {
        if session == nil { session = store.load() }
        guard let current = session else { throw .loginRequired(reason: "no one is logged in to this server") }
        if refused != Self.header(current), !current.needsRenewal(now: now()) { return Self.header(current) }
        // A login made since (the workstation's, after this session ended) replaces the old
        // session rather than being renewed over, or dropped with it.
        if renewal == nil, let stored = store.load(), stored != current {
            session = stored
            return try await authorization(refused: refused)
        }
        return Self.header(try await renewed(current))
    }

    public func refusedAfterRenewal() async {
        drop()
    }

    private static func header(_ session: UserSession) -> String { "Bearer " + session.accessToken }

    /// A fresh session, stored; callers arriving while one renewal runs wait for it.
    private func renewed(_ current: UserSession) async throws(FHIRClientError) -> UserSession {
        if let renewal { return try await renewal.value.get() }
        let request = Task<Result<UserSession, FHIRClientError>, Never> {
            do throws(FHIRClientError) { return .success(try await self.endpoint.refresh(current)) } catch { return .failure(error) }
        }
        renewal = request
        let result = await request.value
        renewal = nil
        switch result {
        case .success(let fresh):
            renewals += 1
            session = fresh
            store.save(fresh)
            return fresh
        case .failure(let error):
            if case .loginRequired = error { drop() }
            throw error
        }
    }

    /// Forgets the session the server refused; a newer login in the store stays.
    private func drop() {
        if let dropped = session, store.load() == dropped { store.remove() }
        session = nil
    }
}
