import DataFHIR
import Foundation
import SecurityKit
#if canImport(Glibc)
import Glibc
#endif

/// `emr hooks`: the ward server's notification listener. It keeps a rest-hook Subscription
/// (R4 backport, `id-only`) for the census's results and medications on the FHIR server,
/// takes the server's notifications on an HTTP endpoint only the server knows the token
/// of, and tells the workstations on this machine over a Unix socket which patient's chart
/// changed. It opens no cache: it needs the server's credentials, never a cache key, and
/// keeps nothing but its token file.
struct HooksCommand {
    var options: HooksOptions
    var config: Config
    var environment: [String: String]
    var home: String

    /// What the listener asks the server for: read the census, write its topic and Subscription.
    static let scope = "system/Encounter.read system/Basic.write system/Subscription.write"

    func run() throws(CommandFailure) -> ExitStatus {
        let settings = try HooksSettings(options, config: config, home: home)
        let server = ServerOptions(arguments: options.server, config: config, environment: environment)
        let census = try server.census()
        var client = try server.unauthorizedClient()
        if let credentials = try server.credentials() {
            client.authorizer = SMARTTokenProvider(client: client, credentials: credentials, scope: options.server.scope ?? Self.scope)
        }
        let token = try HookToken.loadOrCreate(settings.tokenFile)
        let group = try settings.group.map { name throws(CommandFailure) in
            guard let id = PeerAccount.groupID(named: name) else {
                throw CommandFailure(message: "emr: there is no group '\(name)' (--group, hooks_group)", status: .usage)
            }
            return id
        }
        let stop = StopSignal()
        let socket: LocalEventSocket, http: HookHTTPServer
        do {
            socket = try LocalEventSocket(path: settings.socket, group: group)
            http = try HookHTTPServer(host: settings.host, port: settings.port, path: HooksSettings.notifyPath, token: token)
        } catch {
            throw CommandFailure(message: "emr: hooks cannot listen: \(error)", status: .usage)
        }
        let subscriptionID = "emr-hooks-" + randomBytes(8).map { String(format: "%02x", $0) }.joined()
        let receiver = NotificationReceiver(subscriptionID: subscriptionID, socket: socket, heartbeatSeconds: settings.heartbeatSeconds)
        socket.start()
        http.start(handler: receiver.receive)
        HooksLog.line("listening on \(settings.host):\(http.port), workstations on \(settings.socket)")
        let keeper = SubscriptionKeeper(
            client: client, census: census, subscriptionID: subscriptionID, endpoint: settings.endpoint(port: http.port), token: token,
            heartbeatSeconds: settings.heartbeatSeconds, renewSeconds: settings.renewSeconds)
        SyncCommand.wait { await keeper.keep(receiver: receiver, until: stop) }
        socket.remove()
        return .success
    }
}

extension HooksCommand: EmrCommand {
    static let word: String? = "hooks"
    static let summary = "the ward server's listener: keep a rest-hook Subscription for the census's results on the FHIR server "
        + "and pass each notification (ids only) to the workstations on this machine over a Unix socket"

    static func run(_ options: HooksOptions, in context: CommandContext) throws(CommandFailure) -> ExitStatus {
        try HooksCommand(options: options, config: try context.config(), environment: context.environment, home: context.home.directory)
            .run()
    }
}
