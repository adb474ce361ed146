import Foundation

/// What one outbox item carries: a resource to PUT, named by type and id, with the patient it
/// belongs to and its JSON exactly as stored in the cache. Sealed as the item's payload.
struct OutboxEnvelope: RecordFields, Hashable {
    var resourceType: String
    var id: String
    var patientID: String
    /// The server version the resource is a new version of (see `ChartedResource.serverVersion`).
    var ifMatch: String?
    var json: Data

    init(resourceType: String, id: String, patientID: String, ifMatch: String? = nil, json: Data) {
        self.resourceType = resourceType
        self.id = id
        self.patientID = patientID
        self.ifMatch = ifMatch
        self.json = json
    }

    static var blank: OutboxEnvelope { OutboxEnvelope(resourceType: "", id: "", patientID: "", json: Data()) }

    mutating func fields<Coder: RecordCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.code(&resourceType)
        try coder.code(&id)
        try coder.code(&patientID)
        try coder.code(&ifMatch)
        try coder.code(tail: &json)
    }

    var bytes: Data {
        var writer = ByteWriter()
        encode(to: &writer)
        return Data(writer.bytes)
    }

    init(_ payload: Data) throws(BinaryRecordError) {
        var reader = ByteReader(payload)
        try self.init(from: &reader)
    }
}
