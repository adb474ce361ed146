import CoreDomain
import CoreUseCases
import Foundation

/// One row of the Vitals table: the readings one person took at one round, which is also what a
/// correction marks entered in error as a whole.
///
/// A round is one performer's: readings by someone else (another nurse, or a source that names
/// nobody) never join it, however close in time, so a correction can only ever mark the set the
/// nurse sees on its confirm step, never another person's values or the server's unattributed ones.
public struct VitalsRound: Equatable, Sendable {
    /// The time of the round's newest reading.
    public var time: Date
    public var readings: [VitalSign: VitalReading]
    /// A round of corrected readings: they never share a row with standing ones.
    public var isEnteredInError: Bool
    /// Who took every reading of the round (nil: the source named nobody).
    public var performer: String?
    /// The NEWS2 round its readings belong to, when there is one (`VitalsHistory.news2Round`).
    public var news2: NEWS2Round?

    /// The signs the table shows, in column order; a round holds only these.
    public static let signs: [VitalSign] = [.heartRate, .bloodPressure, .oxygenSaturation, .temperature, .respiratoryRate, .weight, .painScore]

    /// Unattributed readings taken within this span of a round's first (newest) reading share
    /// its row: a source that names nobody records one set over a few minutes.
    static let span: TimeInterval = 15 * 60

    /// A named performer's readings within this span of the round's newest are one entry: a
    /// round charted over a minute (a device, a server that stamps each value) is one row, and
    /// `x` on it offers the whole round; two entries minutes apart stay two rows.
    static let entrySpan: TimeInterval = 60

    /// The round's readings in column order.
    public var orderedReadings: [VitalReading] { Self.signs.compactMap { readings[$0] } }

    /// Every observation of the row: its readings, and the ACVPU charted with them (same
    /// person, within the entry's minute), which a correction marks with the rest.
    public var observationIDs: [String] { orderedReadings.flatMap(\.observationIDs) + [consciousnessID].compactMap { $0 } }

    /// How many values the row holds, as a nurse counts them (a blood pressure is one).
    public var valueCount: Int { orderedReadings.count + (consciousnessID == nil ? 0 : 1) }

    /// The ACVPU taken with this row's readings, if any.
    public var consciousnessID: String? {
        guard let taken = news2?.consciousnessTaken, abs(time.timeIntervalSince(taken.time)) <= Self.entrySpan else { return nil }
        return taken.id
    }

    public var delivery: Delivery { .leastSettled(orderedReadings.map(\.delivery)) }

    /// Table rows newest first. A reading joins the newest open round of its kind (standing or
    /// entered in error) and of its performer that began within `span` and has no reading of
    /// that sign yet. A named performer's round is one charted entry, whose values carry the
    /// entry's time give or take `entrySpan`: two entries a nurse made minutes apart stay two
    /// rows, and correcting one never marks the other.
    public static func rounds(_ history: VitalsHistory) -> [VitalsRound] {
        rounds(history.series).map { round in
            var round = round
            round.news2 = round.isEnteredInError ? nil : history.news2Round(containing: round.observationIDs)
            return round
        }
    }

    static func rounds(_ series: [VitalSeries]) -> [VitalsRound] {
        let all = series.filter { signs.contains($0.sign) }.flatMap(\.readings).sorted(by: VitalReading.newestFirst)
        var rounds: [VitalsRound] = []
        for reading in all {
            let open = rounds.indices.reversed().prefix { rounds[$0].time.timeIntervalSince(reading.effective) <= span }
            if let index = open.first(where: { rounds[$0].accepts(reading) }) {
                rounds[index].readings[reading.sign] = reading
            } else {
                rounds.append(VitalsRound(
                    time: reading.effective, readings: [reading.sign: reading], isEnteredInError: reading.isEnteredInError,
                    performer: reading.performer))
            }
        }
        return rounds
    }

    private func accepts(_ reading: VitalReading) -> Bool {
        isEnteredInError == reading.isEnteredInError && performer == reading.performer && readings[reading.sign] == nil
            && (performer == nil || time.timeIntervalSince(reading.effective) <= Self.entrySpan)
    }
}
