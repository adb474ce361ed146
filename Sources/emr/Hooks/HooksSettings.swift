import Foundation

/// What `emr hooks` runs with: its options, then `$EMR_HOME/config` (`hooks_listen`,
/// `hooks_endpoint`, `hooks_socket`, `hooks_group`), then the defaults, checked.
struct HooksSettings: Equatable {
    /// Where the workstations look for the listener when the config names none.
    static let defaultSocket = "/run/emr-hooks/events.sock"

    var host: String
    var port: UInt16
    /// The URL the FHIR server POSTs to; `http://HOST:PORT/notify` unless it reaches the
    /// listener another way (a proxy).
    var endpoint: String?
    var socket: String
    var group: String?
    var heartbeatSeconds: Int
    var renewSeconds: Int
    var tokenFile: String

    static let notifyPath = "/notify"

    init(_ options: HooksOptions, config: Config, home: String) throws(CommandFailure) {
        let listen = options.listen ?? config.values["hooks_listen"] ?? "127.0.0.1:8091"
        guard let colon = listen.lastIndex(of: ":"), let port = UInt16(listen[listen.index(after: colon)...]) else {
            throw CommandFailure(message: "emr: --listen must be HOST:PORT (an IPv4 address), got '\(listen)'", status: .usage)
        }
        host = String(listen[..<colon])
        self.port = port
        endpoint = options.endpoint ?? config.values["hooks_endpoint"]
        if let endpoint, URL(string: endpoint).map({ ["http", "https"].contains($0.scheme ?? "") && $0.host != nil }) != true {
            throw CommandFailure(message: "emr: --endpoint must be an http(s) URL, got '\(endpoint)'", status: .usage)
        }
        socket = options.socket ?? config.values["hooks_socket"] ?? Self.defaultSocket
        group = options.group ?? config.values["hooks_group"]
        heartbeatSeconds = try Self.seconds(options.heartbeat, name: "--heartbeat", default: 60)
        renewSeconds = try Self.seconds(options.renew, name: "--renew", default: 300)
        tokenFile = options.tokenFile ?? (home.hasSuffix("/") ? home : home + "/") + "hooks-token"
    }

    /// The listener's socket as a workstation finds it: `hooks_socket` in its config, else the
    /// default path when a listener made it; nil when there is none (the workstation polls).
    static func workstationSocket(config: Config) -> String? {
        config.values["hooks_socket"] ?? (FileManager.default.fileExists(atPath: defaultSocket) ? defaultSocket : nil)
    }

    /// The endpoint as the server is told it, for a listener bound to `port`.
    func endpoint(port: UInt16) -> String { endpoint ?? "http://\(host):\(port)\(Self.notifyPath)" }

    private static func seconds(_ text: String?, name: String, default value: Int) throws(CommandFailure) -> Int {
        guard let text else { return value }
        guard let seconds = Int(text), (1...86_400).contains(seconds) else {
            throw CommandFailure(message: "emr: \(name) must be whole seconds from 1 to 86400, got '\(text)'", status: .usage)
        }
        return seconds
    }
}
