import Foundation
import InvoiAssets
import InvoiDocument
import InvoiModel
import InvoiRender
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The renderer decodes an invoice's logo once per file and reports a bad one.
@Suite struct LogoRenderingTests {
    static let svg =
        #"<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20"/></svg>"#

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
        // Rewritten in place with the same size and its modification time put back, the file
        // looks unchanged: the renderer answers from its cache instead of reading it again.
        var info = stat()
        #expect(stat(url.path, &info) == 0)
        let handle = try FileHandle(forWritingTo: url)
        try handle.write(contentsOf: Data(Self.svg.replacingOccurrences(of: #"width="40""#, with: #"width="80""#).utf8))
        try handle.close()
        var times = [info.st_atim, info.st_mtim]
        #expect(utimensat(AT_FDCWD, url.path, &times, 0) == 0)
        #expect(try renderer.logo(reference) == first)
        #expect(
            try LogoDecoder().decode(contentsOf: url.path, format: .svg).intrinsicSize == Size(width: 80, height: 20))
        var invoice = Invoice.sample
        invoice.logo = reference
        _ = try renderer.layOut(invoice, settings: RenderSettings(format: .pdf))
    }

    @Test func aChangedLogoIsDecodedAgain() throws {
        let renderer = try #require(GoldenTests.renderer)
        let url = try temporaryFile(Self.svg, name: "logo.svg")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let reference = LogoReference(path: "logo.svg", resolvedPath: url.path)
        #expect(try renderer.logo(reference).intrinsicSize == Size(width: 40, height: 20))
        // preview --watch: the user replaces the logo.
        try Data(Self.svg.replacingOccurrences(of: #"width="40""#, with: #"width="400""#).utf8).write(to: url)
        #expect(try renderer.logo(reference).intrinsicSize == Size(width: 400, height: 20))
        try FileManager.default.removeItem(at: url)
        #expect(throws: LogoError.self) { try renderer.logo(reference) }
    }

    @Test func aMissingLogoFailsTheLayout() throws {
        let renderer = try #require(GoldenTests.renderer)
        var invoice = Invoice.sample
        invoice.logo = LogoReference(path: "nope.png", resolvedPath: "/nonexistent-invoi/nope.png")
        let error = #expect(throws: LogoError.self) {
            try renderer.layOut(invoice, settings: RenderSettings(format: .pdf))
        }
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
