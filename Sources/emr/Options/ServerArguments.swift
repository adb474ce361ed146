/// The FHIR server options shared by `emr sync` and the online workstation, as typed. What
/// they mean together (with `$EMR_HOME/config` filling gaps) is `ServerOptions`.
struct ServerArguments: ParsableOptions, Equatable {
    var server: String?
    var ward: String?
    var patients: String?
    var timeout: String?
    var clientID: String?
    var clientSecretFile: String?
    var clientAuth: String?
    var privateKey: String?
    var keyID: String?
    var scope: String?

    static var groups: [OptionGroup<Self>] {
        [OptionGroup(title: "Server", options: [
            .value("--server", "URL", \.server,
                   help: "the FHIR R4 server (or 'server =' in config); the workstation then syncs in the background "
                       + "every sync_interval minutes (config, default 5), OFFLINE while unreachable"),
            .value("--ward", "LOCATION-ID", \.ward,
                   help: "the census: the ward Location whose patients are synced (without a server, the workstation "
                       + "lists only this ward)"),
            .value("--patients", "ID,...", \.patients, help: "the census as patient ids instead of a ward"),
            .value("--timeout", "SECONDS", \.timeout, help: "per request, up to 600 (default 30)"),
            .value("--client-id", "ID", \.clientID, help: "SMART Backend Services client, with --client-secret-file or --private-key"),
            .value("--client-secret-file", "FILE", \.clientSecretFile, help: "the client secret (mode 0600)"),
            .value("--client-auth", "METHOD", \.clientAuth, help: "client_secret_basic (default) or client_secret_post"),
            .value("--private-key", "FILE", \.privateKey, help: "PEM key for a signed assertion (RSA: RS384, P-384: ES384)"),
            .value("--key-id", "KID", \.keyID, help: "the key's id at the server (default the file name)"),
            .value("--scope", "SCOPES", \.scope, help: "scopes asked for (default \(ServerOptions.defaultScope))"),
        ])]
    }
}
