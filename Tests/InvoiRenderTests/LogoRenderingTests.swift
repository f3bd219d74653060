import Foundation
import InvoiCairo
import InvoiDocument
import InvoiModel
import InvoiRender
import Testing

/// The renderer decodes an invoice's logo once per file and reports a bad one.
@Suite struct LogoRenderingTests {
    static let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20"/></svg>"#

    private func temporaryFile(_ text: String, name: String) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("invoi-logo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    @Test func aLogoIsDecodedOncePerRenderer() throws {
        let renderer = try #require(GoldenTests.renderer)
        let url = try temporaryFile(Self.svg, name: "logo.svg")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let reference = LogoReference(path: "logo.svg", resolvedPath: url.path)
        let first = try renderer.logo(reference)
        #expect(first.intrinsicSize == Size(width: 40, height: 20))
        // Gone from disk, it is still known: the second invoice of a batch does not read it again.
        try FileManager.default.removeItem(at: url)
        #expect(try renderer.logo(reference) == first)
        var invoice = Invoice.sample
        invoice.logo = reference
        _ = try renderer.layOut(invoice, settings: RenderSettings(format: .pdf))
    }

    @Test func aMissingLogoFailsTheLayout() throws {
        let renderer = try #require(GoldenTests.renderer)
        var invoice = Invoice.sample
        invoice.logo = LogoReference(path: "nope.png", resolvedPath: "/nonexistent-invoi/nope.png")
        let error = #expect(throws: LogoError.self) { try renderer.layOut(invoice, settings: RenderSettings(format: .pdf)) }
        #expect(error == .unreadable(path: "/nonexistent-invoi/nope.png", reason: "No such file or directory"))
    }

    @Test func decodingFromManyThreadsAgrees() async throws {
        let renderer = try #require(GoldenTests.renderer)
        let url = try temporaryFile(Self.svg, name: "logo.svg")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let reference = LogoReference(path: "logo.svg", resolvedPath: url.path)
        let digests = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<8 { group.addTask { try renderer.logo(reference).digest } }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(digests.count == 1)
    }
}
