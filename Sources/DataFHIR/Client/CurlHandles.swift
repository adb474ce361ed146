@preconcurrency import CCurl
import Synchronization

/// libcurl easy handles kept between exchanges, so each keeps its connection open for the
/// next request (keep-alive; over TLS one handshake, not one per request): at most as many
/// idle as requests may be in flight. libcurl is initialised once, before the first handle.
final class CurlHandles: Sendable {
    /// A handle is used by one exchange at a time, handed between threads through `idle`.
    private struct Handle: @unchecked Sendable {
        let pointer: UnsafeMutableRawPointer
    }

    private let idle = Mutex<[Handle]>([])
    private static let initialised = emr_curl_global_init() == CURLE_OK

    deinit {
        for handle in idle.withLock({ $0 }) { curl_easy_cleanup(handle.pointer) }
    }

    /// An idle handle, or a new one; nil when libcurl cannot make one (out of memory).
    func take() -> UnsafeMutableRawPointer? {
        guard Self.initialised else { return nil }
        return idle.withLock { $0.popLast() }?.pointer ?? curl_easy_init()
    }

    /// Returns `handle`, its options cleared and its connection kept, or closes it when
    /// enough are idle.
    func giveBack(_ handle: UnsafeMutableRawPointer) {
        curl_easy_reset(handle)
        let kept = idle.withLock { idle in
            guard idle.count < FHIRClient.maxRequestsInFlight else { return false }
            idle.append(Handle(pointer: handle))
            return true
        }
        if !kept { curl_easy_cleanup(handle) }
    }
}
