import SharedPresentation
import Testing

@Suite struct TextFittingTests {
    @Test func textThatFitsIsUnchanged() {
        #expect(TextFitting.fit("Prednisone 40 mg PO daily", width: 25) == "Prednisone 40 mg PO daily")
        #expect(TextFitting.fit("", width: 0) == "")
    }

    @Test func shortensTheLongestWordsFirst() {
        let fitted = TextFitting.fit("Prednisolone 40 mg PO daily", width: 24)
        #expect(fitted == "Predniso… 40 mg PO daily")
        #expect(DisplayWidth.cells(fitted) <= 24)
    }

    @Test func shortensSeveralWordsEvenly() {
        let fitted = TextFitting.fit("Amoxicillin clavulanate 625 mg PO TID", width: 30)
        #expect(fitted == "Amoxic… clavul… 625 mg PO TID")
    }

    @Test func usesAFullStopWithoutUnicode() {
        #expect(TextFitting.fit("Prednisolone 40 mg PO daily", width: 24, unicode: false) == "Predniso. 40 mg PO daily")
    }

    @Test func neverCutsNumbersUnitsOrTheTokenAfterANumber() {
        let fitted = TextFitting.fit("Salbutamol 2.5 mg neb q4h PRN", width: 10)
        #expect(fitted.hasSuffix("2.5 mg neb q4h PRN"))
        #expect(fitted == "Sal… 2.5 mg neb q4h PRN", "returned whole and too wide: the caller wraps")
        #expect(TextFitting.fit("Heparin 5,000 units subcut", width: 20) == "Hep… 5,000 units subcut")
        #expect(TextFitting.fit("BP 148/92 H mmHg", width: 5) == "BP 148/92 H mmHg")
        #expect(TextFitting.fit("Insulin 10 tablets nightly", width: 20) == "Ins… 10 tablets nig…")
    }

    @Test func neverShortensRouteOrFrequencyWords() {
        #expect(TextFitting.fit("Enoxaparin 40 mg subcut daily", width: 20) == "Eno… 40 mg subcut daily")
        #expect(TextFitting.fit("Methotrexate 15 mg PO weekly", width: 20) == "Met… 15 mg PO weekly")
        #expect(TextFitting.fit("Salbutamol inhaler every other day PRN", width: 33) == "Salbu… inhal… every other day PRN")
    }

    @Test func keepsAtLeastThreeLettersAndSurroundingPunctuation() {
        #expect(TextFitting.fit("ALLERGY: Penicillin (high: anaphylaxis)", width: 10) == "ALL…: Pen… (high: ana…)")
    }

    @Test func measuresWithTheGivenFunction() {
        let wide: (String) -> Int = { $0.count * 2 }
        #expect(TextFitting.fit("Paracetamol 1 g", width: 24, widthOf: wide) == "Paracet… 1 g")
    }

    @Test func preservesRunsOfSpaces() {
        #expect(TextFitting.fit("HR  112 H   Temperature", width: 20) == "HR  112 H   Tempera…")
    }
}
