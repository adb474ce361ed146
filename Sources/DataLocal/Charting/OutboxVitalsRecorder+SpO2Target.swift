import CoreDomain
import DataFHIR

/// A prescribed SpO2 target, set or cleared, goes the way a vitals entry does: one Observation
/// (`VitalsObservationEncoder.observation(for:)`), stored sealed and queued in one durable
/// transaction, sent once by the drain.
extension OutboxVitalsRecorder {
    public func recordSpO2Target(_ target: SpO2TargetEntry) async throws -> String {
        let charted = encoder.observation(for: target)
        try store.store([charted])
        return charted.id
    }
}
