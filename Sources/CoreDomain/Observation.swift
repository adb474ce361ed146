import Foundation

public struct Observation: Hashable, Sendable, Identifiable {
    public enum Category: String, Sendable, Hashable, CaseIterable {
        case vitalSigns, laboratory, other
    }

    public enum Status: String, Sendable, Hashable, CaseIterable {
        case registered, preliminary, final, amended, corrected, cancelled, enteredInError, unknown
    }

    public enum Value: Hashable, Sendable {
        case quantity(Quantity)
        case concept(CodedConcept)
        case string(String)
        case boolean(Bool)
        case integer(Int)
        /// A range (`valueRange`): a prescribed target, such as SpO2 88-92 %.
        case range(low: Quantity?, high: Quantity?)
    }

    /// One part of a multi-part observation, such as the systolic half of a blood pressure.
    public struct Component: Hashable, Sendable {
        public var code: CodedConcept
        public var value: Value?
        public var referenceRanges: [ReferenceRange]
        public var interpretation: [Coding]

        public init(code: CodedConcept, value: Value? = nil, referenceRanges: [ReferenceRange] = [], interpretation: [Coding] = []) {
            self.code = code
            self.value = value
            self.referenceRanges = referenceRanges
            self.interpretation = interpretation
        }
    }

    public var id: String
    public var patientID: String
    public var encounterID: String?
    public var code: CodedConcept
    public var category: Category
    public var status: Status
    public var effective: Date?
    public var value: Value?
    public var components: [Component]
    public var referenceRanges: [ReferenceRange]
    public var interpretation: [Coding]
    /// Who recorded it, as the source names them (the nurse's account for entries charted here).
    public var performer: String?
    /// Settled for anything from the server or an import; pending or failed while an entry
    /// charted here waits in the outbox.
    public var delivery: Delivery
    /// Why there is no value ("not performed: specimen haemolysed"): a result in its own right.
    public var dataAbsentReason: CodedConcept?
    /// The lab's or recorder's comments, in order.
    public var notes: [String]
    /// For a panel (`hasMember`): the Observation ids of its members, which carry the values.
    public var memberIDs: [String]
    /// When this cache first stored the record as it reads now (its clock, not the clinical
    /// time): what makes a result "new" to someone who last looked before it. Nil for a value
    /// not read from a cache, or stored before the cache kept it.
    public var received: Date?
    /// What it was worked out from (`derivedFrom`): for a NEWS2 score, its round's Observation ids.
    public var derivedFromIDs: [String] = []
    /// The event it is part of (`partOf`, MedicationAdministration ids): for a PRN dose's
    /// effect, the dose.
    public var partOfIDs: [String] = []

    public init(
        id: String, patientID: String, encounterID: String? = nil, code: CodedConcept,
        category: Category = .other, status: Status = .final, effective: Date? = nil,
        value: Value? = nil, components: [Component] = [], referenceRanges: [ReferenceRange] = [],
        interpretation: [Coding] = [], performer: String? = nil, delivery: Delivery = .settled,
        dataAbsentReason: CodedConcept? = nil, notes: [String] = [], memberIDs: [String] = []
    ) {
        self.id = id
        self.patientID = patientID
        self.encounterID = encounterID
        self.code = code
        self.category = category
        self.status = status
        self.effective = effective
        self.value = value
        self.components = components
        self.referenceRanges = referenceRanges
        self.interpretation = interpretation
        self.performer = performer
        self.delivery = delivery
        self.dataAbsentReason = dataAbsentReason
        self.notes = notes
        self.memberIDs = memberIDs
    }

    /// The component carrying `loinc`, for panels such as blood pressure.
    public func component(loinc: String) -> Component? {
        components.first { $0.code.contains(code: loinc, system: CodeSystem.loinc) }
    }
}

/// The normal range a result is judged against. Either bound may be missing.
public struct ReferenceRange: Hashable, Sendable {
    public var low: Quantity?
    public var high: Quantity?
    public var text: String?

    public init(low: Quantity? = nil, high: Quantity? = nil, text: String? = nil) {
        self.low = low
        self.high = high
        self.text = text
    }
}

/// How a value compares with normal. Shown as a letter, never by color alone.
public enum AbnormalFlag: String, Sendable, Hashable, CaseIterable {
    /// `critical`: critically abnormal with no direction to it (HL7 `AA`: a positive culture).
    case normal, low, high, criticalLow, criticalHigh, abnormal, critical

    /// The marker a vital sign prints next to its value: H, L, H!, L!, !, !! or nothing (a lab
    /// result prints the laboratory's letters instead: `LabValueText.marker`).
    public var marker: String {
        switch self {
        case .normal: ""
        case .low: "L"
        case .high: "H"
        case .criticalLow: "L!"
        case .criticalHigh: "H!"
        case .abnormal: "!"
        case .critical: "!!"
        }
    }

    public var isAbnormal: Bool { self != .normal }
}
