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
