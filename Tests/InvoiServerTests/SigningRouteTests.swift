import Foundation
import InvoiSigning
import InvoiTestSupport
import Testing

@testable import InvoiServer

/// `sign=true`: the server signs with its own key (a client never sends one), on the render
/// pool; a server without a key, or a format that is no PDF, is a 400 naming what to change.
@Suite(.timeLimit(.minutes(2)))
struct SigningRouteTests {
    @Test func aServerWithAKeySignsWhenAsked() async throws {
        let keys = try SigningKeys()
        defer { keys.remove() }
        let identity = try SigningIdentity.keystore(at: keys.path("rsa.p12"), password: SigningKeys.password)
        try await withServer(signer: PDFSigner(identity: identity)) { _, port in
            for (format, invoice) in [("pdf", Fixtures.invoice), ("facturx", Fixtures.eInvoice)] {
                let signed = try await HTTPTestClient.post(
                    "/render?format=\(format)&sign=true", port: port, json: invoice)
                #expect(signed.status == 200, "\(format): \(signed.text.prefix(300))")
                let report = try Tools.withFile(signed.body, name: "signed.pdf") { file in
                    try Tools.run("pdfsig", [file.path]).output
                }
                #expect(report.contains("Signature is Valid."), "\(format): \(report)")
                #expect(report.contains("Total document signed"), "\(format): \(report)")
                let text = try Tools.withFile(signed.body, name: "signed.pdf") { file in
                    try Tools.run("pdftotext", [file.path, "-"]).output
                }
                // The fixtures are German invoices.
                #expect(text.contains("Digital signiertes Dokument"), "\(format): the page does not say it is signed")
            }
            // Not asked: not signed, and the page says nothing of it.
            let plain = try await HTTPTestClient.post("/render", port: port, json: Fixtures.invoice)
            #expect(plain.status == 200)
            #expect(!plain.text.contains("/SubFilter /ETSI.CAdES.detached"))
            let plainText = try Tools.withFile(plain.body, name: "plain.pdf") { file in
                try Tools.run("pdftotext", [file.path, "-"]).output
            }
            #expect(!plainText.contains("Digital signiertes Dokument"))
            let png = try await HTTPTestClient.post("/render?format=png&sign=true", port: port, json: Fixtures.invoice)
            #expect(png.status == 400)
            #expect(png.text.contains("only pdf and facturx are signed"), "\(png.text)")
        }
    }

    @Test func aServerWithoutAKeyRefusesToSign() async throws {
        try await withServer { _, port in
            let response = try await HTTPTestClient.post("/render?sign=true", port: port, json: Fixtures.invoice)
            #expect(response.status == 400)
            #expect(response.text.contains("--sign-keystore"), "\(response.text)")
            let problems = response.json["error"] as? [String: Any]
            #expect(((problems?["problems"] as? [[String: Any]])?.first?["path"] as? String) == "sign")
            let bad = try await HTTPTestClient.post("/render?sign=yes", port: port, json: Fixtures.invoice)
            #expect(bad.status == 400)
            #expect(bad.text.contains("true or false"))
        }
    }

    @Test func theExecutableRefusesAKeystoreItCannotUse() throws {
        let keys = try SigningKeys()
        defer { keys.remove() }
        for (path, password, status, message) in [
            (keys.path("missing.p12"), "secret", Int32(66), "cannot be read"),
            (keys.path("rsa.p12"), "wrong", 65, "password does not open it"),
        ] {
            var environment = ProcessInfo.processInfo.environment
            environment["INVOI_SIGN_PASSWORD"] = password
            let run = try Tools.execute(
                BuiltProducts.server, ["--port", "0", "--sign-keystore", path], environment: environment)
            #expect(run.status == status)
            #expect(String(decoding: run.standardError, as: UTF8.self).contains(message))
        }
    }
}
