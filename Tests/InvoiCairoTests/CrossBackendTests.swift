import Foundation
import InvoiDocument
import InvoiImageTestSupport
import InvoiTestSupport
import Testing

@testable import InvoiCairo

/// The PNG backend and the PDF rasterised by poppler draw the same page.
@Suite struct CrossBackendTests {
    /// Channel difference above which a pixel counts as changed: two rasterisers
    /// antialias glyph edges and thin rules differently by less than this.
    static let tolerance: UInt8 = 64
    /// Share of the inked pixels allowed to change.
    static let allowedShare = 0.15

    @Test func pngMatchesThePDFRasterised() throws {
        let document = try Fixtures.invoice()
        let reference = try rasterisedPDF(document, dpi: 72)
        let inked = inkedPixels(reference)
        #expect(inked > 2_000)

        let ours = try RasterImage(
            pngData: try #require(PNGBackend().render(document, options: PNGOptions(dpi: 72)).pageData.first))
        let difference = ours.difference(from: reference, tolerance: Self.tolerance)
        #expect(!difference.sizeMismatch)
        #expect(Double(difference.changedPixels) < Self.allowedShare * Double(inked), "\(difference), \(inked) inked")

        // The comparison notices a page whose text moved by one point.
        var moved = document
        moved.pages[0].ops = moved.pages[0].ops.map { op in
            guard case .text(var text) = op else { return op }
            text.origin.x += 1
            return .text(text)
        }
        let shifted = try RasterImage(
            pngData: try #require(PNGBackend().render(moved, options: PNGOptions(dpi: 72)).pageData.first))
        let shiftedDifference = shifted.difference(from: reference, tolerance: Self.tolerance)
        #expect(
            Double(shiftedDifference.changedPixels) > Self.allowedShare * Double(inked),
            "\(shiftedDifference), \(inked) inked")
    }

    private func inkedPixels(_ image: RasterImage) -> Int {
        stride(from: 0, to: image.rgba.count, by: 4).reduce(0) { $0 + (image.rgba[$1] < 250 ? 1 : 0) }
    }

    private func rasterisedPDF(_ document: Document, dpi: Int) throws -> RasterImage {
        let pdf = try #require(try PDFBackend().render(document).documentData)
        return try Tools.withFile(pdf, name: "invoice.pdf") { file in
            let prefix = file.deletingLastPathComponent().appendingPathComponent("page").path
            let result = try Tools.run(
                "pdftoppm",
                [
                    "-r", String(dpi), "-png", "-f", "1", "-l", "1", "-singlefile",
                    file.path, prefix,
                ])
            guard result.status == 0 else { throw TestError("pdftoppm: \(result.errors)") }
            return try RasterImage(pngData: Data(contentsOf: URL(fileURLWithPath: prefix + ".png")))
        }
    }
}
