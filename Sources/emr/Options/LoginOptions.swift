/// `emr login`: the cache (where the session is sealed), the server and app, and how the
/// user's browser reaches the login page.
struct LoginOptions: ParsableOptions, Equatable {
    var cache = CacheOptions()
    var login = LoginArguments()

    static var groups: [OptionGroup<Self>] {
        LoginArguments.groups.map { $0.nested(in: \.login) } + CacheOptions.groups.map { $0.nested(in: \.cache) }
    }
}

/// The options only `emr login` has (the census and Backend Services options do not apply).
struct LoginArguments: ParsableOptions, Equatable {
    var server: String?
    var clientID: String?
    var redirectPort: String?
    var userScope: String?
    var noBrowser = false
    var device = false

    static var groups: [OptionGroup<Self>] {
        [OptionGroup(title: "Login", options: [
            .value("--server", "URL", \.server, help: "the FHIR server to log in to (or 'server =' in config)"),
            .value("--client-id", "ID", \.clientID, help: "the app's public client id at the server (or 'login_client_id =')"),
            .value("--redirect-port", "PORT", \.redirectPort,
                   help: "the registered loopback redirect http://127.0.0.1:PORT/callback (or 'login_redirect_port =' in config; "
                       + "default \(UserLoginSettings.defaultRedirectPort))"),
            .value("--user-scope", "SCOPES", \.userScope,
                   help: "user scopes asked for besides openid fhirUser (or 'login_scope ='; default \(UserLoginSettings.defaultUserScope))"),
            .flag("--no-browser", \.noBrowser,
                  help: "print the address and read back the redirect (or the code) pasted at the prompt, as over SSH; "
                      + "also the way when DISPLAY is unset"),
            .flag("--device", \.device,
                  help: "show a short code to approve at the server's address on any device, and wait (RFC 8628; "
                      + "or 'login_flow = device' in config); needs a server that offers it"),
        ])]
    }
}

/// `emr logout`: the cache whose session is dropped, and the server it is for.
struct LogoutOptions: ParsableOptions, Equatable {
    var cache = CacheOptions()
    var server: String?

    static var groups: [OptionGroup<Self>] {
        [OptionGroup(title: "Logout", options: [
            .value("--server", "URL", \.server, help: "the FHIR server to log out of (default 'server =' in config)"),
        ])] + CacheOptions.groups.map { $0.nested(in: \.cache) }
    }
}
