import CoreDomain

/// The group a result no report names is listed under: its LOINC class, for the tests wards
/// see most (a table of codes, not the whole of LOINC), else "Other". Susceptibilities and
/// cultures are recognised by name too, since labs code them with hundreds of local codes.
public enum LabClass: String, CaseIterable, Sendable {
    case chemistry = "Chemistry"
    case haematology = "Haematology"
    case coagulation = "Coagulation"
    case bloodGas = "Blood gas"
    case microbiology = "Microbiology"
    case other = "Other"

    public static func of(_ code: CodedConcept) -> LabClass {
        for coding in code.codings where coding.system == CodeSystem.loinc || coding.system == nil {
            if let code = coding.code, let found = byLOINC[code] { return found }
        }
        let name = code.displayName.lowercased()
        if name.contains("susceptibility") || name.contains("culture") { return .microbiology }
        return .other
    }

    private static let byLOINC: [String: LabClass] = {
        let table: [LabClass: [String]] = [
            .chemistry: [
                "2951-2", "2947-0", "2823-3", "6298-4", "2075-0", "1963-8", "2028-9", "3094-0", "2160-0", "2345-7", "2339-0",
                "17861-6", "1751-7", "2885-2", "1975-2", "6768-6", "1742-6", "1920-8", "2324-2", "2532-0", "33914-3",
                "48642-3", "62238-1", "98979-8", "2524-7", "32693-4", "1988-5", "75241-0", "33959-8", "10839-9", "42757-5",
                "89579-7", "6598-7", "30934-4", "42637-9", "33762-6", "13969-1", "2157-6", "4548-4", "2085-9", "13457-7",
                "2093-3", "2571-8", "2777-1", "19123-9", "2601-3", "3016-3", "3024-7", "2276-4", "14804-9",
            ],
            .haematology: ["718-7", "6690-2", "26464-8", "777-3", "26515-7", "4544-3", "789-8", "787-2", "785-6", "786-4", "770-8", "751-8", "731-0", "4537-7"],
            .coagulation: ["6301-6", "34714-6", "5902-2", "3173-2", "14979-9", "48065-7", "3255-7"],
            .bloodGas: ["2744-1", "2019-8", "2703-7", "1960-4", "2708-6", "1925-7", "11558-4", "11557-6", "11556-8"],
            .microbiology: ["600-7", "634-6", "630-4", "6463-4"],
        ]
        var byCode: [String: LabClass] = [:]
        for (group, codes) in table {
            for code in codes { byCode[code] = group }
        }
        return byCode
    }()
}
