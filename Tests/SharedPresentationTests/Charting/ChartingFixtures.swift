import CoreDomain
import CoreUseCases
import Foundation
import Testing
@testable import SharedPresentation

/// A chart with vitals charted at two rounds, for the charting key and view tests.
enum Charted {
    static let utc = TimeZone(identifier: "UTC")!

    static func reading(_ sign: VitalSign, _ value: Decimal, id: String, minutesAgo: Double, flag: AbnormalFlag = .normal,
                        delivery: Delivery = .settled, inError: Bool = false, by performer: String? = nil) -> VitalReading {
        VitalReading(sign: sign, effective: Census.now.addingTimeInterval(-minutesAgo * 60),
                     value: .single(Quantity(value: value, ucumCode: sign.ucum)), flag: flag, observationIDs: [id],
                     delivery: delivery, isEnteredInError: inError, performer: performer)
    }

    /// Newest round 30 min ago (HR 112 H, T 38.4), the one before 4 h ago (HR 90).
    static let readings: [VitalReading] = [
        reading(.heartRate, 112, id: "hr-new", minutesAgo: 30, flag: .high),
        reading(.temperature, Decimal(string: "38.4")!, id: "t-new", minutesAgo: 31, flag: .high),
        reading(.heartRate, 90, id: "hr-old", minutesAgo: 240),
    ]

    /// Census.state() with p0's chart focused on `tab`, summary and vitals loaded, clocks in UTC.
    static func state(tab: ChartTab = .summary, readings: [VitalReading] = readings) -> WorkstationState {
        var state = Census.state()
        state.timeZone = utc
        #expect(state.press(.enter).isEmpty, "p0's chart is beside the list already: Enter moves into it")
        var summary = Census.summary(for: Census.entry(0))
        summary.latestVitals = LatestVitalRule.latest(of: readings.filter { !$0.isEnteredInError })
        #expect(state.update(.chart(patientID: "p0", .loaded(ChartContent(SummaryState.self, summary)))).isEmpty)
        #expect(state.update(.chart(patientID: "p0", .loaded(ChartContent(VitalsState.self, VitalsHistory(series: VitalSeries.series(from: readings)))))).isEmpty)
        state.chart?.tab = tab
        return state
    }

    /// What a save, a correction or a sync landing on `state()`'s open chart asks for: the list
    /// window (`search`) and both loaded tabs read again, as refreshes (the charting is what is
    /// audited, not a new view of the chart).
    static func reloaded(listing search: PatientSearch = PatientSearch(limit: PatientListState.pageSize)) -> [WorkstationEffect] {
        [.list(.search(search, isRefresh: true)),
         .chart(patientID: "p0", .load(.summary, isRefresh: true)), .chart(patientID: "p0", .load(.vitals, isRefresh: true))]
    }
}

extension WorkstationState {
    /// Types `text` into the focused field.
    mutating func type(_ text: String) -> [WorkstationEffect] {
        text.flatMap { update(.key(.character($0))) }
    }

    var form: VitalsFormState? { charting?[VitalsFormState.self] }

    var correction: CorrectionState? { charting?[CorrectionState.self] }
}
