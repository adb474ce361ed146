/// The check of a rest-hook request's `Authorization` header against the listener's token,
/// in time that does not depend on where the first wrong byte is, so a forger timing the
/// answers learns nothing of the token.
public enum BearerToken {
    /// True when `header` is exactly `Bearer <token>` (the scheme case-insensitive, as RFC
    /// 6750 says). Every byte of the longer of the two is looked at, whatever matches.
    public static func authorizes(header: String?, token: String) -> Bool {
        guard let header, !token.isEmpty else { return false }
        let scheme = header.prefix(7)
        let presented = Array(header.utf8.dropFirst(7)), expected = Array(token.utf8)
        var difference = UInt8(scheme.lowercased() == "bearer " ? 0 : 1)
        difference |= presented.count == expected.count ? 0 : 1
        for index in 0..<max(presented.count, expected.count) {
            let left = index < presented.count ? presented[index] : 0
            let right = index < expected.count ? expected[index] : 0
            difference |= left ^ right
        }
        return difference == 0
    }
}
