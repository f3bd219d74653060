import Foundation
import Testing

/// Logo files and `--accent` through the `invoi` binary: exit statuses and messages.
@Suite struct LogoAndAccentTests {
    /// A 2 × 2 RGBA PNG (#3B82F6).
    static let png = Data(
        base64Encoded:
            "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAEUlEQVR4nGOwbvr2H4QZYAwAW5oKySiUrEcAAAAASUVORK5CYII=")!
    static let svg = #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 2"><rect width="4" height="2"/></svg>"#

    static func invoice(number: String, logo: String) -> String {
        #"{"fromName": "Acme Studio", "invoiceNumber": "\#(number)", "issueDate": "2026-03-12", "logo": "\#(logo)", "#
            + #""lineItems": [{"description": "Design", "quantity": 2, "rate": 150}]}"#
    }

    private func write(_ data: Data, to name: String, in directory: TemporaryDirectory) throws {
        try data.write(to: directory.url.appendingPathComponent(name))
    }

    private func logoPath(_ name: String, in directory: TemporaryDirectory) -> String {
        directory.url.appendingPathComponent(name).resolvingSymlinksInPath().path
    }

    @Test(arguments: ["logo.png", "logo.svg"])
    func invoiceWithAGoodLogoRenders(logo: String) throws {
        let directory = try TemporaryDirectory()
        try write(logo.hasSuffix("png") ? Self.png : Data(Self.svg.utf8), to: logo, in: directory)
        try directory.write(Self.invoice(number: "INV-1", logo: logo), to: "acme.json")
        for format in ["pdf", "png"] {
            let result = try directory.run("render", "acme.json", "--format", format)
            #expect(result.status == 0, "\(result.standardError)")
        }
        #expect(try directory.entries().contains("INV-1 - Acme Studio.pdf"))
        #expect(try directory.run("check", "acme.json").status == 0)
    }

    /// Relative to the invoice file — for a JSON Lines stream, the .jsonl file.
    @Test func jsonLinesLogosAreFoundBesideTheJSONLinesFile() throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(
            at: directory.url.appendingPathComponent("bills"),
            withIntermediateDirectories: true)
        try write(Self.png, to: "bills/logo.png", in: directory)
        try directory.write(Self.invoice(number: "INV-1", logo: "logo.png") + "\n", to: "bills/march.jsonl")
        let result = try directory.run("render", "--jsonl", "bills/march.jsonl", "--out-dir", "out")
        #expect(result.status == 0, "\(result.standardError)")
    }

    @Test func missingLogoExits66NamingInvoiceFieldAndFile() throws {
        let directory = try TemporaryDirectory()
        try directory.write(Self.invoice(number: "INV-1", logo: "art/logo.png"), to: "acme.json")
        let result = try directory.run("render", "acme.json")
        #expect(result.status == 66)
        let path = directory.url.resolvingSymlinksInPath().path + "/art/logo.png"
        #expect(
            result.errorLines == ["invoi: error: acme.json: logo: \(path): cannot be read (No such file or directory)"]
                || result.errorLines == [
                    "invoi: error: acme.json: logo: \(directory.url.path)/art/logo.png: cannot be read (No such file or directory)"
                ],
            "\(result.errorLines)")
        #expect(try directory.entries() == ["acme.json"], "nothing written")
    }

    static let undecodable: [(name: String, bytes: Data, reason: String)] = [
        ("empty.png", Data(), "the file is empty"),
        ("truncated.png", png.prefix(40), "not a readable PNG"),
        (
            "corrupt.jpg", Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + [UInt8](repeating: 1, count: 30)),
            "not a readable JPEG"
        ),
        ("really-a-png.jpg", png, "is a PNG image, but its name says JPEG"),
        ("notes.svg", Data("just text".utf8), "not a well-formed SVG"),
    ]

    @Test(arguments: undecodable.indices)
    func undecodableLogoExits65(index: Int) throws {
        let (name, bytes, reason) = Self.undecodable[index]
        let directory = try TemporaryDirectory()
        try write(bytes, to: name, in: directory)
        try directory.write(Self.invoice(number: "INV-1", logo: name), to: "acme.json")
        let result = try directory.run("render", "acme.json")
        #expect(result.status == 65, "\(name): \(result.standardError)")
        #expect(result.errorLines.count == 1)
        let line = result.errorLines.first ?? ""
        #expect(
            line.hasPrefix("invoi: error: acme.json: logo: ") && line.contains("/\(name): ") && line.contains(reason),
            "\(line)")
        let check = try directory.run("check", "acme.json")
        #expect(check.status == 65)
        #expect(check.errorLines == result.errorLines)
    }

    @Test func unsupportedExtensionIsAnInvalidInvoice() throws {
        let directory = try TemporaryDirectory()
        try directory.write(Self.invoice(number: "INV-1", logo: "logo.gif"), to: "acme.json")
        let result = try directory.run("render", "acme.json")
        #expect(result.status == 65)
        #expect(result.standardError.contains("acme.json: logo: "))
    }

    @Test func inABatchOnlyTheInvoiceWithTheBadLogoFails() throws {
        let directory = try TemporaryDirectory()
        try write(Self.png, to: "logo.png", in: directory)
        try directory.write(Self.invoice(number: "INV-1", logo: "logo.png"), to: "a.json")
        try directory.write(Self.invoice(number: "INV-2", logo: "gone.png"), to: "b.json")
        try directory.write(Self.invoice(number: "INV-3", logo: "logo.png"), to: "c.json")
        let result = try directory.run("render", "a.json", "b.json", "c.json", "--out-dir", "out")
        #expect(result.status == 66)
        #expect(result.standardError.contains("b.json: logo: "))
        let outputs = try FileManager.default.contentsOfDirectory(
            atPath: directory.url.appendingPathComponent("out").path
        ).sorted()
        #expect(outputs == ["INV-1 - Acme Studio.pdf", "INV-3 - Acme Studio.pdf"])
        let check = try directory.run("check", "a.json", "b.json", "c.json")
        #expect(check.status == 66)
        #expect(check.standardOutput.contains("a.json: ok") && check.standardOutput.contains("c.json: ok"))
    }

    @Test(arguments: ["render", "preview"])
    func badAccentIsAUsageError(command: String) throws {
        let directory = try TemporaryDirectory()
        try directory.write(RenderCommandTests.invoice, to: "acme.json")
        let result = try directory.run(command, "acme.json", "--accent", "red")
        #expect(result.status == 64)
        #expect(
            result.standardError.contains(
                "--accent must be a hex colour #RRGGBB or one of blue, green, purple, orange (got \"red\")"),
            "\(result.standardError)")
    }

    @Test(arguments: [("green", "#10B981"), ("#8B5CF6", "#8B5CF6"), ("#8b5cf6", "#8B5CF6")])
    func goodAccentIsAccepted(accent: String, hex: String) throws {
        let directory = try TemporaryDirectory()
        try directory.write(RenderCommandTests.invoice, to: "acme.json")
        let render = try directory.run("render", "acme.json", "--accent", accent, "--format", "ops")
        #expect(render.status == 0, "\(render.standardError)")
        // The title takes the accent: the ops name its colour.
        let json = try #require(JSONSerialization.jsonObject(with: Data(render.standardOutput.utf8)) as? [String: Any])
        let pages = try #require(json["pages"] as? [[String: Any]])
        let ops = try #require(pages.first?["ops"] as? [[String: Any]])
        let title = try #require(ops.first { $0["text"] as? String == "INVOICE" })
        #expect(title["color"] as? String == hex)
        let preview = try directory.run("preview", "acme.json", "--accent", accent)
        #expect(preview.status == 0, "\(preview.standardError)")
    }
}
