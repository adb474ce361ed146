import Foundation

/// What `/metadata` says about the server, judged against what the workstation needs.
public struct CapabilityReport: Sendable, Hashable {
    public var fhirVersion: String
    /// Needed resource types the server does not list, and needed search parameters per type.
    public var missingTypes: [String] = []
    public var missingSearchParameters: [String] = []
    /// The OAuth token endpoint from the SMART security extension, if declared.
    public var tokenEndpoint: URL?

    /// One line for the user naming everything missing; nil when nothing is.
    public var missingSummary: String? {
        let parts = missingTypes.map { "\($0) (resource type)" } + missingSearchParameters
        return parts.isEmpty ? nil : "the FHIR server lacks what the workstation needs: " + parts.joined(separator: ", ")
    }
}

extension FHIRClient {
    /// Resource types the workstation reads, with the search parameters sync uses on each.
    public static let neededSearchParameters: [String: [String]] = [
        "Patient": [], "Encounter": ["patient", "location"], "Observation": ["patient", "category"],
        "MedicationRequest": ["patient"], "Condition": ["patient"], "AllergyIntolerance": ["patient"],
        "Location": [], "Practitioner": [], "DiagnosticReport": ["patient", "category"], "MedicationAdministration": ["patient"],
        "DocumentReference": ["patient"], "Composition": ["patient"], "Procedure": ["patient"], "Immunization": ["patient"], "CarePlan": ["patient"],
    ]

    static let smartExtension = "http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris"

    /// Reads `/metadata`. Throws `unsupportedServer` unless the FHIR version is 4.0.x; what
    /// else is missing is reported, not thrown (the server may still serve most screens).
    public func capabilities() async throws(FHIRClientError) -> CapabilityReport {
        let document = try await get(url("metadata"), kind: .metadata)
        guard document.resourceType == "CapabilityStatement" else {
            throw .badResponse(request: FHIRRequestKind.metadata.description, reason: "expected a CapabilityStatement")
        }
        let version = ((try? document.root.string("fhirVersion")) ?? nil) ?? "unknown"
        guard version.hasPrefix("4.0.") || version == "4.0" else {
            throw .unsupportedServer(reason: "it speaks FHIR \(version), the workstation needs R4 (4.0.x)")
        }
        var report = CapabilityReport(fhirVersion: version)
        let rest = ((try? document.root.objects("rest")) ?? []).first { (try? $0.string("mode")) == "server" }
        var offered: [String: Set<String>] = [:]
        for resource in (try? rest?.objects("resource")) ?? [] {
            guard let type = (try? resource.string("type")) ?? nil else { continue }
            offered[type] = Set(((try? resource.objects("searchParam")) ?? []).compactMap { (try? $0.string("name")) ?? nil })
        }
        for (type, parameters) in Self.neededSearchParameters.sorted(by: { $0.key < $1.key }) {
            guard let names = offered[type] else {
                report.missingTypes.append(type)
                continue
            }
            report.missingSearchParameters += parameters.filter { !names.contains($0) }.map { "\(type)?\($0)" }
        }
        let security = try? rest?.object("security")
        let oauth = ((try? security?.objects("extension")) ?? []).first { (try? $0.string("url")) == Self.smartExtension }
        let token = ((try? oauth?.objects("extension")) ?? []).first { (try? $0.string("url")) == "token" }
        report.tokenEndpoint = ((try? token?.string("valueUri")) ?? nil).flatMap(URL.init(string:))
        return report
    }
}
