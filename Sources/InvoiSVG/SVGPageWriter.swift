import InvoiDocument
import InvoiText

/// Writes one page as an SVG document. Coordinates are points (the viewBox),
/// glyph outlines stay in font units under a per-run `scale(s -s)`.
struct SVGPageWriter {
    let page: Page
    let metadata: DocumentMetadata
    /// Written on the root element when the page is one of several.
    let position: PagePosition?

    /// Ids of the glyphs this page uses, in first-use order.
    private var definitionIDs: [GlyphKey: Int] = [:]
    private var definitions = SVGWriter(capacity: 16_384)
    private var body = SVGWriter(capacity: 32_768)

    init(page: Page, metadata: DocumentMetadata, position: PagePosition? = nil) {
        self.page = page
        self.metadata = metadata
        self.position = position
    }

    mutating func write(using library: inout GlyphLibrary) -> [UInt8] {
        draw(page.ops, using: &library)
        writeTextLayer()
        writeLinks(page.ops)

        var out = SVGWriter(capacity: definitions.bytes.count + body.bytes.count + 512)
        let width = page.size.width.isFinite && page.size.width > 0 ? page.size.width : 0
        let height = page.size.height.isFinite && page.size.height > 0 ? page.size.height : 0
        out.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        out.append(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" version=\"1.1\" width=\""
        )
        out.appendNumber(width)
        out.append("pt\" height=\"")
        out.appendNumber(height)
        out.append("pt\" viewBox=\"0 0 ")
        out.appendNumber(width)
        out.append(" ")
        out.appendNumber(height)
        // `xml:lang` for XML tools, `lang` for browsers and screen readers (SVG 2).
        out.append("\" xml:lang=\"")
        out.appendEscaped(metadata.language)
        out.append("\" lang=\"")
        out.appendEscaped(metadata.language)
        out.append(metadata.direction == .rightToLeft ? "\" direction=\"rtl\"" : "\"")
        if let position {
            out.append(Array(" \(PagePosition.svgAttribute)=\"\(position.text)\"".utf8))
        }
        out.append(">\n<title>")
        out.appendEscaped(metadata.title)
        out.append("</title>\n")
        if !definitionIDs.isEmpty {
            out.append("<defs>\n")
            out.append(definitions)
            out.append("</defs>\n")
        }
        out.append("<rect")
        out.appendAttribute("width", width)
        out.appendAttribute("height", height)
        out.append(" fill=\"#FFFFFF\"/>\n")
        out.append(body)
        out.append("</svg>\n")
        return out.bytes
    }

    // MARK: - Ops

    private mutating func draw(_ ops: [DrawOp], using library: inout GlyphLibrary) {
        for op in ops {
            switch op {
            case .text(let text): drawGlyphs(of: text, using: &library)
            case .line(let line): draw(line)
            case .rect(let rect): draw(rect)
            case .image(let image): ImageMarkup.append(image, to: &body)
            case .group(let group):
                guard group.transform.isFinite, !group.ops.isEmpty else { continue }
                openGroup(group.transform)
                draw(group.ops, using: &library)
                body.append("</g>\n")
            case .qrCode(let code): draw(code)
            case .link: break
            }
        }
    }

    /// The dark modules as one black path, a rectangle per `darkBlocks` entry; crisp edges, so
    /// that a renderer does not blur the boundaries between modules. Named by its alt text as
    /// one image, like the logo.
    private mutating func draw(_ code: QRCodeOp) {
        let r = code.rect
        guard [r.x, r.y, r.width].allSatisfy(\.isFinite), r.width > 0 else { return }
        let module = code.moduleSize
        ImageMarkup.openTitled(code.altText, to: &body)
        defer { if !code.altText.isEmpty { body.append("</g>\n") } }
        body.append("<path fill=\"#000000\" shape-rendering=\"crispEdges\" d=\"")
        for block in code.matrix.darkBlocks {
            body.append("M")
            body.appendNumber(r.x + Double(block.column) * module, decimals: 3)
            body.append(" ")
            body.appendNumber(r.y + Double(block.row) * module, decimals: 3)
            body.append("h")
            body.appendNumber(Double(block.width) * module, decimals: 3)
            body.append("v")
            body.appendNumber(Double(block.height) * module, decimals: 3)
            body.append("h")
            body.appendNumber(-Double(block.width) * module, decimals: 3)
            body.append("z")
        }
        body.append("\"/>\n")
    }

    private mutating func openGroup(_ transform: AffineTransform) {
        body.append("<g transform=\"")
        body.appendMatrix(transform)
        body.append("\">\n")
    }

    // MARK: - Glyphs

    /// One group per run: translated to where the run starts on the baseline
    /// and scaled from font units (y flipped); each glyph a `<use>` at its
    /// pen position in font units.
    private mutating func drawGlyphs(of text: TextOp, using library: inout GlyphLibrary) {
        var penX = text.origin.x
        let baseline = text.origin.y
        for run in text.runs {
            defer { penX += run.width }
            let face = library.index(of: run.font)
            var uses: [(id: Int, x: Double, y: Double)] = []
            var runPen = 0.0
            for glyph in run.glyphs {
                defer { runPen += glyph.advance }
                guard let shape = library.shape(of: glyph.id, face: run.font, faceIndex: face),
                    !shape.pathData.isEmpty
                else { continue }
                uses.append(
                    (
                        definitionID(for: GlyphKey(face: face, glyph: glyph.id), shape: shape),
                        runPen + glyph.offset.x, glyph.offset.y
                    ))
            }
            guard !uses.isEmpty, let unitsPerEm = library.unitsPerEm(ofFace: face),
                run.size.isFinite, run.size > 0
            else { continue }
            let scale = run.size / Double(unitsPerEm)
            body.append("<g fill=\"")
            body.appendColor(text.color.red, text.color.green, text.color.blue)
            body.append("\" transform=\"translate(")
            body.appendNumber(penX)
            body.append(" ")
            body.appendNumber(baseline)
            body.append(") scale(")
            body.appendNumber(scale, decimals: 8)
            body.append(" ")
            body.appendNumber(-scale, decimals: 8)
            body.append(")\">")
            for use in uses {
                body.append("<use xlink:href=\"#g")
                body.appendInteger(use.id)
                body.append("\"")
                if (use.x / scale * 100).rounded() != 0 {
                    body.append(" x=\"")
                    body.appendNumber(use.x / scale)
                    body.append("\"")
                }
                if (use.y / scale * 100).rounded() != 0 {
                    // Offsets are y down in points; the group's y axis points up.
                    body.append(" y=\"")
                    body.appendNumber(-use.y / scale)
                    body.append("\"")
                }
                body.append("/>")
            }
            body.append("</g>\n")
        }
    }

    private mutating func definitionID(for key: GlyphKey, shape: GlyphLibrary.Shape) -> Int {
        if let id = definitionIDs[key] { return id }
        let id = definitionIDs.count
        definitionIDs[key] = id
        definitions.append("<path id=\"g")
        definitions.appendInteger(id)
        definitions.append("\" d=\"")
        definitions.append(shape.pathData)
        definitions.append("\"/>\n")
        return id
    }

    // MARK: - Lines, rectangles, links

    private mutating func draw(_ line: LineOp) {
        guard line.width.isFinite, line.width > 0 else { return }
        body.append("<line")
        body.appendAttribute("x1", line.from.x)
        body.appendAttribute("y1", line.from.y)
        body.appendAttribute("x2", line.to.x)
        body.appendAttribute("y2", line.to.y)
        body.append(" stroke=\"")
        body.appendColor(line.color.red, line.color.green, line.color.blue)
        body.append("\" stroke-width=\"")
        body.appendNumber(line.width, decimals: 3)
        body.append("\"/>\n")
    }

    private mutating func draw(_ op: RectOp) {
        let stroke = op.stroke.flatMap { $0.width.isFinite && $0.width > 0 ? $0 : nil }
        guard op.fill != nil || stroke != nil else { return }
        appendRectGeometry(op.rect)
        let radius = min(op.cornerRadius, abs(op.rect.width) / 2, abs(op.rect.height) / 2)
        if radius.isFinite, radius > 0 {
            body.append(" rx=\"")
            body.appendNumber(radius)
            body.append("\"")
        }
        body.append(" fill=\"")
        if let fill = op.fill {
            body.appendColor(fill.red, fill.green, fill.blue)
        } else {
            body.append("none")
        }
        body.append("\"")
        if let stroke {
            body.append(" stroke=\"")
            body.appendColor(stroke.color.red, stroke.color.green, stroke.color.blue)
            body.append("\" stroke-width=\"")
            body.appendNumber(stroke.width, decimals: 3)
            body.append("\"")
        }
        body.append("/>\n")
    }

    /// Links go over everything else so that they can be clicked; those in a group
    /// keep its transform.
    private mutating func writeLinks(_ ops: [DrawOp]) {
        writeLayer(ops, where: \.hasMailtoLink) { writer, op in
            if case .link(let link) = op { writer.draw(link) }
        }
    }

    /// Writes the ops `isShown` picks, in order, each group that holds one opened under its
    /// transform (the links and the text layer are drawn over the page, group by group).
    private mutating func writeLayer(
        _ ops: [DrawOp], where isShown: (DrawOp) -> Bool, _ write: (inout SVGPageWriter, DrawOp) -> Void
    ) {
        for op in ops where isShown(op) {
            guard case .group(let group) = op else {
                write(&self, op)
                continue
            }
            openGroup(group.transform)
            writeLayer(group.ops, where: isShown, write)
            body.append("</g>\n")
        }
    }

    /// Only `mailto:` links are kept: invoice text must not lead a reader anywhere else.
    private mutating func draw(_ link: LinkOp) {
        guard Self.isMailto(link.uri) else { return }
        body.append("<a xlink:href=\"")
        body.appendEscaped(link.uri)
        body.append("\">")
        appendRectGeometry(link.rect)
        body.append(" fill=\"#FFFFFF\" fill-opacity=\"0\"/></a>\n")
    }

    static func isMailto(_ uri: String) -> Bool {
        let scheme = Array("mailto:".utf8)
        let bytes = Array(uri.utf8.prefix(scheme.count))
        guard bytes.count == scheme.count, uri.utf8.count > scheme.count else { return false }
        return zip(bytes, scheme).allSatisfy { byte, expected in
            byte == expected || (byte >= 0x41 && byte <= 0x5A && byte + 0x20 == expected)
        }
    }

    /// `<rect x y width height` with a negative size folded into the origin.
    private mutating func appendRectGeometry(_ rect: Rect) {
        body.append("<rect")
        body.appendAttribute("x", min(rect.minX, rect.maxX))
        body.appendAttribute("y", min(rect.minY, rect.maxY))
        body.appendAttribute("width", abs(rect.width))
        body.appendAttribute("height", abs(rect.height))
    }

    // MARK: - Text layer

    /// One invisible `<text>` per op, stretched over the glyphs it stands
    /// for: selectable and searchable, never painted (`fill-opacity`, not
    /// `display` or `visibility`, which would make it unselectable).
    /// Text in a group is written under the group's transform, so that a selection
    /// lines up with the glyphs it stands for.
    private mutating func writeTextLayer() {
        guard page.ops.contains(where: \.hasText) else { return }
        body.append("<g fill-opacity=\"0\" font-family=\"monospace\" xml:space=\"preserve\">\n")
        writeTextElements(page.ops)
        body.append("</g>\n")
    }

    private mutating func writeTextElements(_ ops: [DrawOp]) {
        writeLayer(ops, where: \.hasText) { writer, op in
            if case .text(let text) = op { writer.writeTextElement(text) }
        }
    }

    private mutating func writeTextElement(_ text: TextOp) {
        body.append("<text")
        if metadata.direction == .rightToLeft {
            // In a right-to-left document each line says its own direction; a right-to-left
            // line starts at its right end.
            let rightToLeft = text.direction == .rightToLeft
            body.append(rightToLeft ? " direction=\"rtl\"" : " direction=\"ltr\"")
            body.appendAttribute("x", text.origin.x + (rightToLeft && text.width.isFinite ? text.width : 0))
        } else {
            body.appendAttribute("x", text.origin.x)
        }
        body.appendAttribute("y", text.origin.y)
        body.appendAttribute("font-size", text.font.size)
        let width = text.width
        if width.isFinite, width > 0 {
            body.append(" textLength=\"")
            body.appendNumber(width)
            body.append("\" lengthAdjust=\"spacingAndGlyphs\"")
        }
        body.append(">")
        body.appendEscaped(text.text)
        body.append("</text>\n")
    }
}

extension DrawOp {
    /// Whether the op is, or a group holding, a text op with some text.
    fileprivate var hasText: Bool {
        switch self {
        case .text(let text): !text.text.isEmpty
        case .group(let group): group.transform.isFinite && group.ops.contains(where: \.hasText)
        default: false
        }
    }

    fileprivate var hasMailtoLink: Bool {
        switch self {
        case .link(let link): SVGPageWriter.isMailto(link.uri)
        case .group(let group): group.transform.isFinite && group.ops.contains(where: \.hasMailtoLink)
        default: false
        }
    }
}

extension AffineTransform {
    /// A transform with a value that is not a number places nothing anywhere.
    fileprivate var isFinite: Bool { [a, b, c, d, tx, ty].allSatisfy(\.isFinite) }
}
