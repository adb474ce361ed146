import DataFHIR
import Foundation
import Testing

@Suite struct ResultsSubscriptionTests {
    static func json(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func isABackportSubscriptionForTheTopicWithIdOnlyPayloadsAndTheToken() throws {
        let subscription = ResultsSubscription(
            id: "emr-hooks-ab", endpoint: "http://127.0.0.1:8091/notify", token: "t0k", patientIDs: ["p1", "p2"], heartbeatSeconds: 30,
            end: Date(timeIntervalSince1970: 1_800_000_000.5))
        let resource = try Self.json(subscription.resource)
        #expect(resource["id"] as? String == "emr-hooks-ab")
        #expect(resource["criteria"] as? String == ResultsTopic.url)
        #expect(resource["end"] as? String == "2027-01-15T08:00:00Z")
        let channel = try #require(resource["channel"] as? [String: Any])
        #expect(channel["header"] as? [String] == ["Authorization: Bearer t0k"])
        #expect(channel["endpoint"] as? String == "http://127.0.0.1:8091/notify")
        #expect("\(channel["_payload"] ?? "")".contains("id-only"))
        #expect("\(channel["extension"] ?? "")".contains("backport-heartbeat-period"))
        let filters = try #require((resource["_criteria"] as? [String: Any])?["extension"] as? [[String: Any]])
        #expect(filters.compactMap { $0["valueString"] as? String } == ResultsTopic.resourceTypes.map { "\($0)?patient=Patient/p1,Patient/p2" })
    }

    @Test func theTopicTriggersOnEachTypeAndFiltersByPatient() throws {
        let topic = try Self.json(ResultsTopic.resource)
        #expect(topic["id"] as? String == ResultsTopic.basicID)
        let text = String(decoding: ResultsTopic.resource, as: UTF8.self)
        for type in ResultsTopic.resourceTypes {
            #expect(text.contains("StructureDefinition/\(type)\""))
        }
        #expect(text.components(separatedBy: "\"filterParameter\"").count == ResultsTopic.resourceTypes.count + 1)
    }
}
