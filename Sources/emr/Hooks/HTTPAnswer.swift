/// The statuses the hooks listener answers with, and the bytes of such an answer: no body
/// (a rest-hook client reads only the status), and the connection closed after it.
enum HTTPAnswer: Int {
    case ok = 200
    case badRequest = 400
    case unauthorized = 401
    case notFound = 404
    case methodNotAllowed = 405
    case timeout = 408
    case lengthRequired = 411
    case tooLarge = 413
    case headersTooLarge = 431
    case busy = 503

    var reason: String {
        switch self {
        case .ok: "OK"
        case .badRequest: "Bad Request"
        case .unauthorized: "Unauthorized"
        case .notFound: "Not Found"
        case .methodNotAllowed: "Method Not Allowed"
        case .timeout: "Request Timeout"
        case .lengthRequired: "Length Required"
        case .tooLarge: "Content Too Large"
        case .headersTooLarge: "Request Header Fields Too Large"
        case .busy: "Service Unavailable"
        }
    }

    var bytes: [UInt8] {
        let challenge = self == .unauthorized ? "WWW-Authenticate: Bearer\r\n" : ""
        return Array("HTTP/1.1 \(rawValue) \(reason)\r\n\(challenge)Content-Length: 0\r\nConnection: close\r\n\r\n".utf8)
    }
}
