import Foundation

/// What one outbox item carries: a resource to PUT, named by type and id, with the patient it
/// belongs to and its JSON exactly as stored in the cache. Sealed as the item's payload.
struct OutboxEnvelope: BinaryRecord, Hashable {
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

    func encode(to writer: inout ByteWriter) {
        writer.write(resourceType)
        writer.write(id)
        writer.write(patientID)
        writer.write(ifMatch)
        writer.append(tail: json)
    }

    init(from reader: inout ByteReader) throws(BinaryRecordError) {
        self.init(resourceType: try reader.string(), id: try reader.string(), patientID: try reader.string(),
                  ifMatch: try reader.optional(), json: reader.tail())
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
