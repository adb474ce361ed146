import CoreDomain
@testable import DataFHIR
import Foundation
import Testing

/// The AuditEvent JSON: BALP type, subtype and action per audited action, the agents and
/// source, and nothing about the patient but the reference.
@Suite struct AuditEventResourceTests {
    private let time = Date(timeIntervalSince1970: 1_700_000_000.25)
    private let nurse = AuditActor(user: "nurse1", source: "/dev/pts/4")
    private let remote = AuditActor(user: "dr2", clientID: "emr-ward", source: "10.0.0.9")

    private func json(_ action: AuditAction, actor: AuditActor? = nil, patient: String? = nil,
                      outcome: AuditOutcome = .success) throws -> [String: Any] {
        let event = AuditEvent(time: time, actor: actor ?? nurse, action: action, patientID: patient, outcome: outcome)
        let data = AuditEventResource(id: "0123abcd", event: event, workstation: "ward-host").json
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    private func code(_ value: Any?) -> String? { (value as? [String: Any])?["code"] as? String }

    private func patientEntity(_ resource: [String: Any]) -> [String: Any]? {
        (resource["entity"] as? [[String: Any]])?.first { ($0["what"] as? [String: Any])?["reference"] != nil }
    }

    @Test func aChartViewIsAPatientRead() throws {
        let resource = try json(.chartOpened(tab: "vitals"), patient: "pat-1")
        #expect(resource["resourceType"] as? String == "AuditEvent")
        #expect(resource["id"] as? String == "0123abcd")
        #expect(code(resource["type"]) == "rest")
        #expect(code((resource["subtype"] as? [Any])?.first) == "read")
        #expect(resource["action"] as? String == "R")
        #expect(resource["recorded"] as? String == "2023-11-14T22:13:20.250Z")
        #expect(resource["outcome"] as? String == "0")
        let entity = try #require(patientEntity(resource))
        #expect((entity["what"] as? [String: Any])?["reference"] as? String == "Patient/pat-1")
        #expect(code(entity["role"]) == "1")
        #expect(code(entity["type"]) == "1")
    }

    @Test func aSearchIsAPatientQueryNamingOnlyTheKindsOfTerms() throws {
        let resource = try json(.search(kinds: [.name, .mrn]))
        #expect(code((resource["subtype"] as? [Any])?.first) == "search-type")
        #expect(resource["action"] as? String == "E")
        let entities = try #require(resource["entity"] as? [[String: Any]])
        #expect(entities.count == 1)
        #expect(code(entities[0]["role"]) == "24")
        #expect(entities[0]["description"] as? String == "Patient search by mrn+name")
        #expect(entities[0]["query"] == nil, "the search text is never recorded, so never sent")
    }

    @Test(arguments: [
        (AuditAction.charting, "create", "C"), (.correction, "update", "U"), (.administration(kind: .notGiven), "create", "C"),
        (.override(kind: .allergy), "create", "C"),
    ])
    func chartingIsACreateAndACorrectionAnUpdate(action: AuditAction, subtype: String, crude: String) throws {
        let resource = try json(action, patient: "pat-9")
        #expect(code((resource["subtype"] as? [Any])?.first) == subtype)
        #expect(resource["action"] as? String == crude)
        #expect(patientEntity(resource) != nil)
    }

    @Test func sessionActionsUseTheDICOMTypesAndFailuresAreMinorFailures() throws {
        let failed = try json(.unlockFailed(attempts: 3), outcome: .failure)
        #expect(code(failed["type"]) == "110114")
        #expect(code((failed["subtype"] as? [Any])?.first) == "110122")
        #expect(failed["outcome"] as? String == "4")
        #expect(code((try json(.lock))["type"]) == "110114")
        #expect(code((try json(.sync))["type"]) == "110107")
        #expect((try json(.wipe))["action"] as? String == "D")
    }

    @Test func aServerLoginAndLogoutAreUserAuthenticationEvents() throws {
        let login = try json(.serverLogin)
        #expect(code(login["type"]) == "110114")
        #expect(code((login["subtype"] as? [Any])?.first) == "110122")
        let logout = try json(.serverLogout)
        #expect(code(logout["type"]) == "110114")
        #expect(code((logout["subtype"] as? [Any])?.first) == "110123")
    }

    @Test func aPassphraseChangeIsASecurityAlertOfTheUsersSecurityAttributes() throws {
        let changed = try json(.passphraseChanged)
        #expect(code(changed["type"]) == "110113")
        #expect(code((changed["subtype"] as? [Any])?.first) == "110137")
        #expect(changed["action"] as? String == "U")
    }

    @Test func theUserIsTheRequestorAndTheSMARTClientASecondAgent() throws {
        let resource = try json(.chartOpened(tab: "summary"), actor: remote, patient: "pat-1")
        let agents = try #require(resource["agent"] as? [[String: Any]])
        #expect(agents.count == 2)
        #expect((agents[0]["who"] as? [String: Any])?["display"] as? String == "dr2")
        #expect(agents[0]["requestor"] as? Bool == true)
        #expect((agents[0]["network"] as? [String: Any])?["address"] as? String == "10.0.0.9")
        #expect(((agents[1]["who"] as? [String: Any])?["identifier"] as? [String: Any])?["value"] as? String == "emr-ward")
        #expect(agents[1]["requestor"] as? Bool == false)
        let source = try #require(resource["source"] as? [String: Any])
        #expect(source["site"] as? String == "ward-host")
        #expect((source["observer"] as? [String: Any])?["display"] as? String == "emr")
    }

    /// With a user login the requestor is the Practitioner the server knows, still named by
    /// the OS account; without one, only the account (no reference to nothing).
    @Test func aLoggedInUserIsReferencedAsTheirPractitioner() throws {
        var clinician = nurse
        clinician.fhirUser = "Practitioner/prac-nurse-adams"
        let agents = try #require(try json(.charting, actor: clinician, patient: "pat-1")["agent"] as? [[String: Any]])
        let who = try #require(agents[0]["who"] as? [String: Any])
        #expect(who["reference"] as? String == "Practitioner/prac-nurse-adams")
        #expect(who["display"] as? String == "nurse1")
        let offline = try #require(try json(.charting, patient: "pat-1")["agent"] as? [[String: Any]])
        #expect((offline[0]["who"] as? [String: Any])?["reference"] == nil)
    }

    @Test func aLocalTerminalHasNoNetworkAddress() throws {
        let agents = try #require(try json(.unlock)["agent"] as? [[String: Any]])
        #expect(agents.count == 1)
        #expect(agents[0]["network"] == nil)
    }

    @Test func thePatientAppearsOnlyAsTheReference() throws {
        let event = AuditEvent(time: time, actor: nurse, action: .chartOpened(tab: "labs"), patientID: "pat-77", outcome: .success)
        let text = String(decoding: AuditEventResource(id: "x", event: event, workstation: "h").json, as: UTF8.self)
        #expect(text.components(separatedBy: "pat-77").count == 2)
        #expect(text.contains(#""reference":"Patient/pat-77""#))
    }
}
