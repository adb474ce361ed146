import Foundation

/// `application/x-www-form-urlencoded`, strictly: only unreserved characters stay as they are,
/// so a scope's `*` and `/`, a redirect URI's `:` or a secret's `+` arrive as sent (RFC 6749
/// uses it for token requests, authorization URLs and inside the Basic header).
enum FormEncoding {
    static func component(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    static func encode(_ pairs: [(String, String)]) -> String {
        pairs.map { component($0.0) + "=" + component($0.1) }.joined(separator: "&")
    }
}
