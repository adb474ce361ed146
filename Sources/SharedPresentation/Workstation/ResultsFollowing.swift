import CoreDomain

/// The `followResults` effect: what the listener's socket says, as actions. Patients it
/// names are looked up in the census as the cache has it: those off the census (another
/// ward's, or one fetched from a server search) are ignored, and those on it are named with
/// their bed. Runs until its task is cancelled (the session ends).
struct ResultsFollowing: Sendable {
    var results: @Sendable (_ news: @escaping @Sendable (ResultNews) -> Void) async -> Void
    var directory: any PatientDirectory

    func follow(send: @escaping @Sendable (WorkstationAction) -> Void) async {
        let (stream, continuation) = AsyncStream.makeStream(of: ResultNews.self)
        let reading = Task {
            await results { continuation.yield($0) }
            continuation.finish()
        }
        await withTaskCancellationHandler {
            for await news in stream {
                if let action = await action(for: news) { send(action) }
            }
        } onCancel: {
            reading.cancel()
        }
    }

    private func action(for news: ResultNews) async -> WorkstationAction? {
        switch news {
        case .syncAll:
            Log.debug("results.full_sync")
            return .listener(.fullSyncAsked)
        case .changed(let ids):
            let named = Set(ids)
            // A census that cannot be read cannot say whose these are: a full sync covers them.
            guard let entries = try? await directory.listEntries(ward: nil) else { return .listener(.fullSyncAsked) }
            Log.debug("results.named", .count("patients", ids.count), .count("census", entries.count))
            let patients = entries.filter { named.contains($0.id) && !$0.isOffCensus }.sorted { $0.id < $1.id }
                .map { ResultsPatient(id: $0.id, bed: $0.location.map(PatientListView.shortPlace)) }
            return patients.isEmpty ? nil : .listener(.changed(patients))
        }
    }
}
