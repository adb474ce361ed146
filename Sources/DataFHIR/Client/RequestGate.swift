/// At most `limit` requests in flight. While the server is down the gate narrows to one,
/// so a dead server gets one probe at a time instead of a retry storm from every waiter.
actor RequestGate {
    private let maxInFlight: Int
    private var limit: Int
    private var inFlight = 0
    private var waiters: [CheckedContinuation<Void, Never>] = []
    /// The most requests ever in flight together, and how many were sent (for reports and tests).
    private(set) var peakInFlight = 0
    private(set) var sent = 0

    init(maxInFlight: Int) {
        self.maxInFlight = maxInFlight
        limit = maxInFlight
    }

    func enter() async {
        if inFlight < limit, waiters.isEmpty {
            admit()
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }

    func leave(serverAnswered: Bool) {
        inFlight -= 1
        limit = serverAnswered ? maxInFlight : 1
        while inFlight < limit, !waiters.isEmpty {
            admit()
            waiters.removeFirst().resume()
        }
    }

    private func admit() {
        inFlight += 1
        sent += 1
        peakInFlight = max(peakInFlight, inFlight)
    }
}
