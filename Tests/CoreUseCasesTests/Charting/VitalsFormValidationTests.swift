import CoreDomain
import CoreUseCases
import Foundation
import Testing

@Suite struct VitalsFormValidationTests {
    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    private func validate(_ text: [VitalsField: String], onOxygen: Bool? = false, device: OxygenDevice? = nil) -> VitalsFormValidation.Outcome {
        VitalsFormValidation.validate(VitalsFormInput(text: text, onOxygen: onOxygen, device: device), patientID: "p1", now: Make.t0, calendar: Self.utc)
    }

    private func refusals(_ text: [VitalsField: String], onOxygen: Bool? = false, device: OxygenDevice? = nil) -> [VitalsField: String] {
        guard case let .refused(refusals) = validate(text, onOxygen: onOxygen, device: device) else { return [:] }
        return refusals.mapValues(\.message)
    }

    @Test func aFullSetBecomesOneEntryAtTheTypedTime() throws {
        let outcome = validate([
            .time: "09:30", .heartRate: "112", .systolic: "148", .diastolic: "92", .temperature: "101.2F", .respiratoryRate: "24",
            .oxygenSaturation: "89", .oxygenFlow: "2", .weight: "71.2", .painScore: "3",
        ], onOxygen: true, device: .nasalCannula)
        guard case let .valid(review) = outcome else {
            Issue.record("refused: \(outcome)")
            return
        }
        #expect(review.entry == VitalsEntry(
            patientID: "p1", effective: Make.t0.addingTimeInterval(-30 * 60), heartRate: 112, systolic: 148, diastolic: 92,
            temperature: Decimal(string: "38.4"), respiratoryRate: 24, oxygenSaturation: 89,
            oxygen: .supplemental(device: .nasalCannula, litresPerMinute: 2), weight: Decimal(string: "71.2"), painScore: 3))
        #expect(review.typedFahrenheit == Decimal(string: "101.2"))
        #expect(review.readings.map(\.sign) == [.heartRate, .bloodPressure, .temperature, .respiratoryRate, .oxygenSaturation, .weight, .painScore])
    }

    @Test func valuesOutsideTheNormalRangeAreListedWithTheirMarkersForTheConfirm() throws {
        guard case let .valid(review) = validate([
            .heartRate: "135", .systolic: "148", .diastolic: "92", .temperature: "36.8", .respiratoryRate: "8", .oxygenSaturation: "93",
            .weight: "80",
        ]) else {
            Issue.record("refused")
            return
        }
        let markers = Dictionary(uniqueKeysWithValues: review.abnormal.map { ($0.sign, $0.flag.marker) })
        #expect(markers == [.heartRate: "H!", .bloodPressure: "H", .respiratoryRate: "L!", .oxygenSaturation: "L"])
        #expect(review.entry.oxygen == .roomAir, "room air chosen")
    }

    /// The form defaulted to room air, so a patient on oxygen charted without changing it
    /// scored 2 NEWS2 points too few. Nothing is chosen until the nurse chooses: SpO2 saved
    /// without the choice carries no air/O2, and the round is incomplete, as any missing one.
    @Test func airOrOxygenIsNeverChosenForTheNurse() throws {
        #expect(VitalsFormInput().onOxygen == nil)
        let full: [VitalsField: String] = [.heartRate: "115", .systolic: "105", .diastolic: "70", .temperature: "38.5",
                                           .respiratoryRate: "22", .oxygenSaturation: "94", .consciousness: "a"]
        guard case let .valid(unchosen) = validate(full, onOxygen: nil) else { Issue.record("refused"); return }
        #expect(unchosen.entry.oxygen == nil)
        #expect(unchosen.news2.text == "NEWS2 incomplete: no air/O2")
        guard case let .valid(onAir) = validate(full, onOxygen: false) else { Issue.record("refused"); return }
        #expect(onAir.news2.score?.total == 7)
    }

    @Test func emptyOrOnlyATimeIsNothingEntered() {
        #expect(validate([:]) == .nothingEntered)
        #expect(validate([.time: "09:00", .heartRate: "  "]) == .nothingEntered)
    }

    @Test func everyRefusedFieldGetsItsMessageAtOnce() {
        let refused = refusals([
            .time: "soon", .heartRate: "abc", .systolic: "", .diastolic: "", .temperature: "120 °C", .respiratoryRate: "99",
            .oxygenSaturation: "40", .weight: "0", .painScore: "12",
        ])
        #expect(refused == [
            .time: "time must be HH:MM or YYYY-MM-DD HH:MM (empty for now)",
            .heartRate: "heart rate must be a whole number, 20-300 /min",
            .temperature: "temperature must be 25-45 °C (77-113 °F)",
            .respiratoryRate: "respiratory rate must be 3-80 /min",
            .oxygenSaturation: "SpO2 must be 50-100 %",
            .weight: "weight must be 0.3-500 kg",
            .painScore: "pain score must be 0-10",
        ])
    }

    @Test func threeHundredOverTwoHundredIsRefused() {
        #expect(refusals([.systolic: "300", .diastolic: "200"]) == [.diastolic: "diastolic must be 20-180 mmHg"])
    }

    @Test func systolicMustBeAboveDiastolic() {
        #expect(refusals([.systolic: "80", .diastolic: "90"]) == [.systolic: "systolic must be above diastolic"])
        #expect(refusals([.systolic: "90", .diastolic: "90"]) == [.systolic: "systolic must be above diastolic"])
    }

    @Test func bloodPressureNeedsBothHalves() {
        #expect(refusals([.systolic: "120"]) == [.diastolic: "blood pressure needs both systolic and diastolic"])
        #expect(refusals([.diastolic: "80"]) == [.systolic: "blood pressure needs both systolic and diastolic"])
        #expect(refusals([.systolic: "abc", .diastolic: "80"]) == [.systolic: "systolic must be a whole number, 40-300 mmHg"])
    }

    static let deviceNeeded = "O2 device: N nasal cannula, S simple mask, V venturi mask, R non-rebreather, H high-flow (or set room air)"

    @Test func oxygenNeedsSpO2AndItsDevice() {
        #expect(refusals([.heartRate: "80"], onOxygen: true, device: .simpleMask) == [.oxygenSaturation: "SpO2 is needed when oxygen is recorded (or set room air)"])
        #expect(refusals([.oxygenSaturation: "95", .oxygenFlow: "2"], onOxygen: true) == [.oxygenDevice: Self.deviceNeeded])
        guard case let .valid(review) = validate([.oxygenSaturation: "95"], onOxygen: true, device: .nonRebreather) else {
            Issue.record("refused")
            return
        }
        #expect(review.entry.oxygen == .supplemental(device: .nonRebreather, litresPerMinute: nil))
    }

    /// The form hides the device, flow and FiO2 on room air: what they held is neither judged nor saved.
    @Test func onRoomAirTheOxygenFieldsAreNotAskedOrSaved() {
        let typed: [VitalsField: String] = [.oxygenSaturation: "97", .oxygenFlow: "99", .oxygenFraction: "5"]
        guard case let .valid(review) = validate(typed, device: .highFlowNasal) else {
            Issue.record("refused")
            return
        }
        #expect(review.entry.oxygen == .roomAir)
    }

    /// Each device has its own flow range, in the refusal; the low end is the same for all.
    @Test(arguments: [
        (OxygenDevice.nasalCannula, "6", "6.1", "O2 flow by nasal cannula must be 0.5-6 L/min"),
        (.simpleMask, "15", "16", "O2 flow by simple mask must be 0.5-15 L/min"),
        (.venturiMask, "15", "15.5", "O2 flow by venturi mask must be 0.5-15 L/min"),
        (.nonRebreather, "15", "20", "O2 flow by non-rebreather must be 0.5-15 L/min"),
        (.highFlowNasal, "60", "61", "O2 flow by high-flow must be 0.5-60 L/min"),
    ])
    func theFlowIsJudgedByTheDevicesRange(_ device: OxygenDevice, _ highest: String, _ beyond: String, _ message: String) {
        guard case let .valid(review) = validate([.oxygenSaturation: "95", .oxygenFlow: highest], onOxygen: true, device: device) else {
            Issue.record("\(highest) L/min refused by \(device)")
            return
        }
        #expect(review.entry.oxygen == .supplemental(device: device, litresPerMinute: Decimal(string: highest)))
        #expect(refusals([.oxygenSaturation: "95", .oxygenFlow: beyond], onOxygen: true, device: device) == [.oxygenFlow: message])
        #expect(refusals([.oxygenSaturation: "95", .oxygenFlow: "0.4"], onOxygen: true, device: device) == [.oxygenFlow: message])
    }

    @Test func fiO2Is21To100WholePercent() {
        let base: [VitalsField: String] = [.oxygenSaturation: "92", .oxygenFlow: "40"]
        for fraction in ["21", "60", "100"] {
            guard case let .valid(review) = validate(base.merging([.oxygenFraction: fraction]) { $1 }, onOxygen: true, device: .highFlowNasal) else {
                Issue.record("FiO2 \(fraction) refused")
                continue
            }
            #expect(review.entry.oxygen == .supplemental(device: .highFlowNasal, litresPerMinute: 40, fractionPercent: Decimal(string: fraction)))
        }
        for fraction in ["20", "101", "0.6"] {
            let refused = refusals(base.merging([.oxygenFraction: fraction]) { $1 }, onOxygen: true, device: .highFlowNasal)
            #expect(refused[.oxygenFraction]?.hasPrefix("FiO2 must be") == true && refused[.oxygenFraction]?.hasSuffix("21-100 %") == true,
                    "\(fraction): \(refused)")
        }
    }

    /// The confirm step's NEWS2 comes from the entry alone: all seven typed, or what is missing.
    @Test func theEntrysOwnNEWS2IsScoredOnlyWhenComplete() throws {
        let full: [VitalsField: String] = [.heartRate: "115", .systolic: "105", .diastolic: "70", .temperature: "38.5",
                                           .respiratoryRate: "22", .oxygenSaturation: "94", .consciousness: "a"]
        guard case let .valid(review) = validate(full) else { Issue.record("refused"); return }
        #expect(review.news2.score?.total == 7)
        #expect(review.entry.consciousness == .alert)
        var partial = full
        partial[.consciousness] = nil
        guard case let .valid(incomplete) = validate(partial) else { Issue.record("refused"); return }
        #expect(incomplete.news2.text == "NEWS2 incomplete: no ACVPU")
        guard case let .valid(child) = VitalsFormValidation.validate(VitalsFormInput(text: full, onOxygen: false), patientID: "p1", now: Make.t0, calendar: Self.utc, age: 14)
        else { Issue.record("refused"); return }
        #expect(child.news2.text == "NEWS2 not used: age 14")
        // SpO2 94 on air: 1 on Scale 1, 0 on Scale 2 (88-92, or 93 and above on air).
        guard case let .valid(target) = VitalsFormValidation.validate(VitalsFormInput(text: full, onOxygen: false), patientID: "p1", now: Make.t0, calendar: Self.utc, scale2: true)
        else { Issue.record("refused"); return }
        #expect(target.news2.score?.scale == 2)
        #expect(target.news2.score?.points[.oxygenSaturation] == 0)
    }

    @Test func consciousnessIsOneOfItsLetters() {
        #expect(refusals([.consciousness: "x"])[.consciousness] == "ACVPU: type A (alert), C (new confusion), V (voice), P (pain) or U (unresponsive)")
        #expect(refusals([.consciousness: "AV"])[.consciousness] != nil)
        #expect(refusals([.consciousness: " u "]).isEmpty)
    }
}
