import CCairo
import Foundation
import InvoiDocument
import Testing

@testable import InvoiCairo

/// Cairo 1.16 keeps unused scaled fonts in a process-wide list of 256 and frees the oldest;
/// when one thread drops a scaled font's last reference while another looks it up, the first
/// may touch or free it after it was freed (the heap corruption seen when renderers were
/// shared and made on several threads). The font cache keeps every scaled font a render drew
/// with, so none of them is ever unused while the cache lives: these tests mark the fonts a
/// PDF drew with, then push more than 256 unused fonts through Cairo's list, and look for
/// the mark on the fonts Cairo hands back for the same face and size.
struct ScaledFontLifetimeTests {
    /// The address Cairo tells the mark apart by; its contents are never read.
    nonisolated(unsafe) private static let markKey = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)

    @Test func theFontsAPDFDrewWithOutliveItsRender() throws {
        let fonts = CairoFontCache()
        let document = try Fixtures.greyPage()
        #expect(try PDFBackend(fonts: fonts).render(document).documentData != nil)
        #expect(fonts.keptScaledFontCount >= 2)
        // The render's lane, handed back when it ended.
        let lane = fonts.borrowLane()
        let face = try fonts.face(for: TestFont.regular().face, in: lane)

        // The font "Subtotal 1,234.00" was drawn with: its face at 9 pt on a PDF page.
        try Self.withPDFFont(face, size: 9) { Self.mark($0) }
        // The font the PDF embedded the glyphs from: the face at size 1, unhinted.
        Self.withSubsetFont(face) { Self.mark($0) }

        Self.pushUnusedFontsThroughCairosList(try fonts.face(for: TestFont.bold().face, in: lane))

        try Self.withPDFFont(face, size: 9) { #expect(Self.isMarked($0), "the drawing font was freed") }
        Self.withSubsetFont(face) { #expect(Self.isMarked($0), "the embedding font was freed") }
    }

    @Test func fontsAreKeptOnceEach() throws {
        let fonts = CairoFontCache()
        let document = try Fixtures.invoice()
        _ = try PDFBackend(fonts: fonts).render(document)
        let kept = fonts.keptScaledFontCount
        _ = try PDFBackend(fonts: fonts).render(document)
        #expect(kept > 0)
        #expect(fonts.keptScaledFontCount == kept)
    }

    /// The scaled font a PDF page's context draws `face` at `size` with, as the painter sets it up.
    private static func withPDFFont(_ face: CairoFontFace, size: Double, _ body: (OpaquePointer) -> Void) throws {
        let surface = CairoSurface(cairo_pdf_surface_create_for_stream(nil, nil, 595, 842))
        try surface.checkStatus("a PDF surface")
        let context = CairoContext(drawingOn: surface)
        let cr = context.handle
        PagePainter.setGlyphOptions(on: cr)
        cairo_set_font_face(cr, face.handle)
        cairo_set_font_size(cr, size)
        body(cairo_get_scaled_font(cr))
        cairo_surface_finish(surface.handle)
    }

    private static func withSubsetFont(_ face: CairoFontFace, _ body: (OpaquePointer) -> Void) {
        let font = CairoFontCache.subsetFont(of: face)!
        body(font)
        cairo_scaled_font_destroy(font)
    }

    private static func mark(_ font: OpaquePointer) {
        cairo_scaled_font_set_user_data(font, markKey, markKey, nil)
    }

    private static func isMarked(_ font: OpaquePointer) -> Bool {
        cairo_scaled_font_get_user_data(font, markKey) == UnsafeMutableRawPointer(markKey)
    }

    /// Makes and drops more scaled fonts than Cairo keeps unused, each at a size no render
    /// uses, so that every font nobody holds is freed.
    private static func pushUnusedFontsThroughCairosList(_ face: CairoFontFace) {
        let options = cairo_font_options_create()
        defer { cairo_font_options_destroy(options) }
        var identity = cairo_matrix_t()
        cairo_matrix_init_identity(&identity)
        for step in 0..<400 {
            var size = cairo_matrix_t()
            cairo_matrix_init_scale(&size, 1_000 + Double(step) / 8, 1_000 + Double(step) / 8)
            cairo_scaled_font_destroy(cairo_scaled_font_create(face.handle, &size, &identity, options))
        }
    }
}
