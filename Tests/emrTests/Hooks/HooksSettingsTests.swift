@testable import emr
import Testing

@Suite struct HooksSettingsTests {
    @Test func defaultsListenOnLoopbackAndNameTheEndpointFromThePort() throws {
        let settings = try HooksSettings(HooksOptions(), config: Config(), home: "/home/emr-hooks/.emr")
        #expect(settings.host == "127.0.0.1")
        #expect(settings.port == 8091)
        #expect(settings.endpoint(port: 40_001) == "http://127.0.0.1:40001/notify")
        #expect(settings.socket == HooksSettings.defaultSocket)
        #expect(settings.tokenFile == "/home/emr-hooks/.emr/hooks-token")
        #expect(settings.heartbeatSeconds == 60)
    }

    @Test func optionsComeBeforeTheConfig() throws {
        var options = HooksOptions()
        options.listen = "10.0.0.5:9000"
        let config = Config(values: ["hooks_listen": "127.0.0.1:1", "hooks_socket": "/run/x.sock", "hooks_endpoint": "https://ward.example/notify"])
        let settings = try HooksSettings(options, config: config, home: "/h")
        #expect(settings.host == "10.0.0.5")
        #expect(settings.port == 9000)
        #expect(settings.socket == "/run/x.sock")
        #expect(settings.endpoint(port: 9000) == "https://ward.example/notify")
    }

    static func options(_ change: (inout HooksOptions) -> Void) -> HooksOptions {
        var options = HooksOptions()
        change(&options)
        return options
    }

    @Test(arguments: [
        options { $0.listen = "8091" }, options { $0.listen = "host:99999" }, options { $0.endpoint = "ftp://x/notify" },
        options { $0.heartbeat = "0" }, options { $0.renew = "soon" },
    ])
    func refusesWhatCannotWork(_ options: HooksOptions) {
        #expect(throws: CommandFailure.self) { try HooksSettings(options, config: Config(), home: "/h") }
    }
}
