import CoreDomain
import Foundation

extension PatientListState {
    /// A patient's Results tab opened (not refreshed) by one of `effects` at `now`: their row's
    /// new-results marker goes at once. The runner records the view, so a page read after it
    /// agrees; a page read before it and answering after (a sync's reload racing the key)
    /// still marks what was seen, so the look is kept here too (`resultsSeen`, `seenResults`).
    mutating func resultsOpened(by effects: [WorkstationEffect], at now: Date) {
        for case let .chart(patientID, .load(.results, false)) in effects {
            resultsSeen[patientID] = now
            for index in window.indices where window[index].id == patientID { window[index].hasNewResults = false }
        }
    }

    /// `entries` as read, less the new-results marks for results seen since in this session:
    /// a result that arrived after the look stays new.
    func seenResults(_ entries: [PatientListEntry]) -> [PatientListEntry] {
        entries.map { entry in
            guard entry.hasNewResults, let seen = resultsSeen[entry.id], let arrival = entry.newestResultArrival, arrival <= seen else { return entry }
            var seenEntry = entry
            seenEntry.hasNewResults = false
            return seenEntry
        }
    }
}
