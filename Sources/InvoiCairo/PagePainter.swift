import CCairo
import InvoiDocument

/// Draws a page's display list onto a Cairo context, op by op in order.
/// One painter serves the PDF and the image surface alike.
final class PagePainter {
    enum Target {
        /// Text stays text (UTF-8 and clusters, for search and copy); links become annotations.
        case pdf
        /// Glyphs composited from FreeType masks at quarter-pixel positions;
        /// horizontal and vertical rules snapped to whole pixels; links leave no mark.
        case image(pixelsPerPoint: Double)
    }

    let context: CairoContext
    private let fonts: CairoFontCache
    /// The faces this painter draws with, its own while it lives.
    private let lane: FontLane
    /// Faces found in the cache, by file, so that most lookups skip its lock (a page draws
    /// with a handful, so a search beats hashing the font's names).
    private var faces: [(path: String, index: Int, face: CairoFontFace)] = []
    let target: Target

    private var currentFace: CairoFontFace?
    private var currentSize: Double = 0
    /// The scaled font last handed to the cache to keep (see `CairoFontCache`), and the faces
    /// whose glyph-embedding font it keeps.
    private var keptScaledFont: OpaquePointer?
    private var facesWithKeptSubsetFont: Set<ObjectIdentifier> = []
    /// A tagged PDF's: the font of the last run drawn with a space in it.
    private var spaceFont: FontFace?
    private var glyphBuffer: [cairo_glyph_t] = []
    private var clusterBuffer: [cairo_text_cluster_t] = []
    /// Masks this painter has used, so that most lookups skip the shared cache's lock.
    private var masks: [GlyphMaskCache.Key: GlyphMask] = [:]
    /// From the coordinates of the ops being drawn to the page's: not the identity inside a group.
    private var transform = AffineTransform.identity
    /// Images drawn so far, by digest: a logo on every page of a PDF is embedded once.
    var rasterSurfaces: [String: CairoSurface] = [:]
    var vectorDocuments: [String: SVGDocument] = [:]
    /// A tagged PDF's structure tags; nil for an untagged PDF and for images.
    let tags: StructureTags?
    /// Inside a group, which is tagged as one piece.
    private var insideGroup = false
    /// A tagged PDF's: whether the last op drawn was a rectangle filled and not stroked (Cairo
    /// writes it and a stroke of the same path after it as one operator), and whether the op
    /// being drawn used a font whose glyphs Cairo may not write as counted.
    private var lastWasFilledRectangle = false
    private var drewUncountedText = false

    init(context: CairoContext, fonts: CairoFontCache, target: Target, tags: StructureTags? = nil) {
        self.context = context
        self.fonts = fonts
        lane = fonts.borrowLane()
        self.target = target
        self.tags = tags
        let cr = context.handle
        Self.setGlyphOptions(on: cr)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
    }

    deinit { fonts.handBack(lane) }

    /// Unhinted outlines at their exact positions: the layout already placed every glyph.
    static func setGlyphOptions(on cr: OpaquePointer) {
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_set_font_options(cr, options)
        cairo_font_options_destroy(options)
    }

    func paint(_ ops: [DrawOp]) throws {
        if tags != nil, !insideGroup, let order = StructureTags.orderKeepingLeavesWhole(ops) {
            for index in order { try paint(ops[index]) }
        } else {
            for op in ops { try paint(op) }
        }
    }

    private func paint(_ op: DrawOp) throws {
        var spaced = false
        if let tags {
            if case .link(let link) = op {
                // A link in a group is read in the group's element: it opens no other. Its
                // annotation's rectangle is the page's box around it.
                if insideGroup {
                    var onPage = link
                    onPage.rect = transform.boundingBox(of: link.rect)
                    tags.annotate(onPage)
                } else {
                    tags.enter(op.role, link: link)
                }
            } else if !insideGroup {
                tags.enter(op.role)
                if case .image(let image) = op { tags.describeFigure(image.altText) }
                if case .qrCode(let code) = op { tags.describeFigure(code.altText) }
            }
            // A group's text (the stamp's word) is read in the group's element, which stays
            // open while the group is drawn.
            if case .text(let text) = op { spaced = tags.noteText(text) }
        }
        let isUncounted = tags != nil && !insideGroup && !isCounted(op)
        if isUncounted { tags?.anchorBeforeUncounted() }
        drewUncountedText = false
        defer {
            if tags != nil, !insideGroup, isUncounted || drewUncountedText { tags?.anchorAfterUncounted() }
            if case .rect(let rect) = op {
                lastWasFilledRectangle = rect.fill != nil && rect.stroke == nil
            } else {
                lastWasFilledRectangle = false
            }
        }
        switch op {
        case .text(let text):
            if try !draw(text, spaceBefore: spaced) { tags?.spaceNotDrawn() }
        case .line(let line): draw(line)
        case .rect(let rect): draw(rect)
        // A tagged PDF's links are written with its structure (above).
        case .link(let link): if case .pdf = target, tags == nil { annotate(link) }
        case .image(let image): try draw(image)
        case .group(let group): try draw(group)
        case .qrCode(let code): draw(code)
        }
        // A Cairo context in error ignores all further drawing: stop at the first.
        try context.checkStatus("drawing")
    }

    /// Whether Cairo writes exactly what is counted for `op` (a glyph code for each glyph, an
    /// operator for each fill and stroke) in a tagged PDF: not for an image, an SVG drawing or a
    /// group, which draw what they hold; not for what Cairo may leave out, as wholly off the
    /// page, without area or far past its edge; not for a rectangle stroked after one filled,
    /// which Cairo may join.
    private func isCounted(_ op: DrawOp) -> Bool {
        guard let page = tags?.pageSize else { return true }
        func isOnPage(minX: Double, minY: Double, maxX: Double, maxY: Double) -> Bool {
            maxX > 1 && minX < page.width - 1 && maxY > 1 && minY < page.height - 1
        }
        switch op {
        case .text(let text):
            // Cairo also drops each glyph more than ten times its size off the page.
            let width = text.runs.reduce(0) { $0 + $1.width }
            return isOnPage(minX: text.origin.x, minY: text.origin.y, maxX: text.origin.x, maxY: text.origin.y)
                && text.origin.x + width < page.width + 5 && text.runs.allSatisfy { $0.size >= 0.5 }
        case .line(let line):
            guard line.from != line.to else { return false }
            return isOnPage(
                minX: min(line.from.x, line.to.x), minY: min(line.from.y, line.to.y),
                maxX: max(line.from.x, line.to.x), maxY: max(line.from.y, line.to.y))
        case .rect(let op):
            let r = op.rect
            if r.width < 0.01 || r.height < 0.01 { return false }
            if op.fill == nil, lastWasFilledRectangle { return false }
            return isOnPage(minX: r.minX, minY: r.minY, maxX: r.maxX, maxY: r.maxY)
        case .qrCode(let code):
            let r = code.rect
            return isOnPage(minX: r.minX, minY: r.minY, maxX: r.maxX, maxY: r.maxY)
        case .link: return true
        case .image, .group: return false
        }
    }

    /// Notes the glyphs just handed to Cairo for a tagged PDF, in the font now set.
    private func countGlyphs(_ glyphs: UnsafePointer<cairo_glyph_t>, _ count: Int) {
        guard let tags, count > 0 else { return }
        if currentFace?.isCounted == false { drewUncountedText = true }
        switch cairoKeeps(glyphs, count) {
        case true?: tags.glyphsDrawn += Int32(count)
        case false?: break
        case nil: drewUncountedText = true
        }
    }

    /// Whether Cairo keeps a drawing of these glyphs in the font now set, nil when that cannot
    /// be told. Cairo leaves out a drawing whose box in its 24.8 fixed point is empty: glyphs
    /// without ink (spaces) at one position, or in one row, on a whole point.
    private func cairoKeeps(_ glyphs: UnsafePointer<cairo_glyph_t>, _ count: Int) -> Bool? {
        guard let scaled = cairo_get_scaled_font(context.handle) else { return nil }
        var extents = cairo_text_extents_t()
        var low = (x: Int.max, y: Int.max), high = (x: Int.min, y: Int.min)
        for index in 0..<count {
            cairo_scaled_font_glyph_extents(scaled, glyphs + index, 1, &extents)
            if extents.width >= Self.surelyInked && extents.height >= Self.surelyInked { return true }
            guard extents.width == 0, extents.height == 0, extents.x_bearing == 0, extents.y_bearing == 0 else {
                return nil  // ink Cairo's box may or may not keep
            }
            let x = Self.fixed(glyphs[index].x), y = Self.fixed(glyphs[index].y)
            low = (min(low.x, x), min(low.y, y))
            high = (max(high.x, x), max(high.y, y))
        }
        if count > 1, low.x >= high.x { return false }
        func spansAPixel(_ low: Int, _ high: Int) -> Bool { low >> 8 < (high + 255) >> 8 }
        return spansAPixel(low.x, high.x) && spansAPixel(low.y, high.y)
    }

    /// `value` in Cairo's 24.8 fixed point, rounded as Cairo rounds it (half to even).
    private static func fixed(_ value: Double) -> Int { Int((value * 256).rounded(.toNearestOrEven)) }

    /// Ink of at least this size (in points) surely makes a box in Cairo's fixed point.
    private static let surelyInked = 1.0 / 64

    private func countPaint() {
        tags?.paintsDrawn += 1
    }

    // MARK: Text

    /// Draws the line; with `spaceBefore`, a space glyph at its start too (invisible, in the
    /// PDF's text only: it parts the line from the text before it in the same element). False
    /// when that space could not be drawn: no run's font has one, or no run keeps its text.
    private func draw(_ op: TextOp, spaceBefore: Bool = false) throws -> Bool {
        var spacePending = spaceBefore
        guard Self.isDrawable(op.origin.x), Self.isDrawable(op.origin.y) else { return !spacePending }
        let cr = context.handle
        setSource(op.color)
        let utf8 = Array(op.text.utf8)
        if spacePending, let first = op.runs.first(where: Self.isDrawn), let font = spaceFont, first.font != font,
            !Self.containsSpace(first, utf8)
        {
            // A font that has drawn no space yet would have Cairo embed a second subset of it
            // for the space alone (a Hebrew word's font: the spaces between words come from the
            // Latin font): the space is drawn in the font that drew the last one.
            try selectFont(font, size: first.size)
            if let space = currentFace?.spaceGlyph {
                keepScaledFont()
                var glyph = cairo_glyph_t(index: space, x: op.origin.x, y: op.origin.y)
                var cluster = cairo_text_cluster_t(num_bytes: 1, num_glyphs: 1)
                cairo_show_text_glyphs(cr, " ", 1, &glyph, 1, &cluster, 1, cairo_text_cluster_flags_t(0))
                countGlyphs(&glyph, 1)
                spacePending = false
            }
        }
        var penX = op.origin.x
        for run in op.runs {
            let start = penX
            penX += run.width
            guard Self.isDrawn(run) else { continue }
            try selectFont(run.font, size: run.size)
            // Positions no page has (a broken layout) would corrupt the PDF: leave the run out.
            guard fillGlyphBuffer(run, startX: start, baselineY: op.origin.y) else { continue }
            if case .image(let scale) = target {
                if !composite(run, color: op.color, pixelsPerPoint: scale) {
                    keepScaledFont()
                    cairo_show_glyphs(cr, &glyphBuffer, Int32(glyphBuffer.count))
                }
                continue
            }
            keepScaledFont()
            let mapped = utf8.withUnsafeBufferPointer { text in
                TextClusters(
                    glyphClusters: run.glyphs.map(\.cluster), textRange: run.textRange, utf8: text,
                    direction: run.direction
                )
                .map { ($0, $0.text(from: text)) }
            }
            guard let (clusters, mappedText) = mapped else {
                cairo_show_glyphs(cr, &glyphBuffer, Int32(glyphBuffer.count))
                glyphBuffer.withUnsafeBufferPointer { countGlyphs($0.baseAddress!, $0.count) }
                continue
            }
            var clusterText = mappedText
            if tags != nil, Self.containsSpace(run, utf8) { spaceFont = run.font }
            clusterBuffer.removeAll(keepingCapacity: true)
            if spacePending, let space = currentFace?.spaceGlyph {
                // First in drawing order, at the run's start: after the element's earlier text.
                glyphBuffer.insert(cairo_glyph_t(index: space, x: start, y: op.origin.y), at: 0)
                clusterBuffer.append(cairo_text_cluster_t(num_bytes: 1, num_glyphs: 1))
                clusterText.insert(UInt8(ascii: " "), at: 0)
                spacePending = false
            }
            for cluster in clusters.clusters {
                clusterBuffer.append(
                    cairo_text_cluster_t(
                        num_bytes: Int32(cluster.bytes.count),
                        num_glyphs: Int32(cluster.glyphCount)))
            }
            clusterText.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { text in
                    cairo_show_text_glyphs(
                        cr, text.baseAddress, Int32(text.count),
                        &glyphBuffer, Int32(glyphBuffer.count),
                        &clusterBuffer, Int32(clusterBuffer.count), cairo_text_cluster_flags_t(0))
                }
            }
            glyphBuffer.withUnsafeBufferPointer { countGlyphs($0.baseAddress!, $0.count) }
        }
        return !spacePending
    }

    private static func isDrawn(_ run: GlyphRun) -> Bool {
        !run.glyphs.isEmpty && run.size > 0 && run.size < largestFontSize
    }

    private static func containsSpace(_ run: GlyphRun, _ utf8: [UInt8]) -> Bool {
        let range = run.textRange.clamped(to: 0..<utf8.count)
        return utf8[range].contains(UInt8(ascii: " "))
    }

    /// Blends the glyph buffer's glyphs straight into the image; false (having drawn
    /// nothing) when some glyph has no outline or the size is better left to Cairo.
    private func composite(_ run: GlyphRun, color: Color, pixelsPerPoint scale: Double) -> Bool {
        let pixelsPerEm = run.size * scale
        guard pixelsPerEm <= GlyphMaskCache.largestSize else { return false }
        // Masks are made upright: under a rotation or a scale, Cairo draws the outlines.
        guard let offset = transform.translation else { return false }
        let size = Int((pixelsPerEm * 64).rounded())
        guard size > 0 else { return false }
        let surface = context.surface.handle
        guard let data = cairo_image_surface_get_data(surface) else { return false }
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))

        var placed: [(mask: GlyphMask, x: Int, y: Int)] = []
        placed.reserveCapacity(glyphBuffer.count)
        for glyph in glyphBuffer {
            let x = (glyph.x + offset.x) * scale, y = (glyph.y + offset.y) * scale
            guard abs(x) < 1e6, abs(y) < 1e6 else { continue }  // also false for NaN
            let quartersX = Int((x * 4).rounded()), quartersY = Int((y * 4).rounded())
            let pixelX = Self.floorDivide(quartersX, by: 4), pixelY = Self.floorDivide(quartersY, by: 4)
            let key = GlyphMaskCache.Key(
                path: run.font.path, index: run.font.index, glyph: UInt32(glyph.index),
                size: size, phaseX: quartersX - pixelX * 4, phaseY: quartersY - pixelY * 4)
            let mask: GlyphMask
            if let known = masks[key] {
                mask = known
            } else {
                guard let made = fonts.glyphMasks.mask(key) else { return false }
                masks[key] = made
                mask = made
            }
            placed.append((mask, pixelX, pixelY))
        }

        cairo_surface_flush(surface)
        let source = UInt32(color.red) << 16 | UInt32(color.green) << 8 | UInt32(color.blue)
        for (mask, originX, originY) in placed {
            let left = originX + mask.left, top = originY + mask.top
            // The part of the mask that falls on the image (none when it is wholly off it).
            let firstColumn = max(0, -left), endColumn = min(mask.width, width - left)
            let firstRow = max(0, -top), endRow = min(mask.height, height - top)
            guard firstColumn < endColumn, firstRow < endRow else { continue }
            mask.coverage.withUnsafeBufferPointer { coverage in
                for row in firstRow..<endRow {
                    // Cairo keeps RGB24 pixels as native 32-bit words.
                    let pixels = UnsafeMutableRawPointer(data + (top + row) * stride).assumingMemoryBound(
                        to: UInt32.self)
                    for column in firstColumn..<endColumn {
                        let alpha = UInt32(coverage[row * mask.width + column])
                        guard alpha > 0 else { continue }
                        let target = pixels + left + column
                        target.pointee = alpha == 255 ? source : Self.blend(source, over: target.pointee, alpha: alpha)
                    }
                }
            }
        }
        cairo_surface_mark_dirty(surface)
        return true
    }

    private static func floorDivide(_ value: Int, by divisor: Int) -> Int {
        value >= 0 ? value / divisor : (value - divisor + 1) / divisor
    }

    /// `source` over `destination` with coverage `alpha`, per channel, rounded as pixman does.
    @inline(__always)
    private static func blend(_ source: UInt32, over destination: UInt32, alpha: UInt32) -> UInt32 {
        @inline(__always) func channel(_ shift: UInt32) -> UInt32 {
            let t = ((source >> shift) & 0xFF) * alpha + ((destination >> shift) & 0xFF) * (255 - alpha) + 128
            return ((t + (t >> 8)) >> 8) << shift
        }
        return channel(16) | channel(8) | channel(0)
    }

    /// False when some glyph would land at a non-finite or absurdly distant position.
    private func fillGlyphBuffer(_ run: GlyphRun, startX: Double, baselineY: Double) -> Bool {
        glyphBuffer.removeAll(keepingCapacity: true)
        var x = startX
        for glyph in run.glyphs {
            let position = (x: x + glyph.offset.x, y: baselineY + glyph.offset.y)
            guard Self.isDrawable(position.x), Self.isDrawable(position.y) else { return false }
            glyphBuffer.append(cairo_glyph_t(index: UInt(glyph.id), x: position.x, y: position.y))
            x += glyph.advance
        }
        return true
    }

    /// Points from the page origin beyond which nothing is drawn: no page is that
    /// large, and Cairo's fixed-point geometry would overflow.
    private static let farthest = 100_000.0
    private static let largestFontSize = 10_000.0

    /// Within reach of the page (false for NaN and infinities too).
    static func isDrawable(_ value: Double) -> Bool { abs(value) < farthest }

    private func selectFont(_ font: FontFace, size: Double) throws {
        let face: CairoFontFace
        if let known = faces.first(where: { $0.index == font.index && $0.path == font.path }) {
            face = known.face
        } else {
            face = try fonts.face(for: font, in: lane)
            faces.append((font.path, font.index, face))
        }
        let cr = context.handle
        if face !== currentFace {
            cairo_set_font_face(cr, face.handle)
            currentFace = face
            if case .pdf = target, facesWithKeptSubsetFont.insert(ObjectIdentifier(face)).inserted {
                fonts.keepSubsetFont(of: face)
            }
        }
        if size != currentSize {
            cairo_set_font_size(cr, size)
            currentSize = size
        }
    }

    /// Has the cache keep the scaled font the next glyphs are drawn with (Cairo makes it from
    /// the face, size, transformation and options now set), so that no render drops its last
    /// reference while another looks it up: see `CairoFontCache`.
    private func keepScaledFont() {
        guard let scaled = cairo_get_scaled_font(context.handle), scaled != keptScaledFont else { return }
        fonts.keep(scaled)
        keptScaledFont = scaled
    }

    // MARK: Lines and rectangles

    private func draw(_ line: LineOp) {
        guard line.width > 0, [line.width, line.from.x, line.from.y, line.to.x, line.to.y].allSatisfy(Self.isDrawable)
        else { return }
        let cr = context.handle
        setSource(line.color)
        if case .image(let scale) = target, transform == .identity, let rule = snappedRule(line, pixelsPerPoint: scale)
        {
            cairo_rectangle(cr, rule.x, rule.y, rule.width, rule.height)
            cairo_fill(cr)
            return
        }
        cairo_set_line_width(cr, line.width)
        cairo_move_to(cr, line.from.x, line.from.y)
        cairo_line_to(cr, line.to.x, line.to.y)
        cairo_stroke(cr)
        countPaint()
    }

    /// A horizontal or vertical line as a rectangle whose edges lie on whole
    /// pixels, at least one pixel thick: a crisp rule rather than two grey rows,
    /// as PDF viewers draw it (poppler's stroke adjustment rounds the same way).
    private func snappedRule(_ line: LineOp, pixelsPerPoint scale: Double) -> Rect? {
        // An edge exactly on a half pixel goes up or left, as it lands in poppler
        // (whose arithmetic leaves it a hair below the half).
        func round(_ value: Double) -> Double { (value * scale + 0.5 - 1e-6).rounded(.down) }
        let half = line.width / 2
        let edges: (x0: Double, x1: Double, y0: Double, y1: Double)
        if line.from.y == line.to.y {
            edges = (
                round(min(line.from.x, line.to.x)), round(max(line.from.x, line.to.x)),
                round(line.from.y - half), round(line.from.y + half)
            )
            guard edges.x1 > edges.x0 else { return nil }
        } else if line.from.x == line.to.x {
            edges = (
                round(line.from.x - half), round(line.from.x + half),
                round(min(line.from.y, line.to.y)), round(max(line.from.y, line.to.y))
            )
            guard edges.y1 > edges.y0 else { return nil }
        } else {
            return nil
        }
        let x1 = max(edges.x1, edges.x0 + 1), y1 = max(edges.y1, edges.y0 + 1)
        return Rect(
            x: edges.x0 / scale, y: edges.y0 / scale, width: (x1 - edges.x0) / scale,
            height: (y1 - edges.y0) / scale)
    }

    private func draw(_ op: RectOp) {
        let r = op.rect
        guard [r.x, r.y, r.width, r.height].allSatisfy(Self.isDrawable), r.width >= 0, r.height >= 0 else { return }
        let cr = context.handle
        addPath(r, cornerRadius: Self.isDrawable(op.cornerRadius) ? op.cornerRadius : 0)
        if let fill = op.fill {
            setSource(fill)
            cairo_fill_preserve(cr)
            countPaint()
        }
        if let stroke = op.stroke, stroke.width > 0, Self.isDrawable(stroke.width) {
            setSource(stroke.color)
            cairo_set_line_width(cr, stroke.width)
            cairo_stroke_preserve(cr)
            countPaint()
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

    // MARK: QR codes

    /// The dark modules as `darkBlocks` (horizontal runs, merged down where consecutive rows
    /// repeat them) in black, the most contrast for a scanner: in a PDF as strokes (below), in
    /// an image as one path of rectangles filled once (no seams between rows), each module a
    /// whole number of pixels and each edge on a pixel boundary: the code is centred in its
    /// place, at most a pixel a module smaller, never larger.
    private func draw(_ code: QRCodeOp) {
        let r = code.rect
        guard [r.x, r.y, r.width].allSatisfy(Self.isDrawable), r.width > 0 else { return }
        let cr = context.handle
        var origin = Point(x: r.x, y: r.y)
        var module = code.moduleSize
        if case .image(let scale) = target, transform.translation != nil, !code.hasPrescribedSize {
            let offset = transform.translation ?? Point(x: 0, y: 0)
            let pixels = max(1, (module * scale).rounded(.down))
            let side = pixels * Double(code.matrix.size)
            // Device pixels of the page, then back to the (translated) user space.
            let left = ((r.x + offset.x) * scale + (r.width * scale - side) / 2).rounded()
            let top = ((r.y + offset.y) * scale + (r.width * scale - side) / 2).rounded()
            origin = Point(x: left / scale - offset.x, y: top / scale - offset.y)
            module = pixels / scale
        }
        cairo_set_source_rgb(cr, 0, 0, 0)
        if case .pdf = target {
            stroke(code.matrix.darkBlocks, origin: origin, module: module)
            return
        }
        for block in code.matrix.darkBlocks {
            cairo_rectangle(
                cr, origin.x + Double(block.column) * module, origin.y + Double(block.row) * module,
                Double(block.width) * module, Double(block.height) * module)
        }
        // Crisp module edges, as the SVG's crispEdges: no grey seams a scanner could misread.
        let antialias = cairo_get_antialias(cr)
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE)
        cairo_fill(cr)
        cairo_set_antialias(cr, antialias)
    }

    /// In a PDF each block is one line through its middle, as thick as the block is tall with
    /// butt caps: the same squares as a filled rectangle, in half the coordinates (Cairo writes
    /// every number with printf, and a page's path is recorded, analysed and written out: a
    /// code's rectangles were most of its cost). One stroke per block height, in black.
    private func stroke(_ blocks: [QRCodeMatrix.Block], origin: Point, module: Double) {
        let cr = context.handle
        let heights = Set(blocks.map(\.height)).sorted()
        for height in heights {
            for block in blocks where block.height == height {
                let y = origin.y + (Double(block.row) + Double(height) / 2) * module
                cairo_move_to(cr, origin.x + Double(block.column) * module, y)
                cairo_line_to(cr, origin.x + Double(block.column + block.width) * module, y)
            }
            cairo_set_line_width(cr, Double(height) * module)
            cairo_stroke(cr)
            countPaint()
        }
    }

    // MARK: Groups

    private func draw(_ group: GroupOp) throws {
        let t = group.transform
        guard [t.a, t.b, t.c, t.d].allSatisfy({ $0.isFinite && abs($0) < 1_000 }), Self.isDrawable(t.tx),
            Self.isDrawable(t.ty), abs(t.a * t.d - t.b * t.c) > 1e-9
        else { return }  // a transform no page could show, or one Cairo cannot invert
        let cr = context.handle
        cairo_save(cr)
        var matrix = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
        cairo_transform(cr, &matrix)
        let outer = transform
        let wasInsideGroup = insideGroup
        transform = outer.followingTransform(t)
        insideGroup = true
        defer {
            transform = outer
            insideGroup = wasInsideGroup
            cairo_restore(cr)
            // cairo_restore brings back the font set before the group: what this painter
            // remembers as set is no longer so.
            currentFace = nil
            currentSize = 0
        }
        try paint(group.ops)
    }

    // MARK: Links

    private func annotate(_ link: LinkOp) {
        guard let attributes = LinkAttributes(link) else { return }
        let cr = context.handle
        cairo_tag_begin(cr, CAIRO_TAG_LINK, attributes.text)
        cairo_tag_end(cr, CAIRO_TAG_LINK)
    }

    private func setSource(_ color: Color) {
        cairo_set_source_rgb(
            context.handle, Double(color.red) / 255, Double(color.green) / 255,
            Double(color.blue) / 255)
    }
}
