import CoreDomain

/// The confirm step's first lines on a bedside form (a dose, an infusion): the wristband
/// matched, or, on a ward that does not scan wristbands, the patient named in full to check
/// against the person in the bed.
enum PatientCheckLines {
    static func lines(_ patient: Patient, wristbandChecked: Bool, width: Int) -> [StyledLine] {
        guard !wristbandChecked else { return [StyledLine("Wristband matches this chart", .dim)] }
        return LineWrapping.wrap([Span("Patient ", .accent), Span(BannerView.bannerName(patient.name), .banner),
                                  Span("  DOB \(patient.birthDate.map(String.init(describing:)) ?? "unknown")  \(patient.identifierText)")],
                                 width: width, indent: 8)
            + LineWrapping.wrap([Span("Check this is the patient in front of you (wristband check off).", .warning)], width: width)
    }
}

extension PatientCheckLines {
    /// The patient a confirm step is for, by two identifiers and the name as the banner writes
    /// it: name, DOB and MRN, each kept whole on a line.
    static func named(_ patient: Patient, width: Int) -> [StyledLine] {
        LineWrapping.wrap(
            items: [[Span(BannerView.bannerName(patient.name), .banner)],
                    [Span("DOB \(patient.birthDate.map(String.init(describing:)) ?? "unknown")", .banner)],
                    [Span(patient.identifierText, .banner)]],
            width: width, gap: 2)
    }
}
