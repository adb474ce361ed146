import Foundation

/// One set of vital signs a nurse charted at this workstation, for one patient at one time.
/// Any subset of the values may be present. Values are already validated and in the units the
/// vital-signs profile sends (`/min`, `mm[Hg]`, `Cel`, `%`, `kg`, pain 0-10), so whoever
/// stores or sends an entry never converts or re-judges it.
public struct VitalsEntry: Hashable, Sendable {
    /// How the patient was breathing when SpO2 was measured.
    public enum Oxygen: Hashable, Sendable {
        case roomAir
        /// Supplemental oxygen: the device, the flow in L/min and the inspired oxygen fraction
        /// (FiO2) in percent, each when it was entered or the record says.
        case supplemental(device: OxygenDevice? = nil, litresPerMinute: Decimal?, fractionPercent: Decimal? = nil)
    }

    /// The entry's NEWS2 when it is a complete round (`RecordVitals` scores it): sent beside the
    /// readings as one more Observation, in the same transaction.
    public struct Score: Hashable, Sendable {
        public var total: Int
        /// The band and the response it asks for, in words ("HIGH clinical risk: emergency response").
        public var interpretation: String
        /// How it was scored and what each parameter gave ("RCP NEWS2 2017, SpO2 Scale 1: RR 3, ...").
        public var method: String

        public init(total: Int, interpretation: String, method: String) {
            self.total = total
            self.interpretation = interpretation
            self.method = method
        }
    }

    public var patientID: String
    /// The patient's current stay, when admitted.
    public var encounterID: String?
    public var effective: Date
    public var heartRate: Decimal?
    public var systolic: Decimal?
    public var diastolic: Decimal?
    public var temperature: Decimal?
    public var respiratoryRate: Decimal?
    public var oxygenSaturation: Decimal?
    /// Only meaningful with `oxygenSaturation`.
    public var oxygen: Oxygen?
    public var weight: Decimal?
    public var painScore: Int?
    /// Level of consciousness (ACVPU), a NEWS2 parameter.
    public var consciousness: Consciousness?
    public var news2: Score?

    public init(
        patientID: String, encounterID: String? = nil, effective: Date,
        heartRate: Decimal? = nil, systolic: Decimal? = nil, diastolic: Decimal? = nil, temperature: Decimal? = nil,
        respiratoryRate: Decimal? = nil, oxygenSaturation: Decimal? = nil, oxygen: Oxygen? = nil,
        weight: Decimal? = nil, painScore: Int? = nil, consciousness: Consciousness? = nil
    ) {
        self.patientID = patientID
        self.encounterID = encounterID
        self.effective = effective
        self.heartRate = heartRate
        self.systolic = systolic
        self.diastolic = diastolic
        self.temperature = temperature
        self.respiratoryRate = respiratoryRate
        self.oxygenSaturation = oxygenSaturation
        self.oxygen = oxygen
        self.weight = weight
        self.painScore = painScore
        self.consciousness = consciousness
    }

    /// True when nothing was entered: such an entry is never saved.
    public var isEmpty: Bool {
        heartRate == nil && systolic == nil && diastolic == nil && temperature == nil && respiratoryRate == nil
            && oxygenSaturation == nil && weight == nil && painScore == nil && consciousness == nil
    }
}
