import Foundation
import SecurityKit

/// The cache's cryptography: sealing values and computing blind indexes, each under its own
/// subkey of the data key, so an index value never helps an attack on a sealed record.
struct RecordSealer: Sendable {
    private let cipher: RecordCipher
    private let indexer: MessageAuthenticator
    /// Tags the audit log's chain (see `AuditLog`).
    let auditChain: MessageAuthenticator
    /// Keys of rows in the per-table manifest (`RowManifest`).
    let manifest: MessageAuthenticator

    init(dataKey: SecretBytes) throws(CacheError) {
        do {
            cipher = RecordCipher(key: try deriveSubkey(from: dataKey, label: "emr cache records v1"))
            indexer = MessageAuthenticator(key: try deriveSubkey(from: dataKey, label: "emr cache blind index v1"))
            auditChain = MessageAuthenticator(key: try deriveSubkey(from: dataKey, label: "audit-chain"))
            manifest = MessageAuthenticator(key: try deriveSubkey(from: dataKey, label: "emr cache row manifest v1"))
        } catch {
            throw .encryption(reason: "\(error)")
        }
    }

    /// The blind index of `Type/id`: finds a resource without storing its id. A patient's own
    /// index is also the `patient_index` of everything that belongs to them.
    func resourceIndex(type: String, id: String) -> Data {
        indexer.tag(Data("resource\u{0}\(type)/\(id)".utf8))
    }

    func patientIndex(_ patientID: String) -> Data { resourceIndex(type: "Patient", id: patientID) }

    /// The blind index of a user's record of the Results tabs they opened (`ResultViewTable`).
    func viewerIndex(_ user: String) -> Data {
        indexer.tag(Data("result-views\u{0}\(user)".utf8))
    }

    /// The blind index of a secret's name (a separate namespace from resources).
    func secretIndex(_ name: String) -> Data {
        indexer.tag(Data("secret\u{0}\(name)".utf8))
    }

    func seal(_ plaintext: some ContiguousBytes, _ context: SealContext) throws(CacheError) -> Data {
        do {
            return try cipher.seal(plaintext, context: context.associatedData)
        } catch {
            throw .encryption(reason: error.description)
        }
    }

    /// Opens a sealed value read from `rowID`; a value that was altered, or moved from
    /// another row or column, is reported as tampering with that row.
    func open(_ sealed: Data, _ context: SealContext, rowID: Int64) throws(CacheError) -> Data {
        do {
            return try cipher.open(sealed, context: context.associatedData)
        } catch .crypto(let reason) {
            throw .encryption(reason: reason)
        } catch {
            throw .tampered(table: context.table, rowID: rowID)
        }
    }

    /// Opens and decodes a binary record; bytes that authenticate but do not decode
    /// are reported like tampering, since the row cannot be trusted either way.
    func openValue<T: BinaryRecord>(_: T.Type, _ sealed: Data, _ context: SealContext, rowID: Int64) throws(CacheError) -> T {
        try open(sealed, context, rowID: rowID) { (reader) throws(BinaryRecordError) in try T(from: &reader) }
    }

    /// Opens a sealed value and reads it with `decode`.
    func open<T>(
        _ sealed: Data, _ context: SealContext, rowID: Int64, decode: (inout ByteReader) throws(BinaryRecordError) -> T
    ) throws(CacheError) -> T {
        var reader = ByteReader(try open(sealed, context, rowID: rowID))
        do {
            return try decode(&reader)
        } catch {
            throw .tampered(table: context.table, rowID: rowID)
        }
    }
}

/// Where a sealed value lives, authenticated with it as associated data: the table, the
/// column, the resource type and the row's blind indexes. Nothing here is secret; it only
/// makes a value sealed for one place fail to open in any other.
struct SealContext: Sendable {
    let table: String
    /// Label, table, column and resource type, encoded once and shared by every row of a query.
    private let prefix: [UInt8]
    var key: Data
    var patient: Data?

    init(table: String, column: String, resourceType: String = "", key: Data = Data(), patient: Data? = nil) {
        self.table = table
        self.key = key
        self.patient = patient
        var prefix = Array("emr-cache-v1\u{0}".utf8)
        for part in [table, column, resourceType] {
            prefix += part.utf8
            prefix.append(0)
        }
        self.prefix = prefix
    }

    /// The same place in another row.
    func row(key: Data) -> SealContext {
        var copy = self
        copy.key = key
        return copy
    }

    /// Assembled as an array and converted once: appending to `Data` piece by piece costs
    /// several times more, and this runs for every row a chart reads.
    var associatedData: Data {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(prefix.count + 2 + key.count + (patient?.count ?? 0))
        bytes += prefix
        bytes.append(UInt8(key.count))
        key.withUnsafeBytes { bytes += $0 }
        bytes.append(UInt8(patient?.count ?? 0))
        patient?.withUnsafeBytes { bytes += $0 }
        return Data(bytes)
    }
}
