import DataFHIR
import DataLocal
import Foundation

/// Keeps the listener's Subscription on the server while it runs: writes the topic, then
/// the Subscription for the census patients; reads the census again every `renewSeconds`
/// and writes the Subscription again when its patients changed or its `end` comes near;
/// writes it again at once after a missed heartbeat (the server may have dropped it, or
/// marked it `error` after failed deliveries); deletes it
/// when asked to stop. A server that cannot be reached is tried again, never given up on:
/// under systemd the listener should outlast an outage of the server.
struct SubscriptionKeeper: Sendable {
    var client: FHIRClient
    var census: Census
    var subscriptionID: String
    var endpoint: String
    var token: String
    var heartbeatSeconds: Int
    var renewSeconds: Int

    func keep(receiver: NotificationReceiver, until stop: StopSignal) async {
        var written: (patients: [String], at: Date)?
        var topicWritten = false
        var nextCheck = Date.distantPast
        while !stop.isRequested {
            if receiver.checkHeartbeat() {
                written = nil
                nextCheck = .distantPast
            }
            if Date() >= nextCheck {
                do throws(FHIRClientError) {
                    if !topicWritten {
                        try await client.update(type: "Basic", id: ResultsTopic.basicID, resource: ResultsTopic.resource)
                        topicWritten = true
                    }
                    let patients = try await censusPatients()
                    if written?.patients != patients || Date().timeIntervalSince(written?.at ?? .distantPast) >= Double(2 * renewSeconds) {
                        try await write(patients)
                        HooksLog.line("Subscription/\(subscriptionID) written for \(patients.count) patients")
                        written = (patients, Date())
                    }
                    nextCheck = Date().addingTimeInterval(Double(renewSeconds))
                } catch {
                    HooksLog.line("the server could not be reached (\(error.kindName)); trying again in \(min(heartbeatSeconds, renewSeconds)) s")
                    nextCheck = Date().addingTimeInterval(Double(min(heartbeatSeconds, renewSeconds)))
                }
            }
            try? await Task.sleep(for: .milliseconds(200))
        }
        guard written != nil else { return }
        do throws(FHIRClientError) {
            try await client.delete(type: "Subscription", id: subscriptionID)
            HooksLog.line("Subscription/\(subscriptionID) deleted")
        } catch {
            HooksLog.line("Subscription/\(subscriptionID) could not be deleted (\(error.kindName)); the server ends it at its end time")
        }
    }

    private func censusPatients() async throws(FHIRClientError) -> [String] {
        switch census {
        case .patients(let ids): Array(Set(ids)).sorted()
        case .ward(let location): try await client.wardPatientIDs(location: location)
        }
    }

    /// Writes the Subscription, `requested`: the server's handshake makes it active. Its end
    /// is four renewals away, so a listener that died without deleting it is forgotten.
    private func write(_ patients: [String]) async throws(FHIRClientError) {
        let subscription = ResultsSubscription(
            id: subscriptionID, endpoint: endpoint, token: token, patientIDs: patients, heartbeatSeconds: heartbeatSeconds,
            end: Date().addingTimeInterval(Double(4 * renewSeconds)))
        try await client.update(type: "Subscription", id: subscriptionID, resource: subscription.resource)
    }
}

private extension FHIRClientError {
    /// The error's case, for the log: its payload may quote the server.
    var kindName: String { String(describing: self).prefix { $0 != "(" }.description }
}
