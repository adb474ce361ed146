import CoreDomain
import SharedPresentation
import Testing

@Suite struct UnitTextTests {
    func unit(_ ucum: String?, _ text: String? = nil, unicode: Bool = true) -> String? {
        UnitText.display(ucum: ucum, unit: text, unicode: unicode)
    }

    @Test func showsUCUMUnitsAsCliniciansWriteThem() {
        #expect(unit("mm[Hg]") == "mmHg")
        #expect(unit("{beats}/min") == "/min")
        #expect(unit("{breaths}/min") == "/min")
        #expect(unit("/min") == "/min")
        #expect(unit("%") == "%")
        #expect(unit("kg") == "kg")
        #expect(unit("mg") == "mg")
        #expect(unit("mmol/L") == "mmol/L")
    }

    @Test func temperatureUsesTheDegreeSignOnlyWithUnicode() {
        #expect(unit("Cel") == "°C")
        #expect(unit("Cel", unicode: false) == "C")
        #expect(unit("[degF]") == "°F")
        #expect(unit("kg/m2") == "kg/m²")
        #expect(unit("kg/m2", unicode: false) == "kg/m2")
    }

    @Test func replacesISMPErrorProneUnits() {
        #expect(unit("ug") == "mcg")
        #expect(unit(nil, "µg") == "mcg")
        #expect(unit("[iU]") == "units")
        #expect(unit(nil, "U") == "units")
        #expect(unit(nil, "IU") == "units")
        #expect(unit(nil, "cc") == "mL")
    }

    @Test func replacesISMPErrorProneUnitsInsideRates() {
        #expect(unit("ug/min") == "mcg/min")
        #expect(unit(nil, "µg/kg/min") == "mcg/kg/min")
        #expect(unit("U/h") == "units/h")
        #expect(unit(nil, "IU/kg") == "units/kg")
        #expect(unit("mL/h") == "mL/h")
        #expect(unit("10*3/uL") == "10*3/uL", "a part it does not know stays as written")
    }

    @Test func aKnownCodeWinsOverTheSourceText() {
        #expect(unit("mm[Hg]", "millimeter of mercury") == "mmHg")
        #expect(unit("{puff}", "puff(s)") == "puff(s)")
        #expect(unit("mg{total}") == "mg")
        #expect(unit("{tablet}") == "tablet")
    }

    /// An annotation that is a whole part of the unit is what the part means: dropping it cut
    /// the eGFR's unit to `mL/min/` (carebundle and Synthea send `mL/min/{1.73_m2}`).
    @Test func anAnnotationThatIsAWholePartIsKept() {
        #expect(unit("mL/min/{1.73_m2}") == "mL/min/1.73m2")
        #expect(unit(nil, "mL/min/{1.73_m2}", unicode: false) == "mL/min/1.73m2")
        #expect(unit("{cells}/uL") == "cells/uL")
        #expect(unit("mg{creat}/g") == "mg/g", "an annotation on a unit part still goes")
    }

    @Test func noUnitIsNil() {
        #expect(unit(nil) == nil)
        #expect(unit("1") == nil)
        #expect(unit("", "") == nil)
        #expect(UnitText.display(Quantity(value: 3), unicode: true) == nil)
    }
}
