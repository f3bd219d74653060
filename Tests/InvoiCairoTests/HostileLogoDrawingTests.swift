import Foundation
import InvoiDocument
import Testing

@testable import InvoiAssets
@testable import InvoiCairo

/// Logos the sanitiser lets through are drawn by the pdf and png backends without an
/// error (an error while drawing would be exit 70, and a verdict that depends on the
/// format), and nothing librsvg's libraries log reaches standard error.
@Suite(.serialized) struct HostileLogoDrawingTests {
    static let header = #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 50">"#

    /// Extreme but allowed: huge and tiny numbers, filter regions and blurs, transforms,
    /// masks of masks, markers, embedded images scaled far up.
    static let extremes: [String] = [
        ##"<filter id="f" filterUnits="userSpaceOnUse" x="-1e9" y="-1e9" width="2e9" height="2e9"><feGaussianBlur stdDeviation="1e9"/></filter><rect width="100" height="50" filter="url(#f)"/>"##,
        ##"<filter id="f" x="-10000" y="-10000" width="20000" height="20000"><feTurbulence baseFrequency="1e-9 1e9" numOctaves="10"/><feOffset dx="1e30"/></filter><rect width="100" height="50" filter="url(#f)"/>"##,
        ##"<g transform="scale(1e30)"><rect width="1e30" height="1e30" opacity="0.5"/></g><circle r="1e308" stroke-width="1e308" stroke="#000"/>"##,
        ##"<mask id="m" maskUnits="userSpaceOnUse" x="-1e9" y="-1e9" width="2e9" height="2e9"><rect width="1e9" height="1e9" fill="#fff" mask="url(#n)"/></mask><mask id="n"><circle r="50" fill="#fff"/></mask><rect width="100" height="50" mask="url(#m)"/>"##,
        ##"<marker id="k" markerWidth="1e9" markerHeight="1e9" viewBox="0 0 1e-9 1e-9"><rect width="1" height="1" opacity=".5"/></marker><path d="M0 0 L100 50 L0 50 Z" marker-start="url(#k)" marker-mid="url(#k)" stroke="#000"/>"##,
        ##"<clipPath id="c" clipPathUnits="objectBoundingBox"><rect width="1e9" height="1e-9"/></clipPath><rect width="100" height="50" clip-path="url(#c)" style="mix-blend-mode: multiply; isolation: isolate"/>"##,
        ##"<linearGradient id="g" href="#h"/><linearGradient id="h" href="#g" gradientTransform="scale(0)"><stop offset="1e9" stop-color="#f00"/></linearGradient><rect width="100" height="50" fill="url(#g)" stroke="url(#h) #000" stroke-dasharray="1e-9" stroke-width="1e-9"/>"##,
        ##"<svg x="-1e9" width="1e9" height="1e-9" viewBox="0 0 1e-9 1e9" overflow="visible"><rect width="1" height="1"/></svg><symbol id="s" viewBox="0 0 0 0"/><use href="#s" width="1e9"/>"##,
    ]

    private func document(_ svg: SanitizedSVG) -> Document {
        let logo = ImageOp(image: .vector(svg), rect: Rect(x: 40, y: 40, width: 144, height: 36))
        // A small page: the logo is as large in pixels as on A4, the page quicker to encode.
        return Document(
            pages: [Page(size: Size(width: 240, height: 120), ops: [.image(logo)])], metadata: Fixtures.metadata)
    }

    @Test(arguments: extremes.indices)
    func extremeButAllowedLogosAreDrawnByEveryCairoBackend(index: Int) throws {
        let svg = try SVGSanitizer().sanitize(Data((Self.header + Self.extremes[index] + "</svg>").utf8))
        try svg.checkDrawable()
        let document = document(svg)
        let pdf = try PDFBackend(fonts: CairoFontCache()).render(document).documentData
        #expect(pdf?.isEmpty == false)
        for dpi in [72.0, 600] {
            let pages = try PNGBackend(fonts: CairoFontCache()).render(document, options: PNGOptions(dpi: dpi)).pageData
            #expect(pages.count == 1)
        }
    }

    /// librsvg drawing text at an absurd size makes Pango log warnings through GLib (larger still, librsvg panics: text is refused).
    /// The sanitiser refuses text; drawn anyway (a source made by hand), GLib's messages go
    /// nowhere: standard error is captured around the drawing.
    @Test func libraryMessagesNeverReachStandardError() throws {
        let svg = SanitizedSVG(
            source: Self.header + #"<text x="1" y="20" font-size="1e6">Acme</text></svg>"#,
            size: Size(width: 100, height: 50))
        let captured = try capturingStandardError {
            _ = try? PNGBackend(fonts: CairoFontCache()).render(document(svg), options: PNGOptions(dpi: 72))
        }
        #expect(
            !captured.contains("Pango") && !captured.contains("CRITICAL") && !captured.contains("GLib"), "\(captured)")
    }

    /// What the process writes on file descriptor 2 while `body` runs.
    private func capturingStandardError(_ body: () throws -> Void) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("invoi-stderr-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        let capture = open(file.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        try #require(capture >= 0)
        let saved = dup(2)
        fflush(nil)
        dup2(capture, 2)
        defer {
            fflush(nil)
            dup2(saved, 2)
            close(saved)
            close(capture)
        }
        try body()
        fflush(nil)
        return (try? String(contentsOf: file, encoding: .utf8)) ?? ""
    }
}
