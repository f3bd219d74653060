import Foundation
import InvoiDocument
import InvoiGolden
import InvoiModel
import InvoiRender
import Testing

/// The cross-renderer tolerance (pdf and svg rasterised by other libraries against the png
/// golden) absorbs hinting and antialiasing differences; it must still see a backend that
/// drops or misplaces a line of text. Finer placement is pinned by ops.json and the png golden.
@Suite struct ToleranceSensitivityTests {
    enum Damage: CaseIterable {
        case movedDown4Points, dropped
    }

    @Test(arguments: Damage.allCases)
    func damagedTextExceedsTheCrossRendererTolerance(_ damage: Damage) throws {
        let renderer = try #require(GoldenTests.renderer)
        let settings = RenderSettings(format: .png, output: OutputOptions(dpi: 72))
        var document = try renderer.document(for: Invoice.sample, settings: settings)
        let golden = try PageRaster(png: firstPage(try renderer.render(document, settings: settings)))

        let index = try #require(
            document.pages[0].ops.firstIndex {
                if case .text(let t) = $0 { t.text == "Website design, 5 page templates" } else { false }
            })
        guard case .text(var text) = document.pages[0].ops[index] else { return }
        switch damage {
        case .movedDown4Points: text.origin.y += 4
        case .dropped: text.runs = []
        }
        document.pages[0].ops[index] = .text(text)
        let damaged = try PageRaster(png: firstPage(try renderer.render(document, settings: settings)))

        let ink = try #require(InkComparison().worstDifference(damaged, golden))
        #expect(ink > GoldenTests.crossRendererInkLimit, "\(damage): ink differs by only \(ink)")
        // The png golden's own comparison sees it too.
        #expect(!PixelComparison().compare(golden: golden, new: damaged, extent: .verdict).isSame)
    }

    func firstPage(_ output: RenderedOutput) -> Data {
        switch output {
        case .document(let data): data
        case .pages(let pages): pages[0]
        }
    }
}
