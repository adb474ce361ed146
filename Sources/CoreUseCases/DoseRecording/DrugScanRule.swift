import CoreDomain
import Foundation

/// The right drug, as BCMA checks it: the code scanned from the package (a keyboard-wedge
/// scanner types digits and Enter) or typed is matched against the order's medication codings
/// (NDC, GTIN and RxNorm) and its product's identifiers (`Medication.identifier`), each in the
/// forms that are certainly the same code (`ProductCode`). A match is the right drug; anything
/// else is `WRONG DRUG: scanned X, order is Y` and nothing is recorded. An order with none of
/// those codes cannot be scanned against: the nurse types the drug's name instead
/// (`confirms(typedName:order:)`).
public enum DrugScanRule {
    /// The codings a scan is matched against, by system, and how each is named when matched.
    static let scannedSystems: [String: String] = [
        ProductCode.ndcSystem: "NDC", "https://www.gs1.org/gtin": "GTIN", "urn:oid:1.3.160": "GTIN", CodeSystem.rxnorm: "RxNorm",
    ]

    public static func check(scanned text: String, order: MedicationRequest) -> DrugScanResult {
        let scanned = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !scanned.isEmpty else { return .nothingScanned }
        let codes = orderCodes(order)
        guard !codes.isEmpty else { return .typeTheName }
        let forms = ProductCode.forms(ofScan: scanned)
        if let match = codes.first(where: { !$0.forms.isDisjoint(with: forms) }) { return .rightDrug(matched: match.name) }
        return .wrongDrug(scanned: shown(scanned), order: order.medication.displayName)
    }

    /// The order has no code a scan can match: its drug's name is typed instead.
    public static func needsName(_ order: MedicationRequest) -> Bool { orderCodes(order).isEmpty }

    /// The name typed confirms the drug when its words are the words of the order's drug name
    /// before its strength (the first word with a digit; a name that starts with one, the words
    /// after it), or the words of the whole name as the order writes it, and no others: letter case,
    /// punctuation (an apostrophe joins: `Ringer's` is `ringers`) and word order aside, and
    /// one-letter words left out.
    public static func confirms(typedName: String, order: MedicationRequest) -> Bool {
        // A name that starts with its strength (`0.9% Sodium Chloride 1000 mL`) is the words after it.
        let name = order.medication.displayName.split(separator: " ").drop { $0.contains(where: \.isNumber) }
            .prefix { !$0.contains(where: \.isNumber) }.joined(separator: " ")
        let wanted = words(name)
        // A name with no word of letters (`3b`) is typed as it is written.
        guard !wanted.isEmpty else {
            let plain = { (text: String) in text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ") }
            return !plain(typedName).isEmpty && plain(typedName) == plain(order.medication.displayName)
        }
        // The whole name as the order (and the refusal) writes it is the name as well.
        let typed = words(typedName)
        return typed == wanted || typed == words(order.medication.displayName)
    }

    private static func words(_ text: String) -> Set<String> {
        Set(text.lowercased().replacingOccurrences(of: "'", with: "").replacingOccurrences(of: "’", with: "")
            .split { !$0.isLetter }.map(String.init).filter { $0.count > 1 })
    }

    /// Each scannable code of the order, with its forms and how it is named.
    private static func orderCodes(_ order: MedicationRequest) -> [(name: String, forms: Set<ProductCode>)] {
        let codings = order.medication.codings.compactMap { coding -> (String, Set<ProductCode>)? in
            guard let system = coding.system, let label = scannedSystems[system], let code = coding.code, !code.isEmpty else { return nil }
            return ("\(label) \(code)", ProductCode.forms(of: code, system: system))
        }
        let identifiers = order.medicationIdentifiers.compactMap { identifier -> (String, Set<ProductCode>)? in
            guard let value = identifier.code, !value.isEmpty else { return nil }
            let label = identifier.system.flatMap { scannedSystems[$0] } ?? "item"
            return ("\(label) \(value)", ProductCode.forms(of: value, system: identifier.system))
        }
        return codings + identifiers
    }

    /// What was scanned, as the message shows it: printable characters only, at most 40.
    private static func shown(_ scanned: String) -> String {
        let printable = String(scanned.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F && !(0x80..<0xA0).contains($0.value) }
            .map(Character.init))
        return printable.count > 40 ? String(printable.prefix(40)) + "…" : printable
    }
}

/// What a drug scan found.
public enum DrugScanResult: Hashable, Sendable {
    /// The code is one of the order's (`NDC 0338-0550-03`).
    case rightDrug(matched: String)
    /// Not the order's drug: nothing is recorded.
    case wrongDrug(scanned: String, order: String)
    /// The order has no code a scan can match: the drug's name is typed instead.
    case typeTheName
    /// Nothing but spaces was scanned.
    case nothingScanned

    public var isRightDrug: Bool {
        if case .rightDrug = self { true } else { false }
    }

    /// What the form says: `WRONG DRUG: scanned X, order is Y`, `right drug: NDC ...`.
    public var message: String {
        switch self {
        case let .rightDrug(matched): "right drug: \(matched)"
        case let .wrongDrug(scanned, order): "WRONG DRUG: scanned \(scanned), order is \(order)"
        case .typeTheName: "this order has no code to scan: type the drug's name as the label reads"
        case .nothingScanned: "scan the drug's barcode, or type its code"
        }
    }
}

/// How the drug was confirmed at the bedside, for the dose and infusion forms.
public enum DrugConfirmation: Hashable, Sendable {
    /// Its code matched (`NDC 0338-0550-03`).
    case scanned(String)
    /// Its name was typed: the order has no code to scan against.
    case named(String)
    /// Its name was typed where the package could have been scanned (a barcode that will not
    /// read): allowed, as BCMA's manual entry is, and audited as a warning passed.
    case unscanned(String)
    /// Not the order's drug, or nothing typed: what to say, and nothing is recorded.
    case refused(String)

    /// What the confirm step says of the drug: `NDC 0338-0550-03`, `name typed: Heparin`.
    public var text: String? {
        switch self {
        case let .scanned(code): code
        case let .named(name): "name typed: \(name)"
        case let .unscanned(name): "name typed, not scanned: \(name)"
        case .refused: nil
        }
    }
}

extension DrugScanRule {
    /// What was scanned or typed at the drug step: a code of the order's is the right drug;
    /// where the order has no code, its name typed; where it has one that did not scan, its
    /// name typed as well (not scanned); anything else is `WRONG DRUG`.
    public static func confirm(typed text: String, order: MedicationRequest) -> DrugConfirmation {
        let typed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if needsName(order) {
            return confirms(typedName: typed, order: order) ? .named(typed)
                : .refused("not this order's drug (\(order.medication.displayName)): type its name as the label reads")
        }
        switch check(scanned: typed, order: order) {
        case let .rightDrug(matched): return .scanned(matched)
        case .nothingScanned: return .refused(DrugScanResult.nothingScanned.message)
        case let result: return confirms(typedName: typed, order: order) ? .unscanned(typed) : .refused(result.message)
        }
    }
}
