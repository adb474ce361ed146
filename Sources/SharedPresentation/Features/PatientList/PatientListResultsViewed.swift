extension PatientListState {
    /// A patient's Results tab opened (not refreshed) by one of `effects`: their row's
    /// new-results marker goes at once. The runner records the view and refreshes the
    /// directory's row, so the next page read agrees.
    mutating func resultsOpened(by effects: [WorkstationEffect]) {
        for case let .loadChart(patientID, .results, false) in effects {
            for index in window.indices where window[index].id == patientID { window[index].hasNewResults = false }
        }
    }
}
