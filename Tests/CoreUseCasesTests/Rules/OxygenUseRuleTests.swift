import CoreDomain
import CoreUseCases
import Foundation
import Testing

/// The device, flow and FiO2 read back from what this workstation sends and what servers hold.
@Suite struct OxygenUseRuleTests {
    static func component(_ loinc: String, _ value: Observation.Value) -> Observation.Component {
        Observation.Component(code: Make.loinc(loinc), value: value)
    }

    static func percent(_ value: Decimal) -> Observation.Value { .quantity(Quantity(value: value, unit: "%", ucumCode: "%")) }

    @Test func anSpO2ChartedHereOnHighFlowReadsBackWithDeviceFlowAndFiO2() {
        var saturation = Make.vital(.oxygenSaturation, 92, id: "s")
        saturation.components = [
            Self.component("107117-4", .string("high_flow_nasal_cannula")),
            Self.component("3151-8", .quantity(Quantity(value: 40, unit: "L/min", ucumCode: "L/min"))),
            Self.component("3150-0", Self.percent(60)),
        ]
        saturation.notes = ["Supplemental oxygen"]
        #expect(OxygenUseRule.oxygen(saturation) == .supplemental(device: .highFlowNasal, litresPerMinute: 40, fractionPercent: 60))
    }

    /// An FiO2 alone says oxygen; sent as a ratio, it reads as the percentage it is.
    @Test(arguments: [(Decimal(60), Decimal(60)), (Decimal(string: "0.6")!, Decimal(60))])
    func anFiO2ComponentAloneIsOxygen(_ sent: Decimal, _ read: Decimal) {
        var saturation = Make.vital(.oxygenSaturation, 92, id: "s")
        saturation.components = [Self.component("3150-0", .quantity(Quantity(value: sent, unit: "%")))]
        #expect(OxygenUseRule.oxygen(saturation) == .supplemental(litresPerMinute: nil, fractionPercent: read))
    }

    /// The demo's source writes its flow on its own, the device as a 107117-4 `valueString`.
    @Test(arguments: [("simple_mask", OxygenDevice.simpleMask), ("non-rebreather", .nonRebreather), ("Nasal Cannula", .nasalCannula), ("CPAP", nil)])
    func aFlowOnItsOwnNamesItsDevice(_ named: String, _ device: OxygenDevice?) {
        var flow = Observation(id: "f", patientID: "p1", code: Make.loinc("3151-8"), category: .vitalSigns, effective: Make.t0,
                               value: .quantity(Quantity(value: Decimal(string: "6.3")!, unit: "L/min")))
        flow.components = [Self.component("107117-4", .string(named))]
        #expect(OxygenUseRule.oxygen(flow) == .supplemental(device: device, litresPerMinute: Decimal(string: "6.3")))
    }

    @Test func aDeviceCodedAsAConceptIsReadByItsText() {
        var saturation = Make.vital(.oxygenSaturation, 95, id: "s")
        saturation.components = [Self.component("107117-4", .concept(CodedConcept(codings: [], text: "Venturi mask")))]
        #expect(OxygenUseRule.oxygen(saturation) == .supplemental(device: .venturiMask, litresPerMinute: nil))
    }
}
