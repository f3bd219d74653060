import CCairo
import Foundation
import InvoiDocument
import Testing

@testable import InvoiAssets
@testable import InvoiCairo

/// Sanitised logos as librsvg draws them for the pdf and png backends.
@Suite struct SVGLogoDrawingTests {
    static let open =
        #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">"#

    private func sanitize(_ svg: String) throws -> SanitizedSVG {
        try SVGSanitizer().sanitize(Data(svg.utf8))
    }

    /// Draws sanitised SVG with librsvg on a 40 × 40 white image; the pixel at the centre.
    private func centrePixel(ofRendering svg: SanitizedSVG) throws -> UInt32 {
        let surface = CairoSurface(cairo_image_surface_create(CAIRO_FORMAT_RGB24, 40, 40))
        let context = CairoContext(drawingOn: surface)
        cairo_set_source_rgb(context.handle, 1, 1, 1)
        cairo_paint(context.handle)
        try SVGDocument(svg).render(on: context.handle, into: Rect(x: 0, y: 0, width: 40, height: 40))
        cairo_surface_flush(surface.handle)
        let data = try #require(cairo_image_surface_get_data(surface.handle))
        let stride = Int(cairo_image_surface_get_stride(surface.handle))
        return UnsafeRawPointer(data + 20 * stride).assumingMemoryBound(to: UInt32.self)[20] & 0xFFFFFF
    }

    /// Drawn on its own by librsvg (the pdf and png backends), an Illustrator-style logo
    /// looks as it did: classes, type selectors and rules on the root still apply.
    @Test func scopedStylesheetsStillStyleTheLogo() throws {
        func centre(_ style: String, shape: String = #"<rect class="cls-1" width="10" height="10"/>"#) throws -> UInt32
        {
            try centrePixel(ofRendering: try sanitize(Self.open + "<defs><style>\(style)</style></defs>\(shape)</svg>"))
        }
        #expect(try centre(".cls-1{fill:#1e40af;}") == 0x1E40AF)
        #expect(try centre("rect{fill:#10b981}") == 0x10B981)
        #expect(try centre("svg{fill:#dc2626}") == 0xDC2626)
        #expect(try centre(":root{fill:#7c3aed}", shape: #"<rect width="10" height="10"/>"#) == 0x7C3AED)
        #expect(try centre("svg > .cls-1{fill:#f59e0b}") == 0xF59E0B)
        #expect(try centre("*{fill:#0ea5e9}") == 0x0EA5E9)
        #expect(try centre(".cls-1{fill:#1e40af} @media print { .cls-1 { fill: #dc2626 } }") == 0x1E40AF)
        // Unreadable (a block never closed): dropped whole, so the rect keeps its own (default black) fill.
        #expect(try centre(".cls-1{fill:#1e40af} a { fill: red") == 0x000000)
        // A brace in a string is only a string.
        #expect(try centre(".cls-1{fill:#1e40af} a { content: \"}\" }") == 0x1E40AF)
    }

    @Test func hostileInputSanitisedStillRendersQuicklyWithLibrsvg() throws {
        let hostile =
            Self.open + """
                <script>while(1){}</script>
                <image href="file:///etc/passwd" width="10" height="10"/>
                <rect width="10" height="10" fill="#10B981" onload="alert(1)" style="stroke:url(http://evil.invalid/)"/>
                </svg>
                """
        let clean = try sanitize(hostile)
        let start = ContinuousClock.now
        #expect(try centrePixel(ofRendering: clean) == 0x10B981)
        #expect(ContinuousClock.now - start < .seconds(2))
    }

    @Test func renderingKeepsTheAspectRatio() throws {
        // A 2:1 picture in a square: centred, with white bands above and below (the centre is drawn).
        let clean = try sanitize(##"<svg width="20" height="10"><rect width="20" height="10" fill="#EF4444"/></svg>"##)
        #expect(try centrePixel(ofRendering: clean) == 0xEF4444)
        let surface = CairoSurface(cairo_image_surface_create(CAIRO_FORMAT_RGB24, 40, 40))
        let context = CairoContext(drawingOn: surface)
        cairo_set_source_rgb(context.handle, 1, 1, 1)
        cairo_paint(context.handle)
        try SVGDocument(clean).render(on: context.handle, into: Rect(x: 0, y: 0, width: 40, height: 40))
        cairo_surface_flush(surface.handle)
        let data = try #require(cairo_image_surface_get_data(surface.handle))
        let stride = Int(cairo_image_surface_get_stride(surface.handle))
        let top = UnsafeRawPointer(data + 2 * stride).assumingMemoryBound(to: UInt32.self)[20] & 0xFFFFFF
        #expect(top == 0xFFFFFF)
    }
}
