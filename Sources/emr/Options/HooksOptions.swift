/// `emr hooks`: the FHIR server, the notification endpoint, and the local socket.
struct HooksOptions: ParsableOptions, Equatable {
    var server = ServerArguments()
    var listen: String?
    var endpoint: String?
    var socket: String?
    var group: String?
    var heartbeat: String?
    var renew: String?
    var tokenFile: String?

    static var groups: [OptionGroup<Self>] {
        [OptionGroup(title: "Listener", options: [
            .value("--listen", "HOST:PORT", \.listen, help: "where the FHIR server's notifications arrive (or 'hooks_listen =' in config; "
                + "default 127.0.0.1:8091, port 0 for any free one)"),
            .value("--endpoint", "URL", \.endpoint, help: "the notification URL as the server reaches it (or 'hooks_endpoint ='; "
                + "default http://HOST:PORT/notify)"),
            .value("--socket", "PATH", \.socket, help: "the workstations' Unix socket (or 'hooks_socket ='; default \(HooksSettings.defaultSocket))"),
            .value("--group", "NAME", \.group, help: "the group whose members may read the socket (or 'hooks_group ='); "
                + "without it only this account"),
            .value("--heartbeat", "SECONDS", \.heartbeat, help: "the server's heartbeat period; two missed mean a full sync (default 60)"),
            .value("--renew", "SECONDS", \.renew, help: "how often the census is read again and the Subscription renewed (default 300)"),
            .value("--token-file", "FILE", \.tokenFile, help: "the notifications' bearer token, made when missing (mode 0600; "
                + "default $EMR_HOME/hooks-token)"),
        ])] + ServerArguments.groups.map { $0.nested(in: \.server) }
    }
}
