import Foundation
import InvoiTestSupport
import Testing

/// A Swift package outside this repository that depends on the `Invoi` library product by path
/// builds and renders the sample, as an app would. A full build of the library (a few minutes):
/// INVOI_SKIP_LIBRARY_BUILD=1 leaves it out; CI does not set it.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["INVOI_SKIP_LIBRARY_BUILD"] == nil))
struct LibraryConsumerTests {
    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test func aPackageDependingOnInvoiBuildsAndRendersTheSample() throws {
        let directory = try Tools.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let package = directory.appendingPathComponent("consumer")
        let sources = package.appendingPathComponent("Sources/consumer")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        // A package by path is known by its directory's name.
        let identity = Self.repository.lastPathComponent.lowercased()
        try Data(
            """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "consumer",
                dependencies: [.package(path: "\(Self.repository.path)")],
                targets: [
                    .executableTarget(name: "consumer", dependencies: [.product(name: "Invoi", package: "\(identity)")])
                ]
            )
            """.utf8
        ).write(to: package.appendingPathComponent("Package.swift"))
        try Data(
            """
            import Foundation
            import InvoiKit

            let renderer = try InvoiceRenderer()
            let preview = try renderer.render(.sample, options: RenderOptions(format: .txt, columns: 80))
            print(String(decoding: preview.files[0].bytes, as: UTF8.self))
            let pdf = try renderer.render(json: Data(Invoice.sample.prettyPrintedJSON().utf8))
            print(pdf.files[0].name, pdf.files[0].bytes.starts(with: Data("%PDF-".utf8)))
            let report = InvoiceValidator().validate(json: Data(#"{"currency": "XXX"}"#.utf8))
            print(report.errors.map(\\.path))
            """.utf8
        ).write(to: sources.appendingPathComponent("main.swift"))
        // The versions this repository resolved, so that nothing is resolved anew: the
        // dependencies come from the same local clones.
        let resolved = Self.repository.appendingPathComponent("Package.resolved")
        if FileManager.default.fileExists(atPath: resolved.path) {
            try FileManager.default.copyItem(at: resolved, to: package.appendingPathComponent("Package.resolved"))
        }
        let scratch = directory.appendingPathComponent("build")
        let build = try Tools.execute(
            URL(fileURLWithPath: "/usr/bin/timeout"),
            ["-k", "10", "1500", "swift", "build", "--package-path", package.path, "--scratch-path", scratch.path],
            in: package)
        let buildLog = String(decoding: build.standardOutput + build.standardError, as: UTF8.self)
        try #require(build.status == 0, "swift build failed:\n\(buildLog.suffix(4000))")
        // The library product has no Hummingbird: none of its modules is compiled or linked.
        #expect(!buildLog.contains("Compiling Hummingbird"))
        let linked = try String(
            contentsOf: scratch.appendingPathComponent("debug/consumer.product/Objects.LinkFileList"), encoding: .utf8)
        #expect(linked.contains("/InvoiRender.build/"))
        #expect(!linked.contains("/Hummingbird"))
        #expect(!linked.contains("/NIOCore.build/"))
        #expect(!linked.contains("/ArgumentParser.build/"))

        let run = try Tools.execute(
            URL(fileURLWithPath: "/usr/bin/timeout"),
            ["-k", "5", "60", scratch.appendingPathComponent("debug/consumer").path],
            in: directory)
        let output = String(decoding: run.standardOutput, as: UTF8.self)
        #expect(run.status == 0, "\(String(decoding: run.standardError, as: UTF8.self))")
        #expect(output.contains("INV-0001"))
        #expect(output.contains("Meridian Group"))
        #expect(output.contains("INV-0001 - Acme Studio.pdf true"))
        #expect(output.contains(#"["currency"]"#))
    }
}
