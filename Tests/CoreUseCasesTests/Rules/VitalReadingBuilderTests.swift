import CoreDomain
import CoreUseCases
import Foundation
import Testing

@Suite struct VitalReadingBuilderTests {
    @Test func usesOnlyReportableStatuses() {
        let statuses = Observation.Status.allCases
        let observations = statuses.enumerated().map { Make.vital(.heartRate, 80, id: "o\($0.offset)", status: $0.element) }
        let used = Set(VitalReadingBuilder.readings(from: observations).flatMap(\.observationIDs))
        let expected = Set(statuses.enumerated().filter { [.final, .amended, .corrected, .preliminary].contains($0.element) }.map { "o\($0.offset)" })
        #expect(used == expected)
    }

    @Test func skipsUndatedAndNonNumericResultsAndNonVitals() {
        var text = Make.vital(.heartRate, 80, id: "text")
        text.value = .string("irregular")
        let lab = Observation(id: "lab", patientID: "p1", code: Make.loinc("2823-3"), effective: Make.t0, value: .integer(4))
        let readings = VitalReadingBuilder.readings(from: [Make.vital(.heartRate, 80, id: "undated", at: nil), text, lab])
        #expect(readings.isEmpty)
    }

    @Test func readsIntegerValues() {
        var observation = Make.vital(.respiratoryRate, 0, id: "rr")
        observation.value = .integer(24)
        let reading = VitalReadingBuilder.readings(from: [observation]).first
        #expect(reading?.value == .single(Quantity(value: 24)))
        #expect(reading?.flag == .high)
    }

    @Test func bloodPressurePanelBecomesOneReadingWithBothHalves() throws {
        let reading = try #require(VitalReadingBuilder.readings(from: [Make.bloodPressure(148, 92)]).first)
        #expect(reading.sign == .bloodPressure)
        #expect(reading.value == .bloodPressure(systolic: Make.mmHg(148), diastolic: Make.mmHg(92)))
        #expect(reading.flag == .high)
        #expect(reading.observationIDs == ["bp1"])
    }

    @Test func separateHalvesArePairedByTheirTime() {
        let readings = VitalReadingBuilder.readings(from: [
            Make.vital(.systolic, 150, id: "s1"), Make.vital(.diastolic, 85, id: "d1"),
            Make.vital(.systolic, 118, id: "s2", at: Make.t0 + 60),
        ])
        #expect(readings.count == 2)
        #expect(readings[0].value == .bloodPressure(systolic: Quantity(value: 118, unit: "mm[Hg]", ucumCode: "mm[Hg]"), diastolic: nil))
        #expect(readings[0].observationIDs == ["s2"])
        #expect(readings[1].value == .bloodPressure(
            systolic: Quantity(value: 150, unit: "mm[Hg]", ucumCode: "mm[Hg]"), diastolic: Quantity(value: 85, unit: "mm[Hg]", ucumCode: "mm[Hg]")))
        #expect(readings[1].observationIDs == ["s1", "d1"])
        #expect(readings[1].flag == .high, "systolic 150 is high, diastolic 85 normal")
    }

    @Test func halvesByTwoPerformersAreNeverOneReadingAndEachReadingNamesItsPerformer() {
        var systolic = Make.vital(.systolic, 150, id: "s-ann")
        systolic.performer = "Ann"
        var diastolic = Make.vital(.diastolic, 85, id: "d-bob")
        diastolic.performer = "Bob"
        let readings = VitalReadingBuilder.readings(from: [systolic, diastolic])
        #expect(Set(readings.map { "\($0.performer ?? "-"):\($0.observationIDs)" }) == ["Ann:[\"s-ann\"]", "Bob:[\"d-bob\"]"])
    }

    @Test func panelWithoutValuesIsSkipped() {
        #expect(VitalReadingBuilder.readings(from: [Make.bloodPressure(nil, nil)]).isEmpty)
    }

    @Test func returnsNewestFirst() {
        let readings = VitalReadingBuilder.readings(from: [
            Make.vital(.heartRate, 80, id: "a", at: Make.t0), Make.vital(.heartRate, 90, id: "b", at: Make.t0 + 10),
        ])
        #expect(readings.flatMap(\.observationIDs) == ["b", "a"])
    }
}

/// Charted here and corrected: the delivery state travels with each reading, and a value
/// entered in error leaves "latest" and the trends but stays in the history, marked.
@Suite struct VitalHistoryTests {
    @Test func aReadingCarriesItsObservationsDelivery() {
        var pending = Make.vital(.heartRate, 80, id: "a")
        pending.delivery = .pending
        var failed = Make.vital(.temperature, 37, id: "b")
        failed.delivery = .failed("HTTP 422: invalid code")
        let readings = VitalReadingBuilder.readings(from: [pending, failed, Make.vital(.weight, 70, id: "c")])
        let bySign = Dictionary(uniqueKeysWithValues: readings.map { ($0.sign, $0.delivery) })
        #expect(bySign == [.heartRate: .pending, .temperature: .failed("HTTP 422: invalid code"), .weight: .settled])
    }

    @Test func separateBloodPressureHalvesAreOnlyAsDeliveredAsTheWorseHalf() {
        var systolic = Make.vital(.systolic, 120, id: "s")
        systolic.delivery = .pending
        let diastolic = Make.vital(.diastolic, 80, id: "d")
        #expect(VitalReadingBuilder.readings(from: [systolic, diastolic]).map(\.delivery) == [.pending])
    }

    @Test func enteredInErrorIsLeftOutOfLatestButKeptMarkedInTheHistory() {
        let wrong = Make.vital(.heartRate, 180, id: "wrong", at: Make.t0 + Make.hours(1), status: .enteredInError)
        let right = Make.vital(.heartRate, 80, id: "right")
        let observations = [wrong, right]
        #expect(LatestVitalRule.latest(from: observations).map(\.observationIDs) == [["right"]])
        let history = VitalReadingBuilder.history(from: observations)
        #expect(history.map(\.observationIDs) == [["wrong"], ["right"]])
        #expect(history.map(\.isEnteredInError) == [true, false])
        let series = VitalSeries.series(from: history)
        #expect(series.first?.standing.map(\.observationIDs) == [["right"]])
    }

    @Test func erroneousBloodPressureHalvesPairOnlyWithEachOther() {
        let observations = [
            Make.vital(.systolic, 200, id: "s-wrong", status: .enteredInError), Make.vital(.diastolic, 80, id: "d-right"),
            Make.vital(.systolic, 120, id: "s-right"),
        ]
        let history = VitalReadingBuilder.history(from: observations)
        let pairs = Set(history.map { [$0.observationIDs.joined(separator: "+"), $0.isEnteredInError ? "error" : "ok"] })
        #expect(pairs == [["s-right+d-right", "ok"], ["s-wrong", "error"]])
    }

    /// A sender that reports a blood pressure as a panel and again as halves, and a heart rate
    /// twice: one reading each, carrying every copy's id; a different value at the same time stays its own.
    @Test func aValueReportedTwiceIsOneReading() {
        let observations = [
            Make.bloodPressure(142, 88, id: "bp-panel"), Make.vital(.systolic, 142, id: "s"), Make.vital(.diastolic, 88, id: "d"),
            Make.vital(.heartRate, 90, id: "hr-a"), Make.vital(.heartRate, 90, id: "hr-b"), Make.vital(.heartRate, 120, id: "hr-c"),
        ]
        let readings = VitalReadingBuilder.readings(from: observations)
        #expect(readings.filter { $0.sign == .bloodPressure }.map(\.observationIDs) == [["bp-panel", "d", "s"]])
        #expect(Set(readings.filter { $0.sign == .heartRate }.map(\.observationIDs)) == [["hr-a", "hr-b"], ["hr-c"]])
    }

    /// SpO2 carries how it was taken: the flow component or the note this workstation writes.
    @Test func saturationReadingsSayAirOrOxygen() {
        var onOxygen = Make.vital(.oxygenSaturation, 94, id: "s1")
        onOxygen.components = [Observation.Component(code: Make.loinc("3151-8"), value: .quantity(Quantity(value: 2, unit: "L/min")))]
        var onAir = Make.vital(.oxygenSaturation, 97, id: "s2", at: Make.t0 - 60)
        onAir.notes = ["Room air"]
        let unknown = Make.vital(.oxygenSaturation, 96, id: "s3", at: Make.t0 - 120)
        let readings = VitalReadingBuilder.readings(from: [onOxygen, onAir, unknown])
        #expect(readings.map(\.oxygen) == [.supplemental(litresPerMinute: 2), .roomAir, nil])
    }
}
