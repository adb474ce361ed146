import CoreDomain
import CoreUseCases
import Foundation
import Testing

/// The right drug: a scanned code against the order's medication codes (NDC, GTIN, RxNorm) and
/// its product's identifiers; a mismatch records nothing; an order without a code asks for the
/// drug's name to be typed.
@Suite struct DrugScanRuleTests {
    static let ndcSystem = "http://hl7.org/fhir/sid/ndc"

    static func order(_ name: String, _ codings: [Coding] = [], identifiers: [Coding] = []) -> MedicationRequest {
        var order = MedicationRequest(id: "o1", patientID: "p1", medication: CodedConcept(codings: codings, text: name))
        order.medicationIdentifiers = identifiers
        return order
    }

    /// Heparin premixed bag, NDC 0338-0550-03 written 4-4-2; its 11-digit form 00338-0550-03.
    static let heparin = order("Heparin 25,000 units in 250 mL", [Coding(system: ndcSystem, code: "0338-0550-03")])

    static func matches(_ scanned: String, _ order: MedicationRequest) -> Bool {
        if case .rightDrug = DrugScanRule.check(scanned: scanned, order: order) { return true }
        return false
    }

    @Test func anNDCMatchesInEachOfItsForms() {
        for scanned in ["0338-0550-03", "0338055003", "00338055003", "00338-0550-03", " 0338055003\n",
                        "303380550036",            // UPC-A on the bag: 3, the NDC, a check digit
                        "00303380550036",          // GTIN-14 holding the NDC
                        "50303380550031",          // GTIN-14 of a case (indicator 5)
                        "0100303380550036172701311012345"] {  // GS1 DataMatrix: (01) GTIN, (17) expiry, (10) lot
            #expect(Self.matches(scanned, Self.heparin), "\(scanned.debugDescription)")
        }
        #expect(DrugScanRule.check(scanned: "303380550036", order: Self.heparin) == .rightDrug(matched: "NDC 0338-0550-03"))
    }

    /// A 10-digit NDC without hyphens does not say which segment is short: it is compared with
    /// 10-digit forms only, never padded into an 11-digit one by guess.
    @Test func anNDCOnlyElevenDigitsLongIsNotGuessedFromTenDigits() {
        let elevenOnly = Self.order("Heparin", [Coding(system: Self.ndcSystem, code: "00338055003")])
        #expect(Self.matches("00338055003", elevenOnly))
        #expect(Self.matches("0338-0550-03", elevenOnly), "hyphens say the layout: 4-4-2 pads the labeler")
        #expect(!Self.matches("0338055003", elevenOnly))
        #expect(!Self.matches("303380550036", elevenOnly), "a barcode carries the 10-digit form")
    }

    @Test func aBarcodeWithABadCheckDigitIsNotTakenForAnNDC() {
        #expect(!Self.matches("303380550035", Self.heparin))
        #expect(!Self.matches("00303380550035", Self.heparin))
    }

    @Test func aWrongDrugIsSaidAndRecordsNothing() {
        let result = DrugScanRule.check(scanned: "300093721050", order: Self.heparin)
        #expect(result == .wrongDrug(scanned: "300093721050", order: "Heparin 25,000 units in 250 mL"))
        #expect(result.message == "WRONG DRUG: scanned 300093721050, order is Heparin 25,000 units in 250 mL")
        #expect(!result.isRightDrug)
    }

    @Test func rxNormAndTheProductsIdentifiersMatch() {
        let insulin = Self.order("Insulin regular", [Coding(system: CodeSystem.rxnorm, code: "5856", display: "insulin regular")])
        #expect(DrugScanRule.check(scanned: "5856", order: insulin) == .rightDrug(matched: "RxNorm 5856"))
        #expect(!Self.matches("58560", insulin))
        let bag = Self.order("Norepinephrine 4 mg in 250 mL", identifiers: [
            Coding(system: "https://www.gs1.org/gtin", code: "00312345678906"), Coding(system: "urn:hospital:item", code: "NOR-4-250"),
        ])
        #expect(DrugScanRule.check(scanned: "312345678906", order: bag) == .rightDrug(matched: "GTIN 00312345678906"))
        #expect(DrugScanRule.check(scanned: "nor-4-250", order: bag) == .rightDrug(matched: "item NOR-4-250"))
    }

    /// Only NDC, GTIN and RxNorm codings and the product's identifiers can be scanned: an order
    /// with none asks for the drug's name to be typed.
    @Test func anOrderWithoutACodeAsksForTheName() {
        let textOnly = Self.order("Lactated Ringer's")
        #expect(DrugScanRule.check(scanned: "303380550036", order: textOnly) == .typeTheName)
        let snomedOnly = Self.order("Digoxin", [Coding(system: CodeSystem.snomed, code: "387461009")])
        #expect(DrugScanRule.check(scanned: "387461009", order: snomedOnly) == .typeTheName)
        #expect(DrugScanRule.needsName(snomedOnly) && !DrugScanRule.needsName(Self.heparin))
    }

    /// The name typed must be the order's drug name, every word of it before its strength,
    /// and nothing more: case, punctuation and word order aside.
    @Test func theTypedNameMustBeTheDrugsName() {
        let ringer = Self.order("Lactated Ringer's 1000 mL")
        #expect(DrugScanRule.confirms(typedName: "lactated ringers", order: ringer))
        #expect(DrugScanRule.confirms(typedName: "  Ringer's, Lactated ", order: ringer))
        #expect(!DrugScanRule.confirms(typedName: "ringers", order: ringer), "every word")
        #expect(!DrugScanRule.confirms(typedName: "lactated ringers dextrose", order: ringer), "nothing more")
        #expect(DrugScanRule.confirms(typedName: "heparin", order: Self.heparin))
        #expect(!DrugScanRule.confirms(typedName: "hep", order: Self.heparin))
        #expect(!DrugScanRule.confirms(typedName: "", order: Self.heparin))
        #expect(DrugScanRule.confirms(typedName: "salmeterol fluticasone", order: Self.order("Fluticasone/Salmeterol")))
        // A name that starts with its strength could never be confirmed.
        let saline = Self.order("0.9% Sodium Chloride 1000 mL")
        #expect(DrugScanRule.confirms(typedName: "sodium chloride", order: saline))
        #expect(!DrugScanRule.confirms(typedName: "sodium", order: saline))
    }

    /// The refusal asks for the name "as the label reads" and shows the order's whole name: typed
    /// whole, strength and words after it included, it is the drug's name too (it was refused
    /// when a word after the strength was typed with it).
    @Test func theOrdersWholeNameTypedIsItsName() {
        let glargine = Self.order("Insulin glargine 100 units/mL injection")
        #expect(DrugScanRule.confirms(typedName: "Insulin glargine 100 units/mL injection", order: glargine))
        #expect(DrugScanRule.confirms(typedName: "insulin glargine", order: glargine))
        #expect(!DrugScanRule.confirms(typedName: "insulin glargine injection lispro", order: glargine), "nothing more")
        #expect(DrugScanRule.confirms(typedName: "Lactated Ringer's 1000 mL", order: Self.order("Lactated Ringer's 1000 mL")))
    }

    /// At the drug step a code of the order's is the right drug, the name typed for one that
    /// will not scan is taken and said so, anything else is WRONG DRUG.
    @Test func theDrugStepConfirmsByCodeOrByName() {
        #expect(DrugScanRule.confirm(typed: "heparin", order: Self.heparin) == .unscanned("heparin"))
        #expect(DrugScanRule.confirm(typed: "Lactated Ringers", order: Self.order("Lactated Ringer's 1000 mL")) == .named("Lactated Ringers"))
        guard case let .refused(message) = DrugScanRule.confirm(typed: "warfarin", order: Self.heparin) else {
            Issue.record("another drug's name is not this one")
            return
        }
        #expect(message.hasPrefix("WRONG DRUG: scanned warfarin"))
        #expect(DrugScanRule.confirm(typed: "  ", order: Self.heparin) == .refused(DrugScanResult.nothingScanned.message))
    }

    /// What a scanner (or a hostile paste) types is shown bounded and printable.
    @Test func aScanIsShownBoundedAndPrintable() {
        let noisy = "\u{1B}[31m" + String(repeating: "9", count: 200)
        guard case let .wrongDrug(scanned, _) = DrugScanRule.check(scanned: noisy, order: Self.heparin) else {
            Issue.record("a long scan is no match")
            return
        }
        #expect(scanned.count <= 41 && !scanned.contains("\u{1B}") && scanned.hasSuffix("…"))
        #expect(DrugScanRule.check(scanned: "   ", order: Self.heparin) == .nothingScanned)
    }
}
