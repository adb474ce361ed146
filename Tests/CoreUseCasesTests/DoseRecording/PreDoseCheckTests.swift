import CoreDomain
import CoreUseCases
import Foundation
import Testing

/// Pre-administration checks: for an order, the value the ward wants charted first (digoxin's
/// heart rate, insulin's glucose, warfarin's INR, an antihypertensive's blood pressure), its
/// last value and age, or that it is missing or too old.
@Suite struct PreDoseCheckTests {
    typealias MAR = MedicationAdministrationRecordTests
    static let now = MAR.at(14)

    static func order(_ name: String, codings: [Coding] = []) -> MedicationRequest {
        MedicationRequest(id: name, patientID: "p1", medication: CodedConcept(codings: codings, text: name), status: .active)
    }

    static func lab(_ loinc: String, _ value: Decimal, _ unit: String, at time: Date, id: String = "l1",
                    status: Observation.Status = .final) -> Observation {
        Observation(id: id, patientID: "p1", code: Make.loinc(loinc), category: .laboratory, status: status, effective: time,
                    value: .quantity(Quantity(value: value, unit: unit)))
    }

    static func results(_ order: MedicationRequest, _ observations: [Observation], settings: PreDoseCheckSettings = .defaults) -> [PreDoseCheckResult] {
        PreDoseCheckRule.results(for: order, observations: observations, settings: settings, at: now, calendar: MAR.calendar)
    }

    @Test func theDefaultsAreDigoxinInsulinWarfarinAndAntihypertensives() {
        let defaults = PreDoseCheckSettings.defaults
        #expect(defaults.requirements(for: Self.order("Digoxin 0.125 mg")).map(\.text) == ["heart rate within 4 h"])
        #expect(defaults.requirements(for: Self.order("Sliding scale insulin")).map(\.text) == ["glucose within 1 h"])
        #expect(defaults.requirements(for: Self.order("Warfarin sodium 5 MG Oral Tablet")).map(\.text) == ["INR today"])
        for drug in ["Amlodipine", "Metoprolol succinate", "Lisinopril", "Candesartan", "Enalapril", "Carvedilol"] {
            #expect(defaults.requirements(for: Self.order(drug)).map(\.text) == ["systolic BP within 4 h"], "\(drug)")
        }
        #expect(defaults.requirements(for: Self.order("Paracetamol")).isEmpty)
        #expect(defaults.requirements(for: Self.order("Digitalis")).isEmpty, "a whole word, never a part of one")
        let coded = Self.order("x", codings: [Coding(system: CodeSystem.rxnorm, code: "11289", display: "warfarin")])
        #expect(defaults.requirements(for: coded).map(\.measure) == [.inr], "a coding's name counts too")
    }

    @Test func aFreshValueIsGivenWithItsAge() throws {
        let heartRate = Make.vital(.heartRate, 58, at: Self.now.addingTimeInterval(-80 * 60), interpretation: Make.interpretation("L"))
        let older = Make.vital(.heartRate, 72, id: "o0", at: Self.now.addingTimeInterval(-3 * 3600))
        let result = try #require(Self.results(Self.order("Digoxin"), [older, heartRate]).first)
        #expect(result.status == .current)
        #expect(result.last?.value == Quantity(value: 58, unit: "/min", ucumCode: "/min"))
        #expect(result.last?.age == 80 * 60 && result.last?.observationID == "o1")
        #expect(result.sentence == "heart rate 58 /min 1 h 20 min ago")
    }

    @Test func aValueTooOldOrMissingAsksForItFirstOrAReason() throws {
        let old = Make.vital(.heartRate, 58, at: Self.now.addingTimeInterval(-5 * 3600))
        let tooOld = try #require(Self.results(Self.order("Digoxin"), [old]).first)
        #expect(tooOld.status == .tooOld)
        #expect(tooOld.sentence == "heart rate 58 /min 5 h ago is older than 4 h: chart it first or give a reason")
        let missing = try #require(Self.results(Self.order("Digoxin"), []).first)
        #expect(missing.status == .missing && missing.last == nil)
        #expect(missing.sentence == "no heart rate charted: chart it first or give a reason")
        #expect(missing.needsAnswer && tooOld.needsAnswer)
    }

    /// The 4 h bound is inclusive; a value entered in error, or without a time, never counts.
    @Test func theBoundIsInclusiveAndOnlyValidValuesCount() throws {
        let edge = Make.vital(.heartRate, 60, at: Self.now.addingTimeInterval(-4 * 3600))
        #expect(Self.results(Self.order("Digoxin"), [edge]).first?.status == .current)
        let wrong = Make.vital(.heartRate, 60, id: "w", at: Self.now.addingTimeInterval(-60), status: .enteredInError)
        #expect(Self.results(Self.order("Digoxin"), [wrong]).first?.status == .missing)
        let future = Make.vital(.heartRate, 60, id: "f", at: Self.now.addingTimeInterval(3600))
        #expect(Self.results(Self.order("Digoxin"), [future]).first?.status == .missing, "a value charted for later is not a value now")
    }

    /// Systolic from a blood-pressure panel's component or a systolic alone; glucose and INR
    /// under any of their LOINC codes.
    @Test func eachMeasureIsFoundUnderItsCodes() {
        let panel = Make.bloodPressure(142, 88, at: Self.now.addingTimeInterval(-3600))
        #expect(Self.results(Self.order("Amlodipine"), [panel]).first?.last?.value.value == 142)
        let poc = Self.lab("41653-7", 7, "mmol/L", at: Self.now.addingTimeInterval(-30 * 60))
        #expect(Self.results(Self.order("Insulin regular"), [poc]).first?.status == .current)
        let serum = Self.lab("2345-7", 126, "mg/dL", at: Self.now.addingTimeInterval(-2 * 3600))
        #expect(Self.results(Self.order("Insulin regular"), [serum]).first?.status == .tooOld, "an hour's bound")
        let inr = Self.lab("6301-6", Decimal(string: "2.4")!, "{INR}", at: MAR.at(6))
        #expect(Self.results(Self.order("Warfarin"), [inr]).first?.sentence == "INR 2.4 8 h ago", "a UCUM annotation is no unit to read")
    }

    /// Today is the ward's day: an INR from last night is not today's.
    @Test func todayIsTheWardsDay() {
        let lastNight = Self.lab("6301-6", 2, "{INR}", at: MAR.at(23, day: 23))
        let result = Self.results(Self.order("Warfarin"), [lastNight]).first
        #expect(result?.status == .tooOld)
        #expect(result?.sentence == "INR 2 15 h ago is not today's: chart it first or give a reason")
    }

    @Test func theWardSetsItsOwnChecksAndClasses() throws {
        let settings = try PreDoseCheckSettings(config: [
            "predose_check.digoxin": "heart rate within 6 h, potassium today",
            "predose_check.warfarin": "off",
            "predose_check.beta-blocker": "HR within 2 h",
            "drug_class.beta-blocker": "metoprolol, bisoprolol",
            "drug_class.antihypertensive": "amlodipine",
        ])
        #expect(settings.requirements(for: Self.order("Digoxin")).map(\.text) == ["heart rate within 6 h", "potassium today"])
        #expect(settings.requirements(for: Self.order("Warfarin")).isEmpty)
        #expect(settings.requirements(for: Self.order("Metoprolol")).map(\.text) == ["heart rate within 2 h"], "no longer an antihypertensive here")
        #expect(settings.requirements(for: Self.order("Amlodipine")).map(\.text) == ["systolic BP within 4 h"])
        #expect(settings.requirements(for: Self.order("Insulin")).map(\.text) == ["glucose within 1 h"], "the other defaults stay")
    }

    @Test func aCheckThatDoesNotReadIsNamed() {
        for (key, value) in [("predose_check.digoxin", "heart rate soon"), ("predose_check.digoxin", "pulse pressure within 4 h"),
                             ("predose_check.digoxin", "heart rate within 0 h"), ("predose_check.digoxin", "heart rate within 9 d"),
                             ("predose_check.", "heart rate today"), ("drug_class.beta-blocker", " , ")] {
            #expect(throws: WardAdministrationTimesError.unreadable(key: key, value: value)) { try PreDoseCheckSettings(config: [key: value]) }
        }
        #expect(WardAdministrationTimesError.unreadable(key: "predose_check.digoxin", value: "heart rate soon").description
            == "config: predose_check.digoxin = heart rate soon is not a check like 'heart rate within 4 h', 'INR today' or 'off' "
            + "(measures: heart rate, systolic BP, glucose, INR, potassium, respiratory rate, SpO2, temperature)")
        #expect(WardAdministrationTimesError.unreadable(key: "drug_class.x", value: ",").description
            == "config: drug_class.x = , is not a list of drug names like 'metoprolol, bisoprolol'")
    }

    /// The ward's settings travel with its other MAR settings, read from the same config.
    @Test func theWardsMARSettingsCarryTheChecks() throws {
        let ward = try WardAdministrationTimes(config: ["predose_check.warfarin": "INR within 12 h"])
        #expect(ward.preDoseChecks.requirements(for: Self.order("Warfarin")).map(\.text) == ["INR within 12 h"])
        #expect(WardAdministrationTimes().preDoseChecks == .defaults)
    }

    /// The use case reads the chart's observations and answers for one order.
    @Test func theUseCaseReadsTheChart() async throws {
        var repository = InMemoryRepository()
        repository.observationList = [Make.vital(.heartRate, 64, patient: "p1", at: Self.now.addingTimeInterval(-600))]
        let load = LoadPreDoseChecks(chart: repository, settings: .defaults, calendar: MAR.calendar) { Self.now }
        let results = try await load(patientID: "p1", order: Self.order("Digoxin"))
        #expect(results.map(\.sentence) == ["heart rate 64 /min 10 min ago"])
        #expect(try await load(patientID: "p1", order: Self.order("Paracetamol")).isEmpty)
    }
}
