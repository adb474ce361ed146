import CoreDomain
import SharedPresentation
import Testing

@Suite struct RouteTextTests {
    func snomed(_ code: String, _ display: String = "") -> CodedConcept {
        CodedConcept(codings: [Coding(system: CodeSystem.snomed, code: code, display: display)])
    }

    @Test func mapsSNOMEDRouteCodes() {
        let expected = [
            "26643006": "PO", "47625008": "IV", "78421000": "IM", "34206005": "subcut", "37839007": "SL",
            "37161004": "PR", "6064005": "top", "447694001": "inh", "46713006": "nasal",
        ]
        for (code, short) in expected {
            #expect(RouteText.format(snomed(code)) == short, "\(code)")
        }
    }

    @Test func readsRouteWords() {
        #expect(RouteText.format(CodedConcept(text: "Oral")) == "PO")
        #expect(RouteText.format(CodedConcept(text: "Intravenous use")) == "IV")
        #expect(RouteText.format(CodedConcept(text: "Nebulised inhalation")) == "neb")
        #expect(RouteText.format(CodedConcept(text: "Inhalation")) == "inh")
        #expect(RouteText.format(CodedConcept(codings: [Coding(display: "Subcutaneous route")])) == "subcut")
    }

    @Test func neverWritesTheErrorProneSC() {
        #expect(RouteText.format(CodedConcept(text: "SC")) == "subcut")
        #expect(RouteText.format(CodedConcept(text: "sq")) == "subcut")
    }

    @Test func anUnknownRouteShowsItsOwnText() {
        #expect(RouteText.format(snomed("999999", "Intrathecal route")) == "Intrathecal route")
        #expect(RouteText.format(CodedConcept(text: "Intravitreal")) == "Intravitreal")
    }

    @Test func noRouteIsNil() {
        #expect(RouteText.format(nil) == nil)
        #expect(RouteText.format(CodedConcept()) == nil)
    }
}
