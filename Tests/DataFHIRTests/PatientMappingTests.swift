import CoreDomain
import DataFHIR
import Foundation
import Testing

@Suite struct PatientMappingTests {
    static let patient = """
    {"resourceType":"Patient","id":"p1",
     "identifier":[
       {"system":"urn:oid:1.2.3","value":"INS-77"},
       {"type":{"coding":[{"system":"http://terminology.hl7.org/CodeSystem/v2-0203","code":"MR"}]},"system":"urn:oid:9.9","value":"MRN-001"}],
     "name":[{"use":"old","family":"Maiden","given":["Ann"]},
             {"use":"official","family":"Smith","given":["Ann","Marie"],"prefix":["Ms"]}],
     "gender":"female","birthDate":"1954-04","deceasedDateTime":"2024-01-02T03:04:05Z"}
    """

    @Test func mapsIdentityFields() throws {
        let patient = try #require(try decodeOne(Self.patient).content.patient)
        #expect(patient.id == "p1")
        #expect(patient.mrn == "MRN-001")
        #expect(patient.identifierLabel == nil)
        #expect(patient.identifierText == "MRN MRN-001")
        #expect(patient.name == PersonName(family: "Smith", given: ["Ann", "Marie"], prefix: ["Ms"]))
        #expect(patient.gender == .female)
        #expect(patient.birthDate == PartialDate(year: 1954, month: 4))
        #expect(patient.isDeceased)
        #expect(patient.deceasedAt == (try utc(2024, 1, 2, 3, 4, 5)))
    }

    @Test func mrnFallsBackToTheFirstIdentifier() throws {
        let json = #"{"resourceType":"Patient","id":"p2","identifier":[{"value":"A1"},{"value":"B2"}],"deceasedBoolean":false}"#
        let patient = try #require(try decodeOne(json).content.patient)
        #expect(patient.mrn == "A1")
        #expect(patient.identifierText == "ID A1", "an identifier of no known kind is never called an MRN")
        #expect(patient.gender == .unknown)
        #expect(!patient.isDeceased)
        #expect(patient.name.listName == "(no name)")
    }

    /// Records without an MRN, as real servers send them: the identifier they do have is named
    /// by its type, else its system; with none at all, the record's own id.
    @Test func aPatientWithoutAnMRNShowsTheIdentifierItHasByName() throws {
        let passport = #"{"resourceType":"Patient","id":"p4","identifier":[{"type":{"text":"Passport"},"value":"X1234567"}]}"#
        #expect(try decodeOne(passport).content.patient?.identifierText == "Passport X1234567")
        let coded = #"{"resourceType":"Patient","id":"p5","identifier":[{"type":{"coding":[{"system":"http://terminology.hl7.org/CodeSystem/v2-0203","code":"SS"}]},"value":"999-99-9999"}]}"#
        #expect(try decodeOne(coded).content.patient?.identifierText == "SS 999-99-9999")
        let system = #"{"resourceType":"Patient","id":"p6","identifier":[{"system":"http://hospital.example/nhs-number","value":"943 476 5919"}]}"#
        #expect(try decodeOne(system).content.patient?.identifierText == "nhs-number 943 476 5919")
        // A system that is only a number (a UUID or OID, as carebundle and many servers send)
        // names nothing a nurse can read, and would fill the banner's line: `ID` instead.
        let uuid = #"{"resourceType":"Patient","id":"p8","identifier":[{"system":"urn:uuid:6f2a1d3e-9c47-5b8a-a1f0-2d4e6c8b0a17","value":"E264F715"}]}"#
        #expect(try decodeOne(uuid).content.patient?.identifierText == "ID E264F715")
        let oid = #"{"resourceType":"Patient","id":"p9","identifier":[{"system":"urn:oid:2.16.840.1.113883.4.1","value":"123-45-6789"}]}"#
        #expect(try decodeOne(oid).content.patient?.identifierText == "ID 123-45-6789")
        let hexTail = #"{"resourceType":"Patient","id":"p10","identifier":[{"system":"https://ids.example/patients/a1b2c3d4e5f6","value":"Q7"}]}"#
        #expect(try decodeOne(hexTail).content.patient?.identifierText == "ID Q7")
        let none = #"{"resourceType":"Patient","id":"p7","name":[{"family":"Nobody"}]}"#
        #expect(try decodeOne(none).content.patient?.identifierText == "record p7")
    }

    @Test func identityProblemsRejectThePatient() throws {
        let base = #"{"resourceType":"Patient","id":"p3","#
        #expect(try rejection(base + #""gender":"F"}"#).path == "gender")
        #expect(try rejection(base + #""birthDate":"1954-02-30"}"#).description
            == "resource.json: Patient/p3.birthDate: expected a FHIR date (YYYY, YYYY-MM or YYYY-MM-DD)")
        #expect(try rejection(base + #""name":{"family":"Smith"}}"#).message == "expected array, found object")
        #expect(try rejection(base + #""name":[{"given":["A",7]}]}"#).path == "name[0].given[1]")
        #expect(try rejection(base + #""identifier":[{"type":{"coding":[{"system":"http://terminology.hl7.org/CodeSystem/v2-0203","code":"MR"}]}}]}"#).path
            == "identifier[0].value")
    }

    @Test func problemMessagesDoNotQuoteValues() throws {
        let problem = try rejection(#"{"resourceType":"Patient","id":"p4","birthDate":"Jane Doe"}"#)
        #expect(!problem.description.contains("Jane"))
        let gender = try rejection(#"{"resourceType":"Patient","id":"p4","gender":"Jane Doe"}"#)
        #expect(!gender.description.contains("Jane"))
    }

    @Test func nullPlaceholdersInPrimitiveArraysAreSkipped() throws {
        let json = #"{"resourceType":"Patient","id":"p5","name":[{"given":["Ann",null],"_given":[null,{"extension":[]}]}]}"#
        #expect(try decodeOne(json).content.patient?.name.given == ["Ann"])
    }

    @Test func idMustBeAValidFHIRId() throws {
        #expect(try rejection(#"{"resourceType":"Patient","id":"a/b"}"#).path == "id")
        #expect(try rejection(#"{"resourceType":"Patient"}"#).description == "resource.json: Patient.id: missing")
    }
}

@Suite struct PractitionerAndLocationMappingTests {
    @Test func practitionerNameIsMapped() throws {
        let json = #"{"resourceType":"Practitioner","id":"dr1","name":[{"family":"House","given":["Gregory"],"prefix":["Dr"]}]}"#
        #expect(try decodeOne(json).content.practitioner == Practitioner(id: "dr1", name: PersonName(family: "House", given: ["Gregory"], prefix: ["Dr"])))
    }

    @Test func malformedPractitionerNameIsDroppedWithAWarning() throws {
        let result = readSource(#"{"resourceType":"Practitioner","id":"dr2","name":"House"}"#)
        #expect(result.resources.first?.content.practitioner == Practitioner(id: "dr2", name: PersonName()))
        let warning = try #require(result.problems.first)
        #expect(warning.severity == .warning)
        #expect(warning.kind == .invalidElement)
        #expect(warning.description == "test.ndjson: line 1: Practitioner/dr2.name: expected array, found string")
    }

    static func location(_ code: String, partOf: String = "") -> String {
        #"{"resourceType":"Location","id":"l1","name":"Bed 12","physicalType":{"coding":[{"system":"http://terminology.hl7.org/CodeSystem/location-physical-type","code":"\#(code)"}]}\#(partOf)}"#
    }

    @Test(arguments: [("wa", Location.Kind.ward), ("ro", .room), ("bd", .bed), ("bu", .building), ("si", .site), ("lvl", .other)])
    func physicalTypeGivesTheKind(_ code: String, _ kind: Location.Kind) throws {
        #expect(try decodeOne(Self.location(code)).content.location?.kind == kind)
    }

    @Test func locationNameAndPartOfAreMapped() throws {
        let location = try decodeOne(Self.location("bd", partOf: #","partOf":{"reference":"Location/room4"}"#)).content.location
        #expect(location == Location(id: "l1", name: "Bed 12", kind: .bed, partOfID: "room4"))
    }

    @Test func unknownPhysicalTypeIsReadAsOtherWithAWarning() throws {
        let result = readSource(Self.location("zz"))
        #expect(result.resources.first?.content.location?.kind == .other)
        #expect(result.problems.map(\.path) == ["physicalType.coding[0].code"])
        #expect(result.problems.first?.severity == .warning)
    }

    @Test func locationWithoutNameOrWithBadPartOfIsRejected() throws {
        #expect(try rejection(#"{"resourceType":"Location","id":"l2"}"#).path == "name")
        #expect(try rejection(Self.location("bd", partOf: #","partOf":{"reference":"Patient/1"}"#)).path == "partOf.reference")
    }
}
