import DataFHIR
import Foundation
import Testing

@Suite struct SubscriptionNotificationTests {
    /// A notification as sekmet sends it (`bp.notification_bundle`), with `parameters` after its status ones.
    static func bundle(type: String, count: Int, _ parameters: String = "") -> Data {
        Data(#"""
        {"resourceType":"Bundle","id":"b","type":"history","timestamp":"2026-11-27T04:17:59.033Z","entry":[{"fullUrl":"urn:uuid:5484","resource":
        {"resourceType":"Parameters","id":"5484","parameter":[
        {"name":"subscription","valueReference":{"reference":"http://127.0.0.1:8080/fhir/Subscription/emr-hooks-1"}},
        {"name":"topic","valueCanonical":"https://emr.invalid/fhir/SubscriptionTopic/chart-results"},
        {"name":"status","valueCode":"active"},{"name":"type","valueCode":"\#(type)"},
        {"name":"events-since-subscription-start","valueString":"\#(count)"}\#(parameters)]}}]}
        """#.utf8)
    }

    static func event(_ number: Int, focus: String, context: String?) -> String {
        let extra = context.map { #",{"name":"additional-context","valueReference":{"reference":"\#($0)"}}"# } ?? ""
        return #",{"name":"notification-event","part":[{"name":"event-number","valueString":"\#(number)"},{"name":"timestamp","valueInstant":"2026-11-27T04:17:59.032Z"},{"name":"focus","valueReference":{"reference":"\#(focus)"}}\#(extra)]}"#
    }

    @Test func readsAnEventsFocusAndPatient() throws {
        let body = Self.bundle(type: "event-notification", count: 2,
                               Self.event(2, focus: "http://127.0.0.1:8080/fhir/Observation/k-69", context: "http://127.0.0.1:8080/fhir/Patient/p1"))
        let notification = try #require(SubscriptionNotification.read(body))
        #expect(notification.kind == .eventNotification)
        #expect(notification.subscriptionID == "emr-hooks-1")
        #expect(notification.eventsSinceStart == 2)
        #expect(notification.events == [ChangedResource(type: "Observation", id: "k-69", patientID: "p1")])
    }

    @Test func aHeartbeatHasNoEvents() throws {
        let notification = try #require(SubscriptionNotification.read(Self.bundle(type: "heartbeat", count: 7)))
        #expect(notification.kind == .heartbeat)
        #expect(notification.eventsSinceStart == 7)
        #expect(notification.events.isEmpty)
    }

    @Test func anEventWithoutAPatientKeepsItsFocus() throws {
        let body = Self.bundle(type: "event-notification", count: 1, Self.event(1, focus: "Observation/o1/_history/3", context: nil))
        #expect(SubscriptionNotification.read(body)?.events == [ChangedResource(type: "Observation", id: "o1", patientID: nil)])
    }

    @Test func readsAnR4BSubscriptionStatus() throws {
        let body = Data(#"""
        {"resourceType":"Bundle","type":"history","entry":[{"resource":{"resourceType":"SubscriptionStatus","type":"event-notification",
        "eventsSinceSubscriptionStart":"4","subscription":{"reference":"Subscription/s9"},
        "notificationEvent":[{"eventNumber":"4","focus":{"reference":"DiagnosticReport/d1"},"additionalContext":[{"reference":"Patient/p2"}]}]}}]}
        """#.utf8)
        let notification = try #require(SubscriptionNotification.read(body))
        #expect(notification.subscriptionID == "s9")
        #expect(notification.events == [ChangedResource(type: "DiagnosticReport", id: "d1", patientID: "p2")])
    }

    @Test(arguments: [
        "not json",
        #"{"resourceType":"Bundle","type":"searchset","entry":[]}"#,
        #"{"resourceType":"Observation","id":"o1"}"#,
        #"{"resourceType":"Bundle","type":"history","entry":[{"resource":{"resourceType":"Parameters","parameter":[{"name":"type","valueCode":"heartbeat"}]}}]}"#,
        #"{"resourceType":"Bundle","type":"history","entry":[{"resource":{"resourceType":"Parameters","parameter":[{"name":"type","valueCode":"chat"},{"name":"subscription","valueReference":{"reference":"Subscription/s"}}]}}]}"#,
    ])
    func refusesWhatIsNoNotification(_ text: String) {
        #expect(SubscriptionNotification.read(Data(text.utf8)) == nil)
    }

    @Test func aFocusThatIsNoFHIRReferenceIsDropped() throws {
        let body = Self.bundle(type: "event-notification", count: 1, Self.event(1, focus: "http://evil.example/x?y=1", context: nil))
        #expect(try #require(SubscriptionNotification.read(body)).events.isEmpty)
    }
}
