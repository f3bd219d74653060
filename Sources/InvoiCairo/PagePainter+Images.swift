import CCairo
import Foundation
import InvoiAssets
import InvoiDocument

extension PagePainter {
    /// Scales the image into `op.rect`. In a PDF a JPEG keeps its original bytes (DCT)
    /// and a PNG's transparency becomes a soft mask; an SVG is drawn by librsvg as paths,
    /// so it stays vector.
    func draw(_ op: ImageOp) throws {
        let r = op.rect
        guard [r.x, r.y, r.width, r.height].allSatisfy(Self.isDrawable), r.width > 0, r.height > 0 else { return }
        switch op.image {
        case .raster(let pixels): try draw(pixels, digest: op.image.digest, in: r)
        case .vector(let svg): try draw(svg, digest: op.image.digest, in: r)
        }
    }

    private func draw(_ pixels: RasterPixels, digest: String, in rect: Rect) throws {
        let surface: CairoSurface
        if let known = rasterSurfaces[digest] {
            surface = known
        } else {
            surface = try makeSurface(pixels, digest: digest)
            rasterSurfaces[digest] = surface
        }
        let cr = context.handle
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
        cairo_clip(cr)
        cairo_translate(cr, rect.x, rect.y)
        cairo_scale(cr, rect.width / Double(pixels.width), rect.height / Double(pixels.height))
        cairo_set_source_surface(cr, surface.handle, 0, 0)
        let pattern = cairo_get_source(cr)
        // GOOD filters when scaling down (a box filter) as well as up.
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
        if case .image = target {
            // Repeats the edge pixels, so that the image's border does not fade into the page.
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        }
        cairo_paint(cr)
    }

    /// Premultiplied ARGB32 (RGB24 when opaque), with the JPEG's own bytes attached for the PDF.
    private func makeSurface(_ pixels: RasterPixels, digest: String) throws -> CairoSurface {
        let (width, height) = (pixels.width, pixels.height)
        guard width > 0, height > 0, width <= 32_767, height <= 32_767, pixels.rgba.count == width * height * 4 else {
            throw BackendError("an image of \(width) × \(height) pixels cannot be drawn")
        }
        let surface = CairoSurface(
            cairo_image_surface_create(
                pixels.hasAlpha ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24,
                Int32(width), Int32(height)))
        try surface.checkStatus("creating a \(width) × \(height) image")
        guard let base = cairo_image_surface_get_data(surface.handle) else {
            throw BackendError("cairo: an image without pixels")
        }
        let stride = Int(cairo_image_surface_get_stride(surface.handle))
        pixels.rgba.withUnsafeBufferPointer { rgba in
            for y in 0..<height {
                let row = UnsafeMutableRawPointer(base + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width {
                    let i = (y * width + x) * 4
                    let alpha = UInt32(rgba[i + 3])
                    @inline(__always) func premultiplied(_ value: UInt8) -> UInt32 {
                        let t = UInt32(value) * alpha + 128
                        return (t + (t >> 8)) >> 8
                    }
                    row[x] =
                        alpha << 24 | premultiplied(rgba[i]) << 16 | premultiplied(rgba[i + 1]) << 8
                        | premultiplied(rgba[i + 2])
                }
            }
        }
        cairo_surface_mark_dirty(surface.handle)
        if case .pdf = target {
            if pixels.encodedFormat == .jpeg {
                try attach(Array(pixels.encoded), as: CAIRO_MIME_TYPE_JPEG, to: surface)
            }
            // The same logo on every page is written into the PDF once.
            try attach(Array(digest.utf8), as: CAIRO_MIME_TYPE_UNIQUE_ID, to: surface)
        }
        return surface
    }

    /// Hands Cairo a copy of `bytes` that it frees with the surface.
    private func attach(_ bytes: [UInt8], as mimeType: String, to surface: CairoSurface) throws {
        guard let copy = malloc(max(bytes.count, 1)) else { throw BackendError("out of memory for an image") }
        bytes.withUnsafeBytes { copy.copyMemory(from: $0.baseAddress!, byteCount: bytes.count) }
        let status = cairo_surface_set_mime_data(
            surface.handle, mimeType, copy.assumingMemoryBound(to: UInt8.self),
            UInt(bytes.count), { free($0) }, copy)
        if status != CAIRO_STATUS_SUCCESS { free(copy) }
        try checkCairoStatus(status, "attaching the image's \(mimeType) data")
    }

    private func draw(_ svg: SanitizedSVG, digest: String, in rect: Rect) throws {
        let document: SVGDocument
        do throws(ImageDecodingFailure) {
            if let known = vectorDocuments[digest] {
                document = known
            } else {
                document = try SVGDocument(svg)
                vectorDocuments[digest] = document
            }
            let cr = context.handle
            cairo_save(cr)
            defer { cairo_restore(cr) }
            try document.render(on: cr, into: rect)
        } catch {
            throw BackendError("image: \(error.reason)")
        }
    }
}

extension InvoiDocument.AffineTransform {
    /// `inner` applied first, then this transform: the page transform of a group inside this one.
    func followingTransform(_ inner: InvoiDocument.AffineTransform) -> InvoiDocument.AffineTransform {
        InvoiDocument.AffineTransform(
            a: a * inner.a + c * inner.b, b: b * inner.a + d * inner.b,
            c: a * inner.c + c * inner.d, d: b * inner.c + d * inner.d,
            tx: a * inner.tx + c * inner.ty + tx, ty: b * inner.tx + d * inner.ty + ty)
    }

    /// The offset when this transform only translates; nil when it rotates, scales or skews.
    var translation: Point? {
        a == 1 && b == 0 && c == 0 && d == 1 ? Point(x: tx, y: ty) : nil
    }
}
