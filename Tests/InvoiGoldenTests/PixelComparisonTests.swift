import Foundation
import InvoiDocument
import InvoiGolden
import InvoiModel
import InvoiRender
import Testing

/// The anti-aliasing-aware comparison: re-shaded glyph edges are the same page, a moved or
/// changed word is not.
@Suite struct PixelComparisonTests {
    static let renderer: Renderer? = try? Renderer(fonts: .fixed)

    /// The sample's first page at 72 dpi, everything on it moved by (dx, dy) points.
    enum Moved { case everything, rules }

    static func samplePage(
        dx: Double = 0, dy: Double = 0, moving moved: Moved = .everything, change: ((inout Page) -> Void)? = nil
    ) throws -> PageRaster {
        let renderer = try #require(renderer, "fonts of the fixed set are missing: run tools/setup")
        let settings = RenderSettings(format: .png, output: OutputOptions(dpi: 72))
        var document = try renderer.document(for: Invoice.sample, settings: settings)
        var page = document.pages[0]
        change?(&page)
        // Each op moved itself (a group's transform would draw its text another way).
        page.ops = page.ops.map { op in
            switch op {
            case .text(var text) where moved == .everything:
                text.origin.x += dx
                text.origin.y += dy
                return .text(text)
            case .line(var line):
                line.from.x += dx
                line.from.y += dy
                line.to.x += dx
                line.to.y += dy
                return .line(line)
            case .rect(var rect) where moved == .everything:
                rect.rect.x += dx
                rect.rect.y += dy
                return .rect(rect)
            default: return op
            }
        }
        document.pages = [page]
        guard case .pages(let pages) = try renderer.render(document, settings: settings) else {
            throw ComparisonTestError("one page expected")
        }
        return try PageRaster(png: pages[0])
    }

    struct ComparisonTestError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    @Test func aPageIsTheSameAsItself() throws {
        let page = try Self.samplePage()
        let difference = PixelComparison().compare(golden: page, new: page, extent: .regions)
        #expect(difference.isSame)
        #expect(difference.antialiasedPixels == 0)
    }

    /// The rules of the page drawn a fraction of a pixel lower: every rule's pixels are re-shaded
    /// over its whole length (thousands of bytes differ), and none of that is a change; the same
    /// rules moved by two points are. (Text at 72 dpi is another matter: a 9-pt glyph's stems are
    /// one pixel wide with no flat inside, so a quarter-pixel shift changes them as pixelmatch
    /// sees it too; such a move is in the ops, which the comparison reads first.)
    @Test(arguments: [0.25, 0.3, 0.4])
    func rulesDrawnASubPixelLowerAreNotAChange(_ offset: Double) throws {
        let golden = try Self.samplePage()
        let shifted = try Self.samplePage(dy: offset, moving: .rules)
        let differing = zip(golden.rgba, shifted.rgba).filter { $0 != $1 }.count
        #expect(differing > 1000, "the offset must re-shade the rules (\(differing) bytes differ)")
        let difference = PixelComparison().compare(golden: golden, new: shifted, extent: .regions)
        #expect(difference.changedPixels == 0, "regions: \(difference.regions)")

        let moved = try Self.samplePage(dy: 2, moving: .rules)
        #expect(PixelComparison().compare(golden: golden, new: moved, extent: .regions).changedPixels > 100)
    }

    @Test func aWordMovedFourPointsIsAChangeInOneRegion() throws {
        let golden = try Self.samplePage()
        let moved = try Self.samplePage { page in
            for index in page.ops.indices {
                if case .text(var text) = page.ops[index], text.text == "Website design, 5 page templates" {
                    text.origin.y += 4
                    page.ops[index] = .text(text)
                }
            }
        }
        let difference = PixelComparison().compare(golden: golden, new: moved, extent: .regions)
        #expect(difference.changedPixels > 50)
        // Where the line was and where it is: the left of the items table, one row.
        #expect(!difference.regions.isEmpty)
        for region in difference.regions {
            #expect((30...260).contains(region.x), "\(region)")
            #expect((280...340).contains(region.y), "\(region)")
        }
        // Only the verdict: it stops at the first changed pixel.
        let verdict = PixelComparison().compare(golden: golden, new: moved, extent: .verdict)
        #expect(verdict.changedPixels == 1)
        #expect(verdict.regions.isEmpty)
    }

    /// One pixel of a glyph edge shaded differently (as another rasteriser would) is forgiven;
    /// the same change in the middle of a flat area is not.
    @Test func oneReShadedEdgePixelIsNotAChangeButAFlatOneIs() throws {
        let width = 12, height = 12
        // A black square on white whose left edge column is grey (anti-aliased).
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        func set(_ x: Int, _ y: Int, _ value: UInt8, in buffer: inout [UInt8]) {
            let i = (y * width + x) * 4
            (buffer[i], buffer[i + 1], buffer[i + 2]) = (value, value, value)
        }
        for y in 3..<9 {
            set(3, y, 128, in: &pixels)
            for x in 4..<9 { set(x, y, 0, in: &pixels) }
        }
        let golden = try #require(PageRaster(width: width, height: height, rgba: pixels))
        var edge = pixels
        set(3, 5, 40, in: &edge)
        let reshaded = try #require(PageRaster(width: width, height: height, rgba: edge))
        let edgeDifference = PixelComparison().compare(golden: golden, new: reshaded, extent: .regions)
        #expect(edgeDifference.changedPixels == 0)
        #expect(edgeDifference.antialiasedPixels == 1)

        var flat = pixels
        set(10, 10, 40, in: &flat)
        let spot = try #require(PageRaster(width: width, height: height, rgba: flat))
        let flatDifference = PixelComparison().compare(golden: golden, new: spot, extent: .regions)
        #expect(flatDifference.changedPixels == 1)
        #expect(flatDifference.regions == [PixelRegion(x: 10, y: 10, width: 1, height: 1, pixels: 1)])
    }

    /// Below the threshold: a light grey that moved by a few levels is the same colour.
    @Test func colourWithinTheThresholdIsTheSame() throws {
        let golden = try #require(PageRaster(width: 4, height: 4, rgba: [UInt8](repeating: 200, count: 64)))
        let near = try #require(
            PageRaster(
                width: 4, height: 4,
                rgba: [UInt8](repeating: 195, count: 64).enumerated().map { $0.offset % 4 == 3 ? 255 : $0.element }))
        let goldenOpaque = try #require(
            PageRaster(
                width: 4, height: 4, rgba: golden.rgba.enumerated().map { $0.offset % 4 == 3 ? 255 : $0.element }))
        #expect(PixelComparison().compare(golden: goldenOpaque, new: near, extent: .regions).isSame)
        let far = try #require(
            PageRaster(
                width: 4, height: 4,
                rgba: [UInt8](repeating: 120, count: 64).enumerated().map { $0.offset % 4 == 3 ? 255 : $0.element }))
        #expect(!PixelComparison().compare(golden: goldenOpaque, new: far, extent: .regions).isSame)
    }

    @Test func pagesOfAnotherSizeDiffer() throws {
        let a = try #require(PageRaster(width: 2, height: 2, rgba: [UInt8](repeating: 255, count: 16)))
        let b = try #require(PageRaster(width: 2, height: 3, rgba: [UInt8](repeating: 255, count: 24)))
        let difference = PixelComparison().compare(golden: a, new: b, extent: .verdict)
        #expect(difference.sizeMismatch)
        #expect(!difference.isSame)
    }
}

/// The diff image of a report and of a failing golden test.
@Suite struct DiffImageTests {
    @Test func changedPixelsAreRedOverTheFadedGolden() throws {
        let width = 8, height = 6
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for x in 0..<width {
            let i = (2 * width + x) * 4
            (pixels[i], pixels[i + 1], pixels[i + 2]) = (0, 0, 0)
        }
        let golden = try #require(PageRaster(width: width, height: height, rgba: pixels))
        var changed = pixels
        let spot = (4 * width + 5) * 4
        (changed[spot], changed[spot + 1], changed[spot + 2]) = (0, 0, 0)
        let new = try #require(PageRaster(width: width, height: height, rgba: changed))
        let difference = PixelComparison().compare(golden: golden, new: new, extent: .regions)
        let diff = try PageRaster(png: DiffImage.png(golden: golden, new: new, difference: difference))
        #expect(diff.width == width && diff.height == height)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(diff.rgba[(y * width + x) * 4..<(y * width + x) * 4 + 3]) }
        #expect(pixel(5, 4) == [230, 0, 0])
        // The golden's black row, faded to light grey; white stays white.
        #expect(pixel(0, 2)[0] > 200 && pixel(0, 2)[0] < 255)
        #expect(pixel(0, 0) == [255, 255, 255])
    }
}
