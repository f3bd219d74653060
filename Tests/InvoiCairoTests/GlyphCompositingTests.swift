import CCairo
import Foundation
import InvoiDocument
import InvoiImageTestSupport
import InvoiTestSupport
import Testing

@testable import InvoiCairo

/// The image backend blends its own glyph masks; they must land where Cairo
/// would fill the same outlines exactly.
@Suite struct GlyphCompositingTests {
    static let dpi = 144.0

    /// One line of text, in a colour, at a fractional position.
    static func line(at origin: Point, color: Color = Color(rgb: 0x111111)) throws -> Document {
        let op = try TestFont.regular().textOp("Invoice 0123 — Wxyz", size: 9.75, at: origin, color: color)
        return Document(
            pages: [Page(size: Size(width: 200, height: 40), ops: [.text(op)])], metadata: Fixtures.metadata)
    }

    /// The same glyphs filled as outlines by Cairo at their exact positions, on white.
    static func reference(_ document: Document) throws -> RasterImage {
        let page = document.pages[0]
        guard case .text(let op) = page.ops[0] else { throw TestError("no text") }
        let scale = dpi / 72
        let width = Int((page.size.width * scale).rounded(.up)), height = Int((page.size.height * scale).rounded(.up))
        let surface = CairoSurface(cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)))
        let context = CairoContext(drawingOn: surface)
        let cr = context.handle
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        cairo_scale(cr, scale, scale)
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_set_font_options(cr, options)
        cairo_font_options_destroy(options)
        let run = op.runs[0]
        let fonts = CairoFontCache()
        let face = try fonts.face(for: run.font, in: fonts.borrowLane())
        cairo_set_font_face(cr, face.handle)
        cairo_set_font_size(cr, run.size)
        var x = op.origin.x
        var glyphs = run.glyphs.map { glyph -> cairo_glyph_t in
            defer { x += glyph.advance }
            return cairo_glyph_t(index: UInt(glyph.id), x: x, y: op.origin.y)
        }
        cairo_set_source_rgb(cr, Double(op.color.red) / 255, Double(op.color.green) / 255, Double(op.color.blue) / 255)
        cairo_glyph_path(cr, &glyphs, Int32(glyphs.count))
        cairo_fill(cr)
        cairo_surface_flush(surface.handle)
        let stride = Int(cairo_image_surface_get_stride(surface.handle))
        let data = try #require(cairo_image_surface_get_data(surface.handle))
        var rgba: [UInt8] = []
        for y in 0..<height {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                rgba += [UInt8(row[x] >> 16 & 0xFF), UInt8(row[x] >> 8 & 0xFF), UInt8(row[x] & 0xFF), 255]
            }
        }
        return try #require(RasterImage(width: width, height: height, rgba: rgba))
    }

    static func rendered(_ document: Document) throws -> RasterImage {
        let png = try #require(
            try PNGBackend(fonts: CairoFontCache()).render(document, options: PNGOptions(dpi: dpi))
                .pageData.first)
        return try RasterImage(pngData: png)
    }

    static func inked(_ image: RasterImage) -> Int {
        stride(from: 0, to: image.rgba.count, by: 4).reduce(0) { $0 + (image.rgba[$1] < 250 ? 1 : 0) }
    }

    @Test(arguments: [Point(x: 10, y: 25), Point(x: 10.3, y: 25.2), Point(x: 11.61, y: 24.87)])
    func glyphsLandWhereTheirOutlinesAre(origin: Point) throws {
        let document = try Self.line(at: origin)
        let reference = try Self.reference(document)
        let image = try Self.rendered(document)
        // Quarter-pixel placement differs from exact outlines by at most an eighth of a pixel.
        let difference = image.difference(from: reference, tolerance: 64)
        #expect(difference.changedPixels * 100 < Self.inked(reference), "\(difference)")

        // Whereas the text a whole pixel (half a point) off is plainly different.
        let moved = try Self.rendered(try Self.line(at: Point(x: origin.x + 0.5, y: origin.y)))
        #expect(moved.difference(from: reference, tolerance: 64).changedPixels * 10 > Self.inked(reference))
    }

    @Test func quarterPixelStepsChangeThePicture() throws {
        // Cairo 1.16 alone would round both to the same whole pixel.
        let a = try Self.rendered(try Self.line(at: Point(x: 10, y: 25)))
        let b = try Self.rendered(try Self.line(at: Point(x: 10.125, y: 25)))
        #expect(a.difference(from: b, tolerance: 0).changedPixels > 0)
    }

    @Test func colouredTextKeepsItsColour() throws {
        let blue = Color(rgb: 0x3B82F6)
        let document = try Self.line(at: Point(x: 10, y: 25), color: blue)
        let image = try Self.rendered(document)
        let reference = try Self.reference(document)
        #expect(image.difference(from: reference, tolerance: 64).changedPixels * 100 < Self.inked(reference))
        // Fully covered pixels (the stems) take the colour exactly.
        let solid = stride(from: 0, to: image.rgba.count, by: 4).filter {
            image.rgba[$0] == blue.red && image.rgba[$0 + 1] == blue.green && image.rgba[$0 + 2] == blue.blue
        }
        #expect(solid.count > 20)
    }

    @Test func glyphsAtThePageEdgeAreClipped() throws {
        // Half off the left and the bottom edge: drawn in part, nothing out of bounds.
        let image = try Self.rendered(try Self.line(at: Point(x: -20, y: 42)))
        #expect(Self.inked(image) > 0)
        // Wholly off the page, on every side.
        for origin in [Point(x: 300, y: 25), Point(x: -300, y: 25), Point(x: 10, y: -30), Point(x: 10, y: 90)] {
            #expect(Self.inked(try Self.rendered(try Self.line(at: origin))) == 0)
        }
    }
}
