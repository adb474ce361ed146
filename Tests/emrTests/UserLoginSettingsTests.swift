import DataFHIR
import Foundation
import SecurityKit
import Testing
@testable import emr

@Suite("emr login: PKCE and settings")
struct UserLoginSettingsTests {
    /// RFC 7636 appendix B: these 32 octets, as the verifier, and its S256 challenge.
    @Test func pkceMatchesRFC7636AppendixB() {
        let octets: [UInt8] = [
            116, 24, 223, 180, 151, 153, 224, 37, 79, 250, 96, 125, 216, 173, 187, 186,
            22, 212, 37, 77, 105, 214, 191, 240, 91, 88, 5, 88, 83, 132, 141, 121,
        ]
        let pkce = PKCE(randomBytes: Data(octets), sha256: sha256)
        #expect(pkce.verifier == "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")
        #expect(pkce.challenge == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
        #expect(PKCE.method == "S256")
    }

    private func settings(_ config: String, _ words: [String] = []) throws -> UserLoginSettings {
        guard let options = try Invocation.parse(["login"] + words).options(LoginOptions.self) else { throw CommandFailure.usage("not login") }
        return try UserLoginSettings(options: options, config: try Config.parse(config, path: "config"))
    }

    @Test func defaultsAskForTheUserScopesOnlineAndRedirectToTheLoopback() throws {
        let login = try settings("login_client_id = emr-ward\n")
        #expect(login.clientID == "emr-ward")
        #expect(login.scope == "openid fhirUser online_access user/*.rs user/Observation.cu user/MedicationAdministration.cu user/AuditEvent.c")
        #expect(login.redirectURI.absoluteString == "http://127.0.0.1:8765/callback")
        #expect(!login.noBrowser)
    }

    @Test func theCommandLineOverridesTheConfig() throws {
        let login = try settings(
            "login_client_id = a\nlogin_redirect_port = 9000\nlogin_access = offline\nlogin_scope = user/*.rs\n",
            ["--client-id", "b", "--redirect-port", "9100", "--no-browser"])
        #expect(login.clientID == "b")
        #expect(login.redirectPort == 9100)
        #expect(login.scope == "openid fhirUser offline_access user/*.rs")
        #expect(login.noBrowser)
    }

    @Test func theDeviceLoginIsChosenByOptionOrConfigAndNoBrowserKeepsPasteBack() throws {
        #expect(!(try settings("login_client_id = a\n")).device)
        #expect(try settings("login_client_id = a\n", ["--device"]).device)
        #expect(try settings("login_client_id = a\nlogin_flow = device\n").device)
        #expect(!(try settings("login_client_id = a\nlogin_flow = device\n", ["--no-browser"])).device)
        #expect(throws: CommandFailure.self) { try settings("login_client_id = a\nlogin_flow = tv\n") }
    }

    @Test func theDeviceLoginShowsTheAddressAndTheCodeInTwoLines() {
        let authorization = DeviceAuthorization(
            deviceCode: "d", userCode: "BCDF-GHJK", verificationURI: URL(string: "https://idp.example.org/device")!,
            verificationURIComplete: URL(string: "https://idp.example.org/device?user_code=BCDF-GHJK"), expiresIn: 1800, interval: 5)
        #expect(LoginCommand.instructions(authorization) == [
            "On any device, open https://idp.example.org/device and enter the code BCDF-GHJK "
                + "(or open https://idp.example.org/device?user_code=BCDF-GHJK)",
            "Waiting for the login to be approved (the code works for 30 min; Ctrl-C cancels)",
        ])
    }

    /// Over SSH a nurse at the paste-back prompt learns that the server also takes a code
    /// typed on a phone, and how to choose it there (a ward account runs nothing but the
    /// workstation), in one line that fits 80 columns; a server without the device grant gets
    /// no such line.
    @Test func thePasteBackPromptNamesTheDeviceLoginOnlyWhenTheServerOffersIt() {
        let url = URL(string: "https://idp.example.org/authorize?state=s")!
        let redirect = URL(string: "http://127.0.0.1:8765/callback")!
        let question = "Then paste the address the browser ends on (http://127.0.0.1:8765/callback?code=...), or just the code:"
        let offered = LoginCommand.pasteBackPrompt(url, redirectURI: redirect, offersDevice: true)
        #expect(offered == [
            "Open this address in a browser on any device and log in:", url.absoluteString,
            "Or type device to log in with a code on any device instead", question,
        ])
        #expect(offered[2].count <= 80)
        #expect(LoginCommand.pasteBackPrompt(url, redirectURI: redirect, offersDevice: false) == [
            "Open this address in a browser on any device and log in:", url.absoluteString, question,
        ])
    }

    @Test func mistakesAreOneLineUsageErrors() {
        for (config, words) in [("", []), ("login_client_id = a\n", ["--redirect-port", "80"]), ("login_client_id = a\nlogin_access = always\n", [])] {
            #expect(throws: CommandFailure.self) { try settings(config, words) }
        }
        #expect(throws: CommandFailure.self) { try UserLoginSettings.isUserLogin(try Config.parse("login = maybe\n", path: "config")) }
        #expect((try? UserLoginSettings.isUserLogin(try Config.parse("login = user\n", path: "config"))) == true)
        #expect((try? UserLoginSettings.isUserLogin(Config())) == false)
    }
}
