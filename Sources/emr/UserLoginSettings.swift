import Foundation

/// How this account logs its user in (SMART App Launch), from `$EMR_HOME/config` and the
/// command line: `login = user` switches `emr sync` and the workstation to the user's token;
/// `login_client_id`, `login_redirect_port`, `login_scope`, `login_access` and `login_flow`
/// shape the login.
struct UserLoginSettings: Equatable {
    static let defaultRedirectPort = 8765
    static let defaultUserScope = "user/*.rs user/Observation.cu user/MedicationAdministration.cu user/AuditEvent.c"

    var clientID: String
    var redirectPort: Int
    /// `openid fhirUser`, `online_access` or `offline_access`, then the user scopes.
    var scope: String
    var noBrowser: Bool
    /// The device authorization grant (RFC 8628) instead of the code flow: `--device` or
    /// `login_flow = device` (a ward server over SSH whose authorization server offers it).
    var device: Bool

    var redirectURI: URL { URL(string: "http://127.0.0.1:\(redirectPort)/callback")! }

    /// True when `login = user`: requests carry the logged-in user's token.
    static func isUserLogin(_ config: Config) throws(CommandFailure) -> Bool {
        switch config.values["login"]?.lowercased() ?? "backend" {
        case "user": return true
        case "backend": return false
        case let other: throw CommandFailure(message: "emr: login must be user or backend, got '\(other)'", status: .usage)
        }
    }

    init(clientID: String, redirectPort: Int, scope: String, noBrowser: Bool, device: Bool = false) {
        self.clientID = clientID
        self.redirectPort = redirectPort
        self.scope = scope
        self.noBrowser = noBrowser
        self.device = device
    }

    init(options: LoginOptions, config: Config) throws(CommandFailure) {
        guard let clientID = options.login.clientID ?? config.values["login_client_id"] else {
            throw CommandFailure(
                message: "emr: login needs the app's client id at the server: --client-id ID or 'login_client_id =' in $EMR_HOME/config",
                status: .usage)
        }
        let portText = options.login.redirectPort ?? config.values["login_redirect_port"] ?? "\(Self.defaultRedirectPort)"
        guard let port = Int(portText), (1024...65535).contains(port) else {
            throw CommandFailure(message: "emr: the redirect port must be a number from 1024 to 65535, got '\(portText)'", status: .usage)
        }
        let access: String
        switch config.values["login_access"]?.lowercased() ?? "online" {
        case "online": access = "online_access"
        case "offline": access = "offline_access"
        case let other: throw CommandFailure(message: "emr: login_access must be online or offline, got '\(other)'", status: .usage)
        }
        let device: Bool
        switch config.values["login_flow"]?.lowercased() ?? "code" {
        case "code": device = options.login.device
        case "device": device = !options.login.noBrowser
        case let other: throw CommandFailure(message: "emr: login_flow must be code or device, got '\(other)'", status: .usage)
        }
        let userScope = options.login.userScope ?? config.values["login_scope"] ?? Self.defaultUserScope
        self.init(
            clientID: clientID, redirectPort: port, scope: "openid fhirUser \(access) \(userScope)", noBrowser: options.login.noBrowser,
            device: device)
    }
}
