import CoreDomain
import Foundation

/// One charted vital sign at one time, already judged, ready for a table cell or a trend.
/// Blood pressure is always one reading with its two halves, however the source recorded it.
public struct VitalReading: Hashable, Sendable {
    public enum Value: Hashable, Sendable {
        case single(Quantity)
        /// Either half may be missing when the source recorded only one.
        case bloodPressure(systolic: Quantity?, diastolic: Quantity?)
    }

    public var sign: VitalSign
    public var effective: Date
    public var value: Value
    /// For blood pressure, the worse of the two halves.
    public var flag: AbnormalFlag
    /// The observations this reading came from (two for separately recorded BP halves).
    public var observationIDs: [String]
    /// Whether the server has it yet; for separately recorded BP halves, the less settled one.
    public var delivery: Delivery
    /// Corrected away: never in "latest" or a trend, still listed (marked) in the history.
    public var isEnteredInError: Bool
    /// Who recorded it (`Observation.performer`): a reading is only ever one performer's, so a
    /// round built from readings, and a correction of it, never reaches into someone else's set.
    public var performer: String?
    /// For SpO2: room air or supplemental oxygen (with its flow), when the record says.
    public var oxygen: VitalsEntry.Oxygen?

    public init(
        sign: VitalSign, effective: Date, value: Value, flag: AbnormalFlag, observationIDs: [String],
        delivery: Delivery = .settled, isEnteredInError: Bool = false, performer: String? = nil, oxygen: VitalsEntry.Oxygen? = nil
    ) {
        self.sign = sign
        self.effective = effective
        self.value = value
        self.flag = flag
        self.observationIDs = observationIDs
        self.delivery = delivery
        self.isEnteredInError = isEnteredInError
        self.performer = performer
        self.oxygen = oxygen
    }

    /// Newest first; on the same time, the greater observation id first, so the choice of
    /// "latest" never depends on the order rows arrived in.
    public static func newestFirst(_ a: VitalReading, _ b: VitalReading) -> Bool {
        if a.effective != b.effective { return a.effective > b.effective }
        return a.observationIDs.lexicographicallyPrecedes(b.observationIDs, by: >)
    }
}
