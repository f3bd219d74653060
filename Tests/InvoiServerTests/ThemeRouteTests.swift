import Foundation
import InvoiTestSupport
import Testing

@testable import InvoiServer

/// `--themes DIR`, `?theme=NAME`, `?design=NAME` and `GET /themes`, against a server in this
/// process (and the executable, for the start that a bad theme fails).
@Suite(.timeLimit(.minutes(3)))  // renders beside the rest of the suite on two cores
struct ThemeRouteTests {
    /// A themes directory holding `files` (name → JSON), removed afterwards by the caller.
    private static func directory(_ files: [String: String]) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "invoi-themes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (name, json) in files { try Data(json.utf8).write(to: directory.appendingPathComponent(name)) }
        return directory
    }

    private static let brand =
        #"{"version": 1, "design": "band", "labels": {"total": "Grand total"}, "paper": "letter"}"#

    private static func configuration(themes directory: URL) -> ServerConfiguration {
        var configuration = ServerConfiguration.testing
        configuration.themeDirectory = directory.path
        return configuration
    }

    @Test func aThemeByNameAndTheList() async throws {
        let themes = try Self.directory([
            "brand.json": Self.brand, "plain_1.json": #"{"version": 1}"#, "notes.txt": "x",
        ])
        defer { try? FileManager.default.removeItem(at: themes) }
        try await withServer(Self.configuration(themes: themes)) { _, port in
            let list = try await HTTPTestClient.send("GET", "/themes", port: port)
            #expect(list.status == 200)
            #expect(
                list.text.trimmingCharacters(in: .newlines)
                    == #"{"themes":[{"name":"brand","design":"band"},{"name":"plain_1","design":"classic"}]}"#)
            let themed = try await HTTPTestClient.post(
                "/render?format=ops&theme=brand", port: port, json: Fixtures.invoice)
            #expect(themed.status == 200, "\(themed.text.prefix(300))")
            #expect(themed.text.contains("Grand total"))
            #expect(themed.text.contains(#""size": [612, 792]"#), "the theme's paper")
            let paper = try await HTTPTestClient.post(
                "/render?format=ops&theme=brand&paper=a4", port: port, json: Fixtures.invoice)
            #expect(paper.text.contains(#""size": [595.28, 841.89]"#), "paper= over the theme's")
            let plain = try await HTTPTestClient.post("/render?format=ops", port: port, json: Fixtures.invoice)
            #expect(plain.status == 200 && !plain.text.contains("Grand total"))
        }
    }

    @Test(arguments: ["../brand", "brand.json", "a/b", ".", "", "br%20and", "%2Fetc%2Fpasswd"])
    func aThemeIsANameNeverAPath(name: String) async throws {
        let themes = try Self.directory(["brand.json": Self.brand])
        defer { try? FileManager.default.removeItem(at: themes) }
        try await withServer(Self.configuration(themes: themes)) { _, port in
            let response = try await HTTPTestClient.post("/render?theme=\(name)", port: port, json: Fixtures.invoice)
            #expect(response.status == 400, "\(response.text)")
            #expect(response.problemPaths == ["theme"])
            let message = (response.json["error"] as? [String: Any])?["message"] as? String ?? ""
            #expect(message.contains("is no theme name: a name is letters, digits, _ and -"), "\(message)")
        }
    }

    @Test func anUnknownThemeOrDesignIs400() async throws {
        let themes = try Self.directory(["brand.json": Self.brand])
        defer { try? FileManager.default.removeItem(at: themes) }
        try await withServer(Self.configuration(themes: themes)) { _, port in
            let unknown = try await HTTPTestClient.post("/render?theme=other", port: port, json: Fixtures.invoice)
            #expect(unknown.status == 400)
            #expect(unknown.problemPaths == ["theme"])
            #expect(unknown.text.contains(#"no theme \"other\" on this server; GET /themes lists them"#))
            let design = try await HTTPTestClient.post("/render?design=fancy", port: port, json: Fixtures.invoice)
            #expect(design.status == 400)
            #expect(design.problemPaths == ["design"])
            for name in ["classic", "compact", "band", "letter"] {
                let response = try await HTTPTestClient.post(
                    "/render?format=txt&design=\(name)&theme=brand", port: port, json: Fixtures.invoice)
                #expect(response.status == 200, "\(name): \(response.text.prefix(300))")
            }
        }
    }

    @Test func withoutThemesNoneIsChosen() async throws {
        try await withServer { _, port in
            let list = try await HTTPTestClient.send("GET", "/themes", port: port)
            #expect(list.text.trimmingCharacters(in: .newlines) == #"{"themes":[]}"#)
            let response = try await HTTPTestClient.post("/render?theme=brand", port: port, json: Fixtures.invoice)
            #expect(response.status == 400)
            #expect(response.text.contains("this server has no themes (it is started without --themes)"))
        }
    }

    @Test func anInvoiceNamesADesignButNeverAThemeFile() async throws {
        try await withServer { _, port in
            let file = try await HTTPTestClient.post(
                "/render", port: port, json: Data(#"{"theme": "../../etc/brand.json"}"#.utf8))
            #expect(file.status == 422)
            #expect(file.problemPaths == ["theme"])
            let design = try await HTTPTestClient.post(
                "/render?format=txt", port: port, json: Data(#"{"theme": "band", "design": "compact"}"#.utf8))
            #expect(design.status == 200, "\(design.text.prefix(300))")
        }
    }

    @Test func aBadThemeFailsTheStart() throws {
        let themes = try Self.directory([
            "good.json": Self.brand, "bad.json": #"{"version": 1, "size": 30, "colour": {}}"#,
        ])
        defer { try? FileManager.default.removeItem(at: themes) }
        #expect {
            _ = try InvoiServer(configuration: Self.configuration(themes: themes))
        } throws: { error in
            guard case .themes(let problems, let isDataError)? = error as? InvoiServer.StartError else { return false }
            return isDataError
                && problems == [
                    "error: \(themes.path)/bad.json: size: the body size is from 8 to 14 pt, got 30",
                    #"error: \#(themes.path)/bad.json: unknown field "colour" — did you mean "colors"?"#,
                ]
        }
        let run = try Tools.execute(BuiltProducts.server, ["--port", "0", "--themes", themes.path])
        #expect(run.status == 65)
        #expect(
            String(decoding: run.standardError, as: UTF8.self).hasPrefix(
                "invoi-server: error: \(themes.path)/bad.json: size: the body size is from 8 to 14 pt, got 30\n"))
        let missing = try Tools.execute(BuiltProducts.server, ["--port", "0", "--themes", themes.path + "/none"])
        #expect(missing.status == 66)
        let badName = try Self.directory(["my theme.json": #"{"version": 1}"#])
        defer { try? FileManager.default.removeItem(at: badName) }
        let renamed = try Tools.execute(BuiltProducts.server, ["--port", "0", "--themes", badName.path])
        #expect(renamed.status == 65)
        #expect(String(decoding: renamed.standardError, as: UTF8.self).contains("rename the file"))
    }
}
