import CCairo
import Foundation
import InvoiDocument

/// `--format png`: each page drawn on a Cairo image surface at `options.dpi`,
/// on white, and written by the fast PNG encoder. One PNG per page.
public struct PNGBackend: Backend {
    public let fonts: CairoFontCache

    /// A backend with a font cache of its own; keep the backend for the process.
    public init() {
        self.init(fonts: CairoFontCache())
    }

    public init(fonts: CairoFontCache) {
        self.fonts = fonts
    }

    public var format: OutputFormat { .png }

    public func render(_ document: Document, options: BackendOptions) throws -> RenderedOutput {
        guard !document.pages.isEmpty else { throw BackendError("png: the document has no pages") }
        return .pages(try document.pages.map { try render($0, dpi: options.dpi) })
    }

    /// Width and height in pixels of a page at `dpi`: rounded up, as pdftoppm does,
    /// so the PDF rasterised has the same size.
    public static func pixelSize(of size: Size, dpi: Double) -> (width: Int, height: Int)? {
        let scale = dpi / 72
        let width = (size.width * scale).rounded(.up), height = (size.height * scale).rounded(.up)
        // Cairo's image surfaces stop at 32 767 pixels a side.
        guard width.isFinite, height.isFinite, (1...32_767).contains(width), (1...32_767).contains(height) else {
            return nil
        }
        return (Int(width), Int(height))
    }

    private func render(_ page: Page, dpi: Double) throws -> Data {
        guard dpi.isFinite, dpi > 0, let (width, height) = Self.pixelSize(of: page.size, dpi: dpi) else {
            throw BackendError("png: a page of \(page.size.width) × \(page.size.height) pt at \(dpi) dpi is not drawable")
        }
        let surface = CairoSurface(cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)))
        try surface.checkStatus("creating a \(width) × \(height) image")
        let context = CairoContext(drawingOn: surface)
        try context.checkStatus("creating the image context")
        let cr = context.handle
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        cairo_scale(cr, dpi / 72, dpi / 72)
        try PagePainter(context: context, fonts: fonts, drawsLinks: false).paint(page.ops)
        cairo_surface_flush(surface.handle)

        guard let data = cairo_image_surface_get_data(surface.handle) else {
            throw BackendError("png: the image has no pixels")
        }
        let pixels = XRGBPixels(base: UnsafeRawPointer(data), width: width, height: height,
                                bytesPerRow: Int(cairo_image_surface_get_stride(surface.handle)))
        do {
            return try withExtendedLifetime(surface) { try PNGEncoder(dotsPerInch: dpi).encode(pixels) }
        } catch let error as PNGEncodingError {
            throw BackendError(error.description)
        }
    }
}
