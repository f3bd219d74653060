import CCairo
import Foundation
import InvoiDocument
import InvoiSpeedups

/// What a PNG page may be given beside the document.
public struct PNGOptions: Hashable, Sendable {
    /// Pixels per inch.
    public var dpi: Double

    public init(dpi: Double = 144) {
        self.dpi = dpi
    }
}

/// `--format png`: each page drawn on a Cairo image surface at `options.dpi`,
/// on white, and written by the fast PNG encoder. One PNG per page.
public struct PNGBackend: Backend {
    public typealias Options = PNGOptions

    public let fonts: CairoFontCache

    /// A backend drawing with `fonts`: pass every backend of a process the same cache,
    /// so that each font file is opened once however many backends are made.
    public init(fonts: CairoFontCache = CairoFontCache()) {
        self.fonts = fonts
    }

    public var format: OutputFormat { .png }

    public func render(_ document: Document) throws -> RenderedOutput {
        try render(document, options: PNGOptions())
    }

    public func writer(
        for outline: DocumentOutline, options: PNGOptions, to target: any OutputTarget
    ) throws
        -> Writer
    {
        guard outline.pageCount > 0 else { throw BackendError("png: the document has no pages") }
        return Writer(backend: self, dpi: options.dpi, target: target, pageCount: outline.pageCount)
    }

    /// Each page drawn, encoded and written to its own file before the next is drawn.
    public struct Writer: PageWriter {
        let backend: PNGBackend
        let dpi: Double
        let target: any OutputTarget
        let pageCount: Int
        private var index = 0

        init(backend: PNGBackend, dpi: Double, target: any OutputTarget, pageCount: Int) {
            self.backend = backend
            self.dpi = dpi
            self.target = target
            self.pageCount = pageCount
        }

        public mutating func write(_ page: Page) throws {
            let data = try backend.render(page, dpi: dpi, position: PagePosition(index: index, of: pageCount))
            try target.sink(forPage: index, of: pageCount).write(data)
            index += 1
        }

        public func finish() throws {}
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

    func render(_ page: Page, dpi: Double, position: PagePosition? = nil) throws -> Data {
        var encoder = PNGEncoder(dotsPerInch: dpi)
        if let position { encoder.text = [(PagePosition.pngKeyword, position.text)] }
        do {
            // The image is freed when `draw` returns, before the deflate allocates its output.
            return try encoder.compress(try draw(page, dpi: dpi, filteringWith: encoder))
        } catch let error as PNGEncodingError {
            throw BackendError(error.description)
        }
    }

    private func draw(_ page: Page, dpi: Double, filteringWith encoder: PNGEncoder) throws -> PNGEncoder.FilteredImage {
        guard dpi.isFinite, dpi > 0, let (width, height) = Self.pixelSize(of: page.size, dpi: dpi) else {
            throw BackendError(
                "png: a page of \(page.size.width) × \(page.size.height) pt at \(dpi) dpi is not drawable")
        }
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_RGB24, Int32(width)))
        guard stride > 0, let memory = PageMemory(byteCount: stride * height) else {
            throw BackendError("png: no memory for a \(width) × \(height) image")
        }
        // The surface keeps `memory` mapped until Cairo has let go of its pixels.
        let surface = CairoSurface(
            cairo_image_surface_create_for_data(
                memory.base.assumingMemoryBound(to: UInt8.self),
                CAIRO_FORMAT_RGB24, Int32(width), Int32(height),
                Int32(stride)),
            dependency: memory)
        try surface.checkStatus("creating a \(width) × \(height) image")
        let context = CairoContext(drawingOn: surface)
        try context.checkStatus("creating the image context")
        let cr = context.handle
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        cairo_scale(cr, dpi / 72, dpi / 72)
        try PagePainter(context: context, fonts: fonts, target: .image(pixelsPerPoint: dpi / 72)).paint(page.ops)
        cairo_surface_flush(surface.handle)

        guard let data = cairo_image_surface_get_data(surface.handle) else {
            throw BackendError("png: the image has no pixels")
        }
        let pixels = XRGBPixels(
            base: UnsafeRawPointer(data), width: width, height: height,
            bytesPerRow: Int(cairo_image_surface_get_stride(surface.handle)))
        return try withExtendedLifetime(context) { try encoder.filter(pixels) }
    }
}
