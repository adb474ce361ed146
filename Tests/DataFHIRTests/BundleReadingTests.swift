import CoreDomain
import DataFHIR
import Foundation
import Testing

@Suite struct BundleReadingTests {
    static func bundle(type: String, _ entries: String) -> String {
        #"{"resourceType":"Bundle","id":"b1","type":"\#(type)","entry":[\#(entries)]}"#
    }

    static let patientEntry = #"{"fullUrl":"https://host/fhir/Patient/p1","resource":{"resourceType":"Patient","id":"p1","gender":"male"},"request":{"method":"PUT","url":"Patient/p1"}}"#

    @Test(arguments: ["collection", "searchset", "batch", "transaction", "history", "document", "transaction-response"])
    func readsEveryBundleType(_ type: String) throws {
        let result = FHIRReader().read(Data(Self.bundle(type: type, Self.patientEntry).utf8), file: "b.json")
        #expect(result.problems.isEmpty)
        #expect(result.resources.map(\.id) == ["p1"])
    }

    @Test func unknownBundleTypeIsAProblemForTheFile() throws {
        let result = FHIRReader().read(Data(Self.bundle(type: "bag", Self.patientEntry).utf8), file: "b.json")
        #expect(result.resources.isEmpty)
        #expect(result.problems.map(\.description) == [
            #"b.json: Bundle/b1.type: unknown code "bag" (expected one of batch, batch-response, collection, document, history, message, searchset, transaction, transaction-response)"#,
        ])
    }

    @Test func transactionEntriesWithoutIdTakeTheirUUIDAndStoreStandaloneJSON() throws {
        let json = Self.bundle(type: "transaction", #"""
        {"fullUrl":"urn:uuid:0a1b2c3d-0000-4000-8000-00000000000a","resource":{"resourceType":"Patient","name":[{"family":"Lee"}]},"request":{"method":"POST","url":"Patient"}},
        {"fullUrl":"urn:uuid:0a1b2c3d-0000-4000-8000-00000000000b","resource":{"resourceType":"Encounter","status":"finished",
          "class":{"code":"AMB"},"subject":{"reference":"urn:uuid:0a1b2c3d-0000-4000-8000-00000000000a"}},"request":{"method":"POST","url":"Encounter"}},
        {"request":{"method":"DELETE","url":"Patient/old"}}
        """#)
        let result = FHIRReader().read(Data(json.utf8), file: "tx.json")
        #expect(result.problems.isEmpty)
        let patient = try #require(result.resources.first { $0.resourceType == "Patient" })
        #expect(patient.id == "0a1b2c3d-0000-4000-8000-00000000000a")
        let encounter = try #require(result.resources.first { $0.resourceType == "Encounter" })
        #expect(encounter.content.encounter?.patientID == patient.id)

        let stored = try #require(try JSONSerialization.jsonObject(with: encounter.json) as? [String: Any])
        #expect(stored["id"] as? String == encounter.id)
        #expect((stored["subject"] as? [String: Any])?["reference"] as? String == "Patient/\(patient.id)")
        let reread = FHIRReader().read(encounter.json, file: "stored.json")
        #expect(reread.problems.isEmpty)
        #expect(reread.resources.first?.content == encounter.content)
    }

    @Test func rewrittenEntriesChangeOnlyTheirIdAndUUIDReferences() throws {
        let patient = "urn:uuid:0a1b2c3d-0000-4000-8000-00000000000a", doctor = "urn:uuid:0a1b2c3d-0000-4000-8000-00000000000c"
        let encounter = #"{"resourceType":"Encounter", "status":"finished", "class": {"code": "AMB"}, "#
            + #""participant":[{"type": [{"text": "x"}]}, {"individual":{"reference":"\#(doctor)"}}], "#
            + #""subject": {"reference": "\#(patient)", "display": "Lee \"J\""}, "text": {"div": "<b>\u00e9</b>"}}"#
        let json = Self.bundle(type: "transaction", [
            #"{"fullUrl":"\#(patient)","resource":{"resourceType":"Patient"}}"#,
            #"{"fullUrl":"\#(doctor)","resource":{"resourceType":"Practitioner"}}"#,
            #"{"fullUrl":"urn:uuid:0a1b2c3d-0000-4000-8000-00000000000b","resource":\#(encounter)}"#,
        ].joined(separator: ","))
        let result = FHIRReader().read(Data(json.utf8), file: "tx.json")
        let stored = try #require(result.resources.first { $0.resourceType == "Encounter" }).json
        // Objects with nothing to rewrite are copied as received (spacing and escapes included);
        // the ones on the path to a rewritten reference are written again, compactly.
        #expect(String(decoding: stored, as: UTF8.self) == #"{"resourceType":"Encounter","id":"0a1b2c3d-0000-4000-8000-00000000000b","#
            + #""status":"finished","class":{"code": "AMB"},"participant":[{"type": [{"text": "x"}]},"#
            + #"{"individual":{"reference":"Practitioner/0a1b2c3d-0000-4000-8000-00000000000c"}}],"#
            + #""subject":{"reference":"Patient/0a1b2c3d-0000-4000-8000-00000000000a","display":"Lee \"J\""},"text":{"div": "<b>\u00e9</b>"}}"#)
    }

    @Test func entriesThatNeedNoRewriteKeepTheirExactBytes() throws {
        let resource = #"{"resourceType":"Patient", "id":"p1",  "birthDate":"1970"}"#
        let json = Self.bundle(type: "searchset", #"{"resource":\#(resource)}"#)
        let decoded = try #require(FHIRReader().read(Data(json.utf8)).resources.first)
        #expect(decoded.json == Data(resource.utf8))
    }

    @Test func duplicatesKeepTheFirstAndReportTheSecond() throws {
        let second = #"{"resource":{"resourceType":"Patient","id":"p1","gender":"female"}}"#
        let result = FHIRReader().read(Data(Self.bundle(type: "collection", Self.patientEntry + "," + second).utf8), file: "b.json")
        #expect(result.resources.map { $0.content.patient?.gender } == [.male])
        #expect(result.problems.map(\.description) == ["b.json: entry 2: Patient/p1: appears more than once in this source; the first one is kept"])
        #expect(result.problems.first?.kind == .duplicateResource)
    }

    @Test func badEntriesAreReportedAndTheRestRead() throws {
        let entries = [
            Self.patientEntry, #""not an entry""#, #"{"fullUrl":"x"}"#, #"{"resource":[1]}"#,
            #"{"resource":{"resourceType":"Claim","id":"cl1"}}"#,
            #"{"resource":{"resourceType":"Observation","id":"o1"}}"#,
            #"{"resource":{"resourceType":"Practitioner","id":"dr1"}}"#,
        ].joined(separator: ",")
        let result = FHIRReader().read(Data(Self.bundle(type: "collection", entries).utf8), file: "b.json")
        #expect(result.resources.map(\.id) == ["p1", "dr1"])
        #expect(result.problems.map(\.location) == ["entry 2", "entry 3", "entry 4", "entry 5", "entry 6"])
        #expect(result.problems.map(\.kind) == [.unreadable, .invalidElement, .unreadable, .unsupportedType, .invalidResource])
        #expect(result.problems[3].description == "b.json: entry 5: Claim/cl1: not used by the workstation")
    }

    @Test func operationOutcomeIssuesBecomeProblems() throws {
        let outcome = #"""
        {"search":{"mode":"outcome"},"resource":{"resourceType":"OperationOutcome","id":"oo1","issue":[
          {"severity":"warning","code":"too-costly","diagnostics":"Patient Jane Doe has too many results","expression":["Observation.code"]},
          {"severity":"error","code":"not-found","details":{"coding":[{"code":"MSG_NO_EXIST"}],"text":"Jane Doe"}}]}}
        """#
        let result = FHIRReader().read(Data(Self.bundle(type: "searchset", Self.patientEntry + "," + outcome).utf8), file: "s.json")
        #expect(result.resources.count == 1)
        #expect(result.problems.map(\.description) == [
            #"s.json: entry 2: OperationOutcome/oo1.Observation.code: sender reported warning "too-costly""#,
            #"s.json: entry 2: OperationOutcome/oo1: sender reported error "not-found" ("MSG_NO_EXIST")"#,
        ])
        #expect(result.problems.map(\.severity) == [.warning, .error])
        #expect(result.problems.allSatisfy { $0.kind == .senderOutcome && !$0.description.contains("Jane") })
    }

    @Test func medicationInTheSameBundleGivesTheCode() throws {
        let entries = #"""
        {"fullUrl":"urn:uuid:0a1b2c3d-0000-4000-8000-0000000000c1","resource":{"resourceType":"Medication","id":"med7","code":{"coding":[{"code":"1049630"}]}}},
        {"resource":{"resourceType":"MedicationRequest","id":"mr1","status":"active","intent":"order","subject":{"reference":"Patient/p1"},
          "medicationReference":{"reference":"urn:uuid:0a1b2c3d-0000-4000-8000-0000000000c1"}}}
        """#
        let result = FHIRReader().read(Data(Self.bundle(type: "collection", entries).utf8))
        #expect(result.resources.first?.content.medicationRequest?.medication.contains(code: "1049630") == true)
        #expect(result.problems.map(\.kind) == [.unsupportedType])
    }

    @Test func transactionRequestsAreCheckedButOnlyWarnedAbout() throws {
        let entries = #"""
        {"resource":{"resourceType":"Patient","id":"p2"}},
        {"request":{"method":"YANK","url":"Patient/p2"}},
        {"request":{"method":"DELETE","url":"Patient/p3"}}
        """#
        let result = FHIRReader().read(Data(Self.bundle(type: "transaction", entries).utf8), file: "tx.json")
        #expect(result.resources.map(\.id) == ["p2"])
        #expect(result.problems.map(\.description) == [
            "tx.json: entry 1: Bundle/b1.entry[0].request: missing",
            #"tx.json: entry 2: Bundle/b1.entry[1].request.method: unknown code "YANK" (expected one of DELETE, GET, HEAD, PATCH, POST, PUT); entry skipped"#,
        ])
        #expect(result.problems.allSatisfy { $0.severity == .warning })
    }
}
