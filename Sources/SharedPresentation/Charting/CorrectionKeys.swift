import CoreUseCases

/// Keys while marking a round entered in error. Every binding is listed in
/// `KeyHelp.correctionReason` / `correctionConfirm`.
extension WorkstationState {
    mutating func handleCorrection(_ key: InputKey, _ current: CorrectionState) -> [WorkstationEffect] {
        var correction = current
        switch correction.step {
        case .saving:
            return []
        case let .confirming(reason):
            switch key {
            case .enter:
                correction.step = .saving(reason)
                correction.failure = nil
                status = "saving…"
                charting = .correction(correction)
                return [.markEnteredInError(patientID: correction.chart.patientID, observationIDs: correction.round.observationIDs, reason: reason)]
            case .escape:
                correction.step = .reason
                correction.failure = nil
                status = nil
            default:
                guard let scroll = scrolledConfirm(.correction(correction), from: correction.scroll, by: key) else { return [] }
                correction.scroll = scroll
            }
        case .reason:
            switch key {
            case .escape:
                charting = nil
                status = nil
                return []
            case .enter:
                switch CorrectVitals.reason(correction.reason) {
                case let .success(reason):
                    correction.step = .confirming(reason)
                    correction.refusal = nil
                    correction.scroll = 0
                case let .failure(error):
                    correction.refusal = error.errorDescription
                }
            case .backspace, .delete:
                if !correction.reason.isEmpty { correction.reason.removeLast() }
                correction.refusal = nil
            case .control("u"):
                correction.reason = ""
            case let .character(character) where !character.isNewline && correction.reason.count < CorrectVitals.maximumReasonLength:
                correction.reason.append(character)
                correction.refusal = nil
            default:
                return []
            }
        }
        charting = .correction(correction)
        return []
    }
}
