import CoreDomain
import DataFHIR
import Foundation
import Testing

/// The four reference forms, each resolved to a plain id, and the ways a reference can be wrong.
@Suite struct ReferenceTests {
    static func observation(subject: String) -> String {
        #"{"resourceType":"Observation","id":"o1","status":"final","code":{"text":"x"},"subject":{"reference":"\#(subject)"}}"#
    }

    @Test(arguments: [
        "Patient/123", "Patient/123/_history/4", "https://fhir.example.org/r4/Patient/123",
        "http://localhost:8080/fhir/Patient/123/_history/2", "https://host/fhir/Patient/123?x=1",
    ])
    func relativeAndAbsoluteReferencesGiveThePlainID(_ reference: String) throws {
        #expect(try decodeOne(Self.observation(subject: reference)).content.observation?.patientID == "123")
    }

    @Test func uuidReferencesResolveThroughTheBundle() throws {
        let bundle = #"""
        {"resourceType":"Bundle","type":"collection","entry":[
          {"fullUrl":"urn:uuid:6f0c2a4e-1111-4b4b-9c9c-000000000001","resource":{"resourceType":"Patient","id":"p9"}},
          {"fullUrl":"urn:uuid:6f0c2a4e-1111-4b4b-9c9c-000000000002","resource":
            {"resourceType":"Observation","id":"o1","status":"final","code":{"text":"x"},
             "subject":{"reference":"urn:uuid:6f0c2a4e-1111-4b4b-9c9c-000000000001"}}}]}
        """#
        let result = FHIRReader().read(Data(bundle.utf8), file: "bundle.json")
        #expect(result.problems.isEmpty)
        #expect(result.resources.compactMap(\.content.observation).first?.patientID == "p9")
    }

    @Test func uuidReferenceOutsideABundleIsAProblem() throws {
        let problem = try rejection(Self.observation(subject: "urn:uuid:6f0c2a4e-1111-4b4b-9c9c-000000000001"))
        #expect(problem.path == "subject.reference")
        #expect(problem.message.contains("outside a Bundle"))
    }

    @Test(arguments: ["Practitioner/1", "#p1", "Patient", "Patient/", "Patient/a b", "patient/1", "urn:oid:1.2.3"])
    func wrongOrMalformedReferencesAreProblems(_ reference: String) throws {
        let problem = try rejection(Self.observation(subject: reference))
        #expect(problem.path == "subject.reference")
        #expect(problem.severity == .error)
    }

    @Test func containedTargetCannotBeASubject() throws {
        let json = ##"{"resourceType":"Observation","id":"o1","status":"final","code":{"text":"x"},"contained":[{"resourceType":"Patient","id":"p1"}],"subject":{"reference":"#p1"}}"##
        #expect(try rejection(json).message.contains("contained"))
    }

    @Test func declaredTypeMustAgreeWithTheReference() throws {
        let json = #"{"resourceType":"Observation","id":"o1","status":"final","code":{"text":"x"},"subject":{"reference":"Patient/1","type":"Group"}}"#
        #expect(try rejection(json).path == "subject.type")
    }

    @Test func logicalReferenceWithoutLiteralCannotBeLinked() throws {
        let json = #"{"resourceType":"Observation","id":"o1","status":"final","code":{"text":"x"},"subject":{"identifier":{"value":"MRN-1"}}}"#
        #expect(try rejection(json).path == "subject.reference")
    }
}
