import CoreDomain
import Foundation

/// `NursingNoteEntry` -> a FHIR R4 DocumentReference, the record the notes read back
/// (`DocumentReferenceMapping`): `status` current, `docStatus` final; `type` LOINC 34746-8
/// "Nurse note" and `category` US Core's clinical-note, as servers file nursing notes;
/// `subject`; `date` = when written, with the ward's offset; the nurse as `author` and
/// `authenticator`, named as charted vital signs name them; the text as one `text/plain;
/// charset=utf-8` attachment in base64 `data`; `context.encounter` = the stay when there is
/// one; and its own id as an `identifier` URN.
public struct NursingNoteEncoder: Sendable {
    static let categorySystem = "http://hl7.org/fhir/us/core/CodeSystem/us-core-documentreference-category"
    public static let contentType = "text/plain; charset=utf-8"

    /// Who wrote it (see `VitalsObservationEncoder.performerDisplay`).
    public var author: String
    /// The logged-in clinician's Practitioner (`fhirUser`), as `reference` beside the display;
    /// nil without a user login.
    public var authorReference: String?
    /// The zone `date` is written in: the ward's local time, with its offset.
    public var timeZone: TimeZone

    public init(author: String, authorReference: String? = nil, timeZone: TimeZone = .current) {
        self.author = author
        self.authorReference = authorReference
        self.timeZone = timeZone
    }

    public func document(for note: NursingNoteEntry, id: String = ChartedResource.newID()) -> ChartedResource {
        ChartedResource(type: "DocumentReference", id: id, patientID: note.patientID, json: JSONWriter.data(resource(note, id: id)))
    }

    private func resource(_ note: NursingNoteEntry, id: String) -> JSONValue {
        let author = ChartedElements.performer(author, reference: authorReference)
        var members: [(String, JSONValue)] = [
            ("resourceType", .string("DocumentReference")), ("id", .string(id)),
            ("identifier", ChartedElements.identifier(id)),
            ("status", .string("current")), ("docStatus", .string("final")),
            ("type", .fields([
                ("coding", .array([.coding(system: NurseNoteCode.system, code: NurseNoteCode.code, display: NurseNoteCode.display)])),
                ("text", .string(NurseNoteCode.display)),
            ])),
            ("category", .array([.concept([.coding(system: Self.categorySystem, code: "clinical-note", display: "Clinical Note")])])),
            ("subject", .fields([("reference", .string("Patient/\(note.patientID)"))])),
            ("date", .string(ChartedElements.dateTime(note.date, in: timeZone))),
            ("author", .array([author])),
            ("authenticator", author),
            ("content", .array([.fields([("attachment", .fields([
                ("contentType", .string(Self.contentType)),
                ("data", .string(Data(note.text.utf8).base64EncodedString())),
                ("title", .string(NurseNoteCode.display)),
                ("creation", .string(ChartedElements.dateTime(note.date, in: timeZone))),
            ]))])])),
        ]
        if let encounterID = note.encounterID {
            members.append(("context", .fields([("encounter", .array([.fields([("reference", .string("Encounter/\(encounterID)"))])]))])))
        }
        return .fields(members)
    }
}
