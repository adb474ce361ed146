import CoreDomain

/// The workstation's side of the ward's due list: where it is drawn, and the chosen patient's
/// MAR opened from it.
extension WorkstationState {
    var wardDosesContext: RegionContext {
        let body = geometry.screenBody
        return RegionContext(width: body.width, height: body.height, view: layoutContext)
    }

    /// Hands `action` to the due list and carries out what it tells.
    mutating func updateWardDoses(_ action: WardDosesAction) -> [WorkstationEffect] {
        guard var list = wardDoses else { return [] }
        let step = list.update(action, in: wardDosesContext)
        wardDoses = list
        return step.effects + step.delegates.flatMap { delegate -> [WorkstationEffect] in
            switch delegate {
            case .close:
                wardDoses = nil
                return []
            case let .openMAR(entry):
                wardDoses = nil
                return openMAR(of: entry)
            }
        }
    }

    /// The patient's chart on the Meds tab with the MAR shown, their row chosen when the list
    /// has it loaded.
    private mutating func openMAR(of entry: PatientListEntry) -> [WorkstationEffect] {
        let highlighted = updateList(.highlight(patientID: entry.id))
        focus = .chart
        var shown = chart?.patientID == entry.id ? chart ?? ChartState(listEntry: entry) : ChartState(listEntry: entry)
        shown.tab = .medications
        shown.markLoading(.medications)
        shown.scroll[.medications] = 0
        chart = shown
        _ = updateChart(.focus(.medications, .doses))
        let summary: [WorkstationEffect] = shown.summary == .loading ? [.chart(patientID: entry.id, .load(.summary))] : []
        return highlighted + summary + [.chart(patientID: entry.id, .load(.medications))]
    }
}
