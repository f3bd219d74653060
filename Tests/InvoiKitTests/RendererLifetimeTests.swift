import Foundation
import InvoiKit
import Testing

/// Renderers made, used and dropped on every thread at once, as a program using the library
/// may do (each builds its own fontconfig configuration and Cairo and FreeType faces, which
/// share process-wide caches), while one renderer is shared by renders on other threads (its
/// Cairo scaled fonts looked up by several threads while the others' are made and freed: see
/// `CairoFontCache`). A fault ends the test process; a race that only spoils output shows as
/// files unlike those one renderer makes alone.
struct RendererLifetimeTests {
    private static let formats: [RenderOptions.Format] = [.pdf, .png, .svg, .txt]

    private static func options(_ format: RenderOptions.Format) -> RenderOptions {
        RenderOptions(
            format: format, dotsPerInch: 36, columns: 80, creationDate: Date(timeIntervalSince1970: 1_773_307_800))
    }

    @Test func renderersMadeUsedAndDroppedInParallel() async throws {
        let alone = try InvoiceRenderer()
        var expected: [RenderOptions.Format: [RenderedFile]] = [:]
        for format in Self.formats { expected[format] = try alone.render(.sample, options: Self.options(format)).files }
        try await withThrowingTaskGroup(of: RenderedInvoice.self) { group in
            for round in 0..<64 {
                let format = Self.formats[round % Self.formats.count]
                if round % 8 < Self.formats.count {  // each format on both
                    group.addTask { try alone.render(.sample, options: Self.options(format)) }
                } else {
                    group.addTask { try InvoiceRenderer().render(.sample, options: Self.options(format)) }
                }
            }
            for try await rendered in group {
                #expect(rendered.files == expected[rendered.format], "\(rendered.format)")
            }
        }
    }
}
