import CoreDomain
@testable import DataFHIR
import Foundation
import Testing

/// What BCMA adds to a recorded MedicationAdministration, written as R4 and read back: the dose
/// given when it differs from the order, the scheduled dose a record is for, and an infusion's
/// status and rate.
@Suite struct AdministrationBCMAEncodingTests {
    typealias Base = MedicationAdministrationEncoderTests
    private let encoder = MedicationAdministrationEncoder(performer: "nurse1 via emr-ward-5e", timeZone: TimeZone(secondsFromGMT: 3_600)!)
    static let piperacillin = CodedConcept(text: "Piperacillin/tazobactam")

    private func object(_ charted: ChartedResource) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: charted.json) as? [String: Any])
    }

    private func readBack(_ charted: ChartedResource) throws -> MedicationAdministration {
        try #require(try decodeOne(String(decoding: charted.json, as: UTF8.self)).content.medicationAdministration)
    }

    /// The issue's 45 g for an order of 4.5 g: what was given is what the record says.
    @Test func aDoseGivenOtherThanOrderedKeepsTheDoseGiven() throws {
        let dose = DoseRecord(status: .completed, patientID: "pat-1", requestID: "req-1", medication: Self.piperacillin, effective: Base.when,
                              dose: Quantity(value: 45, unit: "g"), orderedDose: Quantity(value: Decimal(string: "4.5")!, unit: "g", ucumCode: "g"))
        let charted = encoder.administration(for: dose, id: "a1")
        let dosage = try #require(try object(charted)["dosage"] as? [String: Any])
        #expect((dosage["dose"] as? [String: Any])?["value"] as? Int == 45)
        #expect(try readBack(charted).dose == Quantity(value: 45, unit: "g"))
    }

    /// The 09:00 dose given late at 16:41 names the 09:00 dose, so the MAR never takes it for 14:00.
    @Test func aRecordNamesTheScheduledDoseItIsFor() throws {
        let nine = Base.when, late = Base.when.addingTimeInterval(461 * 60)
        let dose = DoseRecord(status: .completed, patientID: "pat-1", requestID: "req-1", medication: Self.piperacillin, effective: late,
                              scheduledTime: nine)
        let charted = encoder.administration(for: dose, id: "a1")
        let extensions = try #require(try object(charted)["extension"] as? [[String: Any]])
        #expect(extensions.count == 1)
        #expect(extensions[0]["url"] as? String == "urn:emr:emar:scheduled-time")
        #expect(extensions[0]["valueDateTime"] as? String == "2026-03-01T09:15:00+01:00")
        let read = try readBack(charted)
        #expect(read.scheduledTime == nine && read.effective == late)
        var unnamed = dose
        unnamed.scheduledTime = nil
        #expect(try object(encoder.administration(for: unnamed, id: "a2"))["extension"] == nil, "a record for no named dose has none")
    }

    @Test func anInfusionsActionsCarryTheirStatusAndRate() throws {
        let perKgPerHour = Quantity(value: 18, unit: "units/kg/h", ucumCode: "[U]/kg/h")
        for (action, code) in [(InfusionAction.start, "in-progress"), (.pause, "on-hold"), (.stop, "completed")] {
            let dose = DoseRecord(status: action.status, patientID: "pat-1", requestID: "req-1", medication: CodedConcept(text: "Heparin"),
                                  effective: Base.when, rate: action.setsRate ? .init(amount: perKgPerHour) : nil, infusionAction: action)
            let charted = encoder.administration(for: dose, id: "a1")
            let json = try object(charted)
            #expect(json["status"] as? String == code)
            let read = try readBack(charted)
            #expect(read.status == action.status)
            #expect(read.rate == (action.setsRate ? .init(amount: perKgPerHour) : nil))
            if action.setsRate {
                let rate = try #require((json["dosage"] as? [String: Any])?["rateQuantity"] as? [String: Any])
                #expect(rate["code"] as? String == "[U]/kg/h" && rate["value"] as? Int == 18)
            }
        }
    }

    @Test func aRateOverATimeIsARatio() throws {
        let rate = MedicationRequest.Rate(amount: Quantity(value: 10, unit: "mg", ucumCode: "mg"), per: Quantity(value: 1, unit: "h", ucumCode: "h"))
        let dose = DoseRecord(status: .inProgress, patientID: "pat-1", requestID: "req-1", medication: CodedConcept(text: "Diltiazem"),
                              effective: Base.when, rate: rate, infusionAction: .start)
        let charted = encoder.administration(for: dose, id: "a1")
        let ratio = try #require((try object(charted)["dosage"] as? [String: Any])?["rateRatio"] as? [String: Any])
        #expect((ratio["denominator"] as? [String: Any])?["unit"] as? String == "h")
        #expect(try readBack(charted).rate == rate)
    }

    /// Another system's record with a scheduled time that does not read keeps the dose, drops
    /// the time (the MAR then places it by its time given) and says so.
    @Test func aScheduledTimeThatDoesNotReadIsDroppedWithAWarning() throws {
        let json = #"{"resourceType":"MedicationAdministration","id":"x1","status":"completed","subject":{"reference":"Patient/pat-1"},"#
            + #""medicationCodeableConcept":{"text":"Heparin"},"effectiveDateTime":"2026-03-01T08:15:00Z","#
            + #""extension":[{"url":"urn:emr:emar:scheduled-time","valueDateTime":"nine o'clock"}]}"#
        let result = readSource(json)
        let read = try #require(result.resources.first?.content.medicationAdministration)
        #expect(read.scheduledTime == nil && read.effective == Base.when)
        #expect(result.problems.map(\.path) == ["extension[0].valueDateTime"])
        #expect(result.problems.first?.severity == .warning)
    }
}
