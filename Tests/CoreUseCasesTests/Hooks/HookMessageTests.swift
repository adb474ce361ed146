import CoreUseCases
import Testing

@Suite struct HookMessageTests {
    @Test func anEventIsOneLineOfIdsThatReadsBack() {
        let message = HookMessage.changed(ResultEvent(type: "Observation", id: "k-69", patientID: "p1"))
        #expect(message.line == #"{"id":"k-69","patient":"p1","type":"Observation"}"#)
        #expect(HookMessage(line: message.line) == message)
    }

    @Test func aFullSyncReadsBack() {
        #expect(HookMessage(line: HookMessage.syncAll.line) == .syncAll)
    }

    @Test(arguments: ["", "{", #"{"type":"Observation","id":"o1"}"#, #"{"sync":"some"}"#, "[1]"])
    func noiseIsNoMessage(_ line: String) {
        #expect(HookMessage(line: line) == nil)
    }
}
