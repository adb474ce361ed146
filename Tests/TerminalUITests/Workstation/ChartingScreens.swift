import CoreDomain
import CoreUseCases
import Foundation
import SharedPresentation
import Testing
@testable import TerminalUI

/// Robin Brown's chart with a charting screen open, reached by keys as a nurse would.
enum ChartingScreens {
    /// Presses `keys` in order. Each only edits, moves or scrolls (Enter here reaches a confirm
    /// step, never a save), so each asks for nothing.
    static func press(_ state: inout WorkstationState, _ keys: [InputKey], sourceLocation: SourceLocation = #_sourceLocation) {
        for key in keys { #expect(state.update(.key(key)).isEmpty, "\(key)", sourceLocation: sourceLocation) }
    }

    static func type(_ state: inout WorkstationState, _ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        press(&state, text.map { .character($0) }, sourceLocation: sourceLocation)
    }

    /// The form with a full round typed, on O2 by `device` (its letter) at `flow` L/min with
    /// `fraction` % FiO2; `refused` adds a slip in RR and presses Enter.
    static func form(columns: Int, rows: Int, refused: Bool = false, device: Character = "H", flow: String = "40", fraction: String = "60") -> WorkstationState {
        var state = SampleChart.state(columns: columns, rows: rows)
        state.timeZone = SampleChart.utc
        press(&state, [.character("a")])
        for text in ["112", "148", "92", "101.2F", refused ? "2O" : "24", "89"] {
            type(&state, text)
            press(&state, [.tab])
        }
        press(&state, [.character("o"), .tab, .character(device), .tab])
        for text in [flow, fraction, "71.2"] {
            type(&state, text)
            press(&state, [.tab])
        }
        type(&state, "3")
        if refused { press(&state, [.enter]) }
        return state
    }

    /// 8 L/min typed for a nasal cannula, Enter pressed: refused with the cannula's range.
    static func flowRefused(columns: Int, rows: Int) -> WorkstationState {
        var state = form(columns: columns, rows: rows, device: "N", flow: "8", fraction: "")
        press(&state, [.enter])
        return state
    }

    static func confirm(columns: Int, rows: Int) -> WorkstationState {
        var state = form(columns: columns, rows: rows)
        press(&state, [.enter])
        return state
    }

    /// The Vitals tab with a pending round, a refused one and one entered in error.
    static func deliveries(columns: Int, rows: Int) -> WorkstationState {
        var state = SampleChart.state(columns: columns, rows: rows, tab: .vitals)
        func reading(_ sign: VitalSign, _ value: Decimal, _ unit: String, at time: String, delivery: Delivery = .settled, inError: Bool = false) -> VitalReading {
            VitalReading(sign: sign, effective: SampleChart.date(time), value: .single(SampleChart.quantity(value, unit)), flag: .normal,
                         observationIDs: [time + sign.rawValue], delivery: delivery, isEnteredInError: inError)
        }
        let readings = SampleChart.vitals + [
            reading(.heartRate, 96, "/min", at: "2026-06-27T14:00:00Z", delivery: .pending),
            reading(.temperature, Decimal(string: "37.2")!, "Cel", at: "2026-06-27T14:00:00Z", delivery: .pending),
            reading(.heartRate, 180, "/min", at: "2026-06-27T13:30:00Z", delivery: .pending, inError: true),
            reading(.weight, 71, "kg", at: "2026-06-27T08:00:00Z",
                    delivery: .failed("HTTP 422: Observation.subject: patient POP-000010 is not known to this server")),
        ]
        #expect(state.update(.chart(patientID: "p1", .loaded(ChartContent(VitalsState.self, VitalsHistory(series: VitalSeries.series(from: readings)))))).isEmpty)
        #expect(state.update(.outbox(.changed(OutboxStatus(pending: 3, failed: 1)))).isEmpty)
        return state
    }

    static func correction(columns: Int, rows: Int) -> WorkstationState {
        var state = SampleChart.state(columns: columns, rows: rows, tab: .vitals)
        press(&state, [.character("x")])
        type(&state, "charted on the wrong patient")
        return state
    }
}
