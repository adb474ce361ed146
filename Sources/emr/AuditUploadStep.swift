import DataFHIR
import DataLocal
import Foundation

extension SyncCommand {
    /// After a successful sync, sends the audit entries the server does not have yet (the
    /// sync's own entry included). Its failure does not undo or fail the sync: the entries
    /// stay in the cache and go with the next sync, so it is a warning with what to do.
    static func uploadAudit(client: FHIRClient, session: CacheSession, output: (String) -> Void, errors: (String) -> Void) {
        let upload = AuditUpload(client: client, cache: session.cache, workstation: ProcessInfo.processInfo.hostName)
        let outcome = wait { () async -> Result<Int, AuditUploadFailure> in
            do throws(AuditUploadFailure) {
                return .success(try await upload.run())
            } catch {
                return .failure(error)
            }
        }
        switch outcome {
        case .success(let count):
            output("uploaded \(count) audit entries to \(client.serverName)")
        case .failure(let failure):
            errors("emr: \(failure)")
        }
    }
}
