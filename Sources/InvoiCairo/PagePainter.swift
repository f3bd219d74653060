import CCairo
import InvoiDocument

/// Draws a page's display list onto a Cairo context, op by op in order.
/// One painter serves the PDF and the image surface alike.
final class PagePainter {
    private let context: CairoContext
    private let fonts: CairoFontCache
    /// Links become PDF annotations; an image has nowhere to put them.
    private let drawsLinks: Bool

    private var currentFace: CairoFontFace?
    private var currentSize: Double = 0
    private var glyphBuffer: [cairo_glyph_t] = []
    private var clusterBuffer: [cairo_text_cluster_t] = []

    init(context: CairoContext, fonts: CairoFontCache, drawsLinks: Bool) {
        self.context = context
        self.fonts = fonts
        self.drawsLinks = drawsLinks
        let cr = context.handle
        // Unhinted outlines at their exact positions: the layout already placed every glyph.
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_set_font_options(cr, options)
        cairo_font_options_destroy(options)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
    }

    func paint(_ ops: [DrawOp]) throws {
        for op in ops {
            switch op {
            case .text(let text): try draw(text)
            case .line(let line): draw(line)
            case .rect(let rect): draw(rect)
            case .link(let link): if drawsLinks { annotate(link) }
            }
            // A Cairo context in error ignores all further drawing: stop at the first.
            try context.checkStatus("drawing")
        }
    }

    // MARK: Text

    private func draw(_ op: TextOp) throws {
        guard op.origin.x.isFinite, op.origin.y.isFinite else { return }
        let cr = context.handle
        setSource(op.color)
        let utf8 = Array(op.text.utf8)
        var penX = op.origin.x
        for run in op.runs {
            let start = penX
            penX += run.width
            guard !run.glyphs.isEmpty, run.size.isFinite, run.size > 0 else { continue }
            try selectFont(run.font, size: run.size)
            fillGlyphBuffer(run, startX: start, baselineY: op.origin.y)
            let mapped = utf8.withUnsafeBufferPointer { text in
                TextClusters(glyphClusters: run.glyphs.map(\.cluster), textRange: run.textRange, utf8: text)
                    .map { ($0, $0.text(from: text)) }
            }
            guard let (clusters, clusterText) = mapped else {
                cairo_show_glyphs(cr, &glyphBuffer, Int32(glyphBuffer.count))
                continue
            }
            clusterBuffer.removeAll(keepingCapacity: true)
            for cluster in clusters.clusters {
                clusterBuffer.append(cairo_text_cluster_t(num_bytes: Int32(cluster.bytes.count),
                                                          num_glyphs: Int32(cluster.glyphCount)))
            }
            clusterText.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { text in
                    cairo_show_text_glyphs(cr, text.baseAddress, Int32(text.count),
                                           &glyphBuffer, Int32(glyphBuffer.count),
                                           &clusterBuffer, Int32(clusterBuffer.count), cairo_text_cluster_flags_t(0))
                }
            }
        }
    }

    private func fillGlyphBuffer(_ run: GlyphRun, startX: Double, baselineY: Double) {
        glyphBuffer.removeAll(keepingCapacity: true)
        var x = startX
        for glyph in run.glyphs {
            var dx = glyph.offset.x, dy = glyph.offset.y
            if !dx.isFinite { dx = 0 }
            if !dy.isFinite { dy = 0 }
            glyphBuffer.append(cairo_glyph_t(index: UInt(glyph.id), x: x + dx, y: baselineY + dy))
            if glyph.advance.isFinite { x += glyph.advance }
        }
    }

    private func selectFont(_ font: FontFace, size: Double) throws {
        let face = try fonts.face(for: font)
        let cr = context.handle
        if face !== currentFace {
            cairo_set_font_face(cr, face.handle)
            currentFace = face
        }
        if size != currentSize {
            cairo_set_font_size(cr, size)
            currentSize = size
        }
    }

    // MARK: Lines and rectangles

    private func draw(_ line: LineOp) {
        guard line.width > 0, line.width.isFinite,
              [line.from.x, line.from.y, line.to.x, line.to.y].allSatisfy(\.isFinite)
        else { return }
        let cr = context.handle
        setSource(line.color)
        cairo_set_line_width(cr, line.width)
        cairo_move_to(cr, line.from.x, line.from.y)
        cairo_line_to(cr, line.to.x, line.to.y)
        cairo_stroke(cr)
    }

    private func draw(_ op: RectOp) {
        let r = op.rect
        guard [r.x, r.y, r.width, r.height].allSatisfy(\.isFinite), r.width >= 0, r.height >= 0 else { return }
        let cr = context.handle
        addPath(r, cornerRadius: op.cornerRadius.isFinite ? op.cornerRadius : 0)
        if let fill = op.fill {
            setSource(fill)
            cairo_fill_preserve(cr)
        }
        if let stroke = op.stroke, stroke.width > 0, stroke.width.isFinite {
            setSource(stroke.color)
            cairo_set_line_width(cr, stroke.width)
            cairo_stroke_preserve(cr)
        }
        cairo_new_path(cr)
    }

    private func addPath(_ r: Rect, cornerRadius: Double) {
        let cr = context.handle
        let radius = min(cornerRadius, r.width / 2, r.height / 2)
        guard radius > 0 else {
            cairo_rectangle(cr, r.x, r.y, r.width, r.height)
            return
        }
        let quarter = Double.pi / 2
        cairo_new_sub_path(cr)
        cairo_arc(cr, r.maxX - radius, r.minY + radius, radius, -quarter, 0)
        cairo_arc(cr, r.maxX - radius, r.maxY - radius, radius, 0, quarter)
        cairo_arc(cr, r.minX + radius, r.maxY - radius, radius, quarter, 2 * quarter)
        cairo_arc(cr, r.minX + radius, r.minY + radius, radius, 2 * quarter, 3 * quarter)
        cairo_close_path(cr)
    }

    // MARK: Links

    private func annotate(_ link: LinkOp) {
        guard let attributes = LinkAttributes(link) else { return }
        let cr = context.handle
        cairo_tag_begin(cr, CAIRO_TAG_LINK, attributes.text)
        cairo_tag_end(cr, CAIRO_TAG_LINK)
    }

    private func setSource(_ color: Color) {
        cairo_set_source_rgb(context.handle, Double(color.red) / 255, Double(color.green) / 255,
                             Double(color.blue) / 255)
    }
}
