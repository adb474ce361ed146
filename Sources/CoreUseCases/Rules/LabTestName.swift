/// The name a results row shows. LOINC long names say far more than a row has room for
/// ("Potassium [Moles/volume] in Serum or Plasma"): a common test goes by the name wards use
/// (`LabShortNames`: `CRP`, `NT-proBNP`, `eGFR (MDRD)`); any other by the part before the
/// bracketed property, or before " in Serum", " in Blood"..., what a clinician calls the test.
/// Two different tests that would shorten to one name keep their full names (`LoadResults`
/// checks), so a shortened name never hides which test a row is.
public enum LabTestName {
    private static let specimenPhrases = [
        " in Serum or Plasma", " in Serum", " in Plasma", " in Blood", " in Arterial blood", " in Venous blood",
        " in Urine", " in Platelet poor plasma",
    ]

    /// `code`: the test's LOINC code, when it has one.
    public static func short(_ name: String, code: String? = nil) -> String {
        if let code, let known = LabShortNames.byLOINC[code] { return known }
        var result = Substring(name)
        if let bracket = result.firstRange(of: " [") { result = result[..<bracket.lowerBound] }
        for phrase in specimenPhrases {
            if let found = result.firstRange(of: phrase) { result = result[..<found.lowerBound] }
        }
        let trimmed = result.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? name : trimmed
    }

    /// A report's name as a group heading: LOINC panel names end in the specimen and method
    /// after " - " ("CBC panel - Blood by Automated count" is "CBC panel").
    public static func panel(_ name: String) -> String {
        guard let dash = name.range(of: " - "), dash.lowerBound > name.startIndex else { return short(name) }
        return short(String(name[..<dash.lowerBound]))
    }
}
