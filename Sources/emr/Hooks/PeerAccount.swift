import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The account at the other end of a Unix socket, as the kernel says (SO_PEERCRED): it
/// cannot be forged by what the peer sends. Who may read the listener's events is decided
/// here: its own account (and root), and members of the configured group.
struct PeerAccount {
    var uid: uid_t
    var gid: gid_t

    init?(socket descriptor: Int32) {
        var credentials = KernelCredentials()
        var length = socklen_t(MemoryLayout<KernelCredentials>.size)
        guard getsockopt(descriptor, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else { return nil }
        uid = credentials.uid
        gid = credentials.gid
    }

    /// True for this process's own account, root, or a member of `group` (its primary group
    /// or one of its supplementary groups, as the group database lists them).
    func mayRead(group: gid_t?) -> Bool {
        if uid == getuid() || uid == 0 { return true }
        guard let group else { return false }
        if gid == group { return true }
        guard let account = getpwuid(uid) else { return false }
        var count: Int32 = 64
        var groups = [gid_t](repeating: 0, count: Int(count))
        guard getgrouplist(account.pointee.pw_name, account.pointee.pw_gid, &groups, &count) >= 0 else { return false }
        return groups.prefix(Int(count)).contains(group)
    }

    /// The id of the group named `name`; nil when there is none.
    static func groupID(named name: String) -> gid_t? {
        getgrnam(name).map { $0.pointee.gr_gid }
    }
}

/// Linux's `struct ucred` (pid, uid, gid, as SO_PEERCRED fills it), which Glibc's module
/// leaves out without `_GNU_SOURCE`: three 32-bit fields, the same layout.
private struct KernelCredentials {
    var pid: pid_t = 0
    var uid: uid_t = 0
    var gid: gid_t = 0
}
