/// The names wards use for common tests whose LOINC names are long or say the analyte in a
/// way no one does (`C reactive protein [Mass/volume] in Serum or Plasma` is `CRP`,
/// `Erythrocyte distribution width [Ratio] by Automated count` is `RDW`), by LOINC code. Each
/// is the abbreviation in common use on UK and US wards, or the analyte's plain name; tests
/// measured by different methods keep the method (`eGFR (CKD-EPI)`), so two tests in one
/// panel never share a name. A code not listed is named by `LabTestName.short`.
enum LabShortNames {
    static let byLOINC: [String: String] = [
        // Inflammation, cardiac
        "1988-5": "CRP", "30522-7": "hs-CRP", "76485-2": "CRP",
        "30934-4": "BNP", "42637-9": "BNP", "33762-6": "NT-proBNP", "83107-3": "NT-proBNP",
        "10839-9": "Troponin I", "42757-5": "Troponin I", "89579-7": "hs-Troponin I", "6598-7": "Troponin T", "67151-1": "hs-Troponin T",
        "2157-6": "CK", "13969-1": "CK-MB",
        // Renal and electrolytes
        "33914-3": "eGFR (MDRD)", "48642-3": "eGFR (MDRD, non-Black)", "48643-1": "eGFR (MDRD, Black)",
        "62238-1": "eGFR (CKD-EPI)", "98979-8": "eGFR (CKD-EPI 2021)", "69405-9": "eGFR", "77147-7": "eGFR (MDRD)",
        "3094-0": "BUN", "6299-2": "BUN", "2028-9": "CO2, total", "1963-8": "Bicarbonate", "33037-3": "Anion gap", "1863-0": "Anion gap",
        "1994-3": "Ionised calcium", "2885-2": "Total protein",
        // Liver, pancreas
        "1742-6": "ALT", "1920-8": "AST", "6768-6": "ALP", "2324-2": "GGT", "2532-0": "LDH", "1975-2": "Bilirubin, total",
        "1968-7": "Bilirubin, direct", "3040-3": "Lipase", "1798-8": "Amylase",
        // Blood count
        "6690-2": "WBC", "26464-8": "WBC", "789-8": "RBC", "26453-1": "RBC", "718-7": "Hb", "20509-6": "Hb",
        "4544-3": "Hct", "20570-8": "Hct", "787-2": "MCV", "785-6": "MCH", "786-4": "MCHC", "788-0": "RDW", "21000-5": "RDW",
        "30385-9": "RDW", "777-3": "Platelets", "26515-7": "Platelets", "32623-1": "MPV",
        "751-8": "Neutrophils", "770-8": "Neutrophils %", "731-0": "Lymphocytes", "736-9": "Lymphocytes %",
        "742-7": "Monocytes", "5905-5": "Monocytes %", "711-2": "Eosinophils", "713-8": "Eosinophils %",
        // Coagulation
        "5902-2": "PT", "6301-6": "INR", "34714-6": "INR", "3173-2": "aPTT", "14979-9": "aPTT", "48065-7": "D-dimer",
        "48066-5": "D-dimer", "3255-7": "Fibrinogen",
        // Diabetes, lipids, endocrine, vitamins
        "4548-4": "HbA1c", "17856-6": "HbA1c", "4549-2": "HbA1c", "2093-3": "Cholesterol", "2085-9": "HDL", "13457-7": "LDL",
        "18262-6": "LDL", "2089-1": "LDL", "2571-8": "Triglycerides", "3016-3": "TSH", "3024-7": "Free T4",
        "2132-9": "Vitamin B12", "2284-8": "Folate", "2276-4": "Ferritin", "1989-3": "Vitamin D (25-OH)", "2857-1": "PSA",
        // Blood gas
        "2744-1": "pH", "2019-8": "pCO2", "2703-7": "pO2", "1960-4": "HCO3", "1925-7": "Base excess", "2708-6": "SaO2",
        "2524-7": "Lactate", "32693-4": "Lactate",
        // Urine
        "5811-5": "Urine SG", "2965-2": "Urine SG", "5778-6": "Urine colour", "5803-2": "Urine pH",
        // Microbiology, virology
        "600-7": "Blood culture", "630-4": "Urine culture", "94500-6": "SARS-CoV-2 RNA", "94531-1": "SARS-CoV-2 RNA",
        "94309-2": "SARS-CoV-2 RNA", "92142-9": "Influenza A RNA", "92141-1": "Influenza B RNA", "92131-2": "RSV RNA",
    ]
}
