import Foundation

public struct MedicationRequest: Hashable, Sendable, Identifiable {
    public enum Status: String, Sendable, Hashable, CaseIterable {
        case active, onHold, cancelled, completed, enteredInError, stopped, draft, unknown
    }

    public enum Intent: String, Sendable, Hashable, CaseIterable {
        case proposal, plan, order, originalOrder, reflexOrder, fillerOrder, instanceOrder, option, unknown
    }

    /// Structured repetition: `frequency` times per `period` `periodUnit` (FHIR Timing.repeat).
    public struct Timing: Hashable, Sendable {
        public var frequency: Int?
        public var period: Decimal?
        /// UCUM-style unit: s, min, h, d, wk, mo, a.
        public var periodUnit: String?
        public var code: String?
        /// Clock times of day as written (`repeat.timeOfDay`, "09:00:00"), in the ward's zone.
        public var timesOfDay: [String]
        /// Events of the day (`repeat.when`: MORN, NOON, EVE, NIGHT, HS, ...).
        public var when: [String]
        /// When the order's doses start and stop (`repeat.boundsPeriod`).
        public var bounds: Period?
        /// Elements of `repeat` that change when doses fall and are not read here (`count`,
        /// `dayOfWeek`, `frequencyMax`...): a schedule made without them would be wrong.
        public var unread: [String]

        public init(
            frequency: Int? = nil, period: Decimal? = nil, periodUnit: String? = nil, code: String? = nil,
            timesOfDay: [String] = [], when: [String] = [], bounds: Period? = nil, unread: [String] = []
        ) {
            self.frequency = frequency
            self.period = period
            self.periodUnit = periodUnit
            self.code = code
            self.timesOfDay = timesOfDay
            self.when = when
            self.bounds = bounds
            self.unread = unread
        }
    }

    /// How fast an infusion runs (FHIR `doseAndRate.rate[x]`): `125 mL/h` as one quantity
    /// (`rateQuantity`), or `10 mg` per `1 h` (`rateRatio`).
    public struct Rate: Hashable, Sendable {
        public var amount: Quantity
        /// The time the amount is given over; nil when `amount`'s unit already says it (`mL/h`).
        public var per: Quantity?

        public init(amount: Quantity, per: Quantity? = nil) {
            self.amount = amount
            self.per = per
        }
    }

    public var id: String
    public var patientID: String
    public var medication: CodedConcept
    /// The product's own identifiers (`Medication.identifier`: a GTIN, a hospital item number),
    /// as system and value, when the order names a Medication: a drug scan matches them.
    public var medicationIdentifiers: [Coding] = []
    public var dose: Quantity?
    public var rate: Rate?
    public var route: CodedConcept?
    /// The prescriber's own words ("1 tablet twice daily"), kept verbatim.
    public var frequencyText: String?
    /// Further instructions, each kept whole (`dosageInstruction.additionalInstruction`:
    /// `titrate to aPTT per heparin protocol`).
    public var additionalInstructions: [String] = []
    public var timing: Timing?
    public var asNeeded: Bool
    /// What an as-needed order is given for (FHIR `asNeededCodeableConcept`: "pain",
    /// "wheeze"); nil when the order does not say, or is not as needed.
    public var asNeededFor: CodedConcept?
    public var status: Status
    public var intent: Intent
    public var authoredOn: Date?
    public var prescriberID: String?
    public var reason: CodedConcept?
    /// The encounter the order was written in, so the encounter's details can list it.
    public var encounterID: String?
    /// Which of the order's dates were written as a day with no time (`2026-11-24`): each is
    /// kept as that day's UTC midnight, and means the ward's local day (see `DayWrittenDates`).
    public var writtenAsDays = DayWrittenDates()

    /// Dates of an order written as days: `authoredOn` and the timing's `boundsPeriod` ends.
    public struct DayWrittenDates: Hashable, Sendable {
        public var authoredOn: Bool
        public var boundsStart: Bool
        public var boundsEnd: Bool

        public init(authoredOn: Bool = false, boundsStart: Bool = false, boundsEnd: Bool = false) {
            self.authoredOn = authoredOn
            self.boundsStart = boundsStart
            self.boundsEnd = boundsEnd
        }
    }

    public init(
        id: String, patientID: String, medication: CodedConcept, dose: Quantity? = nil,
        route: CodedConcept? = nil, frequencyText: String? = nil, timing: Timing? = nil,
        asNeeded: Bool = false, status: Status = .unknown, intent: Intent = .order,
        authoredOn: Date? = nil, prescriberID: String? = nil, reason: CodedConcept? = nil, rate: Rate? = nil,
        asNeededFor: CodedConcept? = nil
    ) {
        self.id = id
        self.patientID = patientID
        self.medication = medication
        self.dose = dose
        self.route = route
        self.frequencyText = frequencyText
        self.timing = timing
        self.asNeeded = asNeeded
        self.status = status
        self.intent = intent
        self.authoredOn = authoredOn
        self.prescriberID = prescriberID
        self.reason = reason
        self.rate = rate
        self.asNeededFor = asNeededFor
    }
}
