import Foundation

/// One resource charted at this workstation (a vital sign's Observation, a dose's
/// MedicationAdministration), ready to store and to send: its FHIR type, the id assigned here
/// before any attempt to send it, the patient it belongs to and its FHIR JSON.
public struct ChartedResource: Sendable, Hashable {
    public var type: String
    public var id: String
    public var patientID: String
    public var json: Data
    /// The server's `meta.versionId` this is a new version of (a correction of a resource the
    /// server sent), sent as `If-Match`; nil for a resource created here, which the server lacks.
    public var serverVersion: String?

    public init(type: String, id: String, patientID: String, json: Data, serverVersion: String? = nil) {
        self.type = type
        self.id = id
        self.patientID = patientID
        self.json = json
        self.serverVersion = serverVersion
    }

    /// A new resource id: a random UUID, made on this machine, so two workstations charting
    /// offline can never pick the same one and a resend always names the same resource.
    public static func newID() -> String { UUID().uuidString.lowercased() }
}
