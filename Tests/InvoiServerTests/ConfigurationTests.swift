import ArgumentParser
import Testing

@testable import InvoiServer
@testable import invoi_server

/// Every flag has an `INVOI_*` variable; a flag wins over it; bad values are usage errors.
struct ConfigurationTests {
    @Test func environmentThenFlags() throws {
        let environment = [
            "INVOI_HOST": "0.0.0.0", "INVOI_PORT": "9000", "INVOI_WORKERS": "3", "INVOI_MAX_QUEUE": "5",
            "INVOI_MAX_BODY": "1024", "INVOI_TIMEOUT": "2.5", "INVOI_DRAIN_TIMEOUT": "7",
            "INVOI_LOGO_DIR": "/srv/logos",
            "INVOI_FONT": "DejaVu Sans", "INVOI_MAX_CONNECTIONS": "300", "INVOI_HEADER_TIMEOUT": "4",
            "INVOI_IDLE_TIMEOUT": "20", "INVOI_THEMES": "/srv/themes",
        ]
        let fromEnvironment = try InvoiServerCommand.parse([]).resolved(environment: environment)
        #expect(fromEnvironment.host == "0.0.0.0")
        #expect(fromEnvironment.port == 9000)
        #expect(fromEnvironment.workers == 3)
        #expect(fromEnvironment.maximumQueue == 5)
        #expect(fromEnvironment.maximumBodySize == 1024)
        #expect(fromEnvironment.timeout == .milliseconds(2500))
        #expect(fromEnvironment.drainTimeout == .seconds(7))
        #expect(fromEnvironment.logoDirectory == "/srv/logos")
        #expect(fromEnvironment.themeDirectory == "/srv/themes")
        #expect(fromEnvironment.fontFamily == "DejaVu Sans")
        #expect(fromEnvironment.maximumConnections == 300)
        #expect(fromEnvironment.headerTimeout == .seconds(4))
        #expect(fromEnvironment.idleTimeout == .seconds(20))
        let flagged = try InvoiServerCommand.parse(["--port", "9100", "--workers", "1"])
            .resolved(environment: environment)
        #expect(flagged.port == 9100)
        #expect(flagged.workers == 1)
        let defaults = try InvoiServerCommand.parse([]).resolved(environment: [:])
        #expect(defaults.host == "127.0.0.1")
        #expect(defaults.maximumBodySize == 8 << 20)
        #expect(defaults.timeout == .seconds(10))
        #expect(defaults.drainTimeout == .seconds(30))
        #expect(defaults.maximumConnections == 1024)
        var lowered = defaults
        lowered.maximumConnections = 1_000_000
        let limit = try lowered.fitConnectionsToDescriptorLimit()
        #expect(lowered.maximumConnections <= limit - 64 - 8)
        #expect(lowered.loweredConnectionLimit?.requested == 1_000_000)
    }

    @Test func badValuesAreRefused() throws {
        #expect(throws: ValidationError.self) {
            try InvoiServerCommand.parse([]).resolved(environment: ["INVOI_PORT": "eighty"])
        }
        #expect(throws: ValidationError.self) {
            try InvoiServerCommand.parse(["--workers", "0"]).resolved(environment: [:])
        }
    }
}
