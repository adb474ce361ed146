import CoreDomain

/// A code from one of the terminologies the AuditEvent resource uses.
struct AuditCode: Sendable, Hashable {
    var system: String
    var code: String
    var display: String

    static let eventTypes = "http://terminology.hl7.org/CodeSystem/audit-event-type"
    static let restful = "http://hl7.org/fhir/restful-interaction"
    static let dicom = "http://dicom.nema.org/resources/ontology/DCM"
    static let sourceTypes = "http://terminology.hl7.org/CodeSystem/security-source-type"
    static let entityTypes = "http://terminology.hl7.org/CodeSystem/audit-entity-type"
    static let objectRoles = "http://terminology.hl7.org/CodeSystem/object-role"
    static let participation = "http://terminology.hl7.org/CodeSystem/v3-ParticipationType"
}

/// Which audit pattern an action follows: its event type, subtype and CRUDE action code.
/// Patient data access uses the BALP RESTful patterns; the cache and session actions the
/// DICOM event types, since no FHIR interaction describes them.
struct AuditEventPattern: Sendable, Hashable {
    var type: AuditCode
    var subtype: AuditCode?
    /// C, R, U, D or E.
    var action: String
    var isQuery = false

    init(_ action: AuditAction) {
        let rest = AuditCode(system: AuditCode.eventTypes, code: "rest", display: "Restful Operation")
        switch action {
        case .chartOpened:
            self.init(type: rest, subtype: AuditCode(system: AuditCode.restful, code: "read", display: "read"), action: "R")
        case .search:
            self.init(type: rest, subtype: AuditCode(system: AuditCode.restful, code: "search-type", display: "search type"),
                      action: "E", isQuery: true)
        case .charting, .administration, .override:
            // A dose recorded, or a warning passed in recording it, creates a MedicationAdministration.
            self.init(type: rest, subtype: AuditCode(system: AuditCode.restful, code: "create", display: "create"), action: "C")
        case .correction:
            self.init(type: rest, subtype: AuditCode(system: AuditCode.restful, code: "update", display: "update"), action: "U")
        case .importData, .sync:
            self.init(type: Self.dicom("110107", "Import"), subtype: nil, action: "C")
        case .export:
            self.init(type: Self.dicom("110106", "Export"), subtype: nil, action: "R")
        case .unlock, .unlockFailed, .serverLogin:
            self.init(type: Self.dicom("110114", "User Authentication"), subtype: Self.dicom("110122", "Login"), action: "E")
        case .lock, .serverLogout:
            self.init(type: Self.dicom("110114", "User Authentication"), subtype: Self.dicom("110123", "Logout"), action: "E")
        case .passphraseChanged:
            self.init(type: Self.dicom("110113", "Security Alert"), subtype: Self.dicom("110137", "User Security Attributes Changed"), action: "U")
        case .wipe, .purge:
            self.init(type: Self.dicom("110110", "Patient Record"), subtype: nil, action: "D")
        }
    }

    private init(type: AuditCode, subtype: AuditCode?, action: String, isQuery: Bool = false) {
        self.type = type
        self.subtype = subtype
        self.action = action
        self.isQuery = isQuery
    }

    private static func dicom(_ code: String, _ display: String) -> AuditCode {
        AuditCode(system: AuditCode.dicom, code: code, display: display)
    }
}
