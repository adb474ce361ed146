import CoreDomain
import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension AuditActor {
    /// This process's actor for the audit trail: the OS account, and where the session comes
    /// from — the SSH client's address when logged in over SSH, else the terminal device.
    static func current(environment: [String: String] = ProcessInfo.processInfo.environment) -> AuditActor {
        AuditActor(user: WorkstationCommand.userName(), source: source(environment: environment))
    }

    private static func source(environment: [String: String]) -> String {
        if let address = environment["SSH_CLIENT"]?.split(separator: " ").first { return String(address) }
        for descriptor: Int32 in [0, 1, 2] {
            if let name = ttyname(descriptor) { return String(cString: name) }
        }
        return "no-tty"
    }
}
