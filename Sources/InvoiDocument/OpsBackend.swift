import Foundation

/// `--format ops`: the display list as stable, pretty JSON — the most precise golden.
public struct OpsBackend: Backend {
    public init() {}

    public var format: OutputFormat { .ops }

    public func render(_ document: Document) throws -> RenderedOutput {
        try render(document, options: NoOptions())
    }

    public func writer(
        for outline: DocumentOutline, options: NoOptions, to target: any OutputTarget
    ) throws
        -> Writer
    {
        Writer(metadata: outline.metadata, sink: try target.sink(forPage: nil, of: outline.pageCount))
    }

    /// The JSON of `Document.jsonValue`, byte for byte, written a page at a time.
    public struct Writer: PageWriter {
        let metadata: DocumentMetadata
        let sink: any ByteSink
        private var pagesWritten = 0

        init(metadata: DocumentMetadata, sink: any ByteSink) {
            self.metadata = metadata
            self.sink = sink
        }

        public mutating func write(_ page: Page) throws {
            var text = pagesWritten == 0 ? "{\n  \"metadata\": " + metadata.jsonValue.prettyPrinted(indent: 1) : ""
            text += pagesWritten == 0 ? ",\n  \"pages\": [\n    " : ",\n    "
            text += page.jsonValue.prettyPrinted(indent: 2)
            pagesWritten += 1
            try sink.write(Array(text.utf8))
        }

        public mutating func finish() throws {
            guard pagesWritten > 0 else {
                let empty = Document(pages: [], metadata: metadata).jsonValue.prettyPrinted()
                try sink.write(Array(empty.utf8))
                return
            }
            try sink.write(Array("\n  ]\n}\n".utf8))
        }
    }
}

extension Document {
    public var jsonValue: JSONValue {
        .object([
            "metadata": metadata.jsonValue,
            "pages": .array(pages.map(\.jsonValue)),
        ])
    }
}

extension DocumentMetadata {
    public var jsonValue: JSONValue {
        var meta: [String: JSONValue] = [
            "title": .string(title),
            "author": .string(author),
            "subject": .string(subject),
            "language": .string(language),
        ]
        if direction == .rightToLeft { meta["direction"] = .string("rtl") }
        if !design.isEmpty { meta["design"] = .object(design.mapValues(JSONValue.string)) }
        if let date = creationDate {
            meta["creationDate"] = .number(date.timeIntervalSince1970.rounded())
        }
        return .object(meta)
    }
}

extension Page {
    public var jsonValue: JSONValue {
        .object([
            "size": .array([.number(size.width), .number(size.height)]),
            "ops": .array(ops.map(\.jsonValue)),
        ])
    }
}

extension Point {
    var jsonValue: JSONValue { .array([.number(x), .number(y)]) }
}

extension Rect {
    var jsonValue: JSONValue { .array([.number(x), .number(y), .number(width), .number(height)]) }
}

extension DrawOp {
    /// The op's JSON object with its structure role, when it has one.
    private func tagged(_ object: [String: JSONValue]) -> JSONValue {
        var object = object
        if let role { object["role"] = .string(role.description) }
        return .object(object)
    }

    public var jsonValue: JSONValue {
        switch self {
        case .text(let t):
            var object: [String: JSONValue] = [
                "op": .string("text"),
                "text": .string(t.text),
                "weight": .number(Double(t.font.weight.rawValue)),
                "size": .number(t.font.size),
                "color": .string(t.color.hex),
                "tracking": .number(t.tracking),
                "origin": t.origin.jsonValue,
                "direction": .string(t.direction.rawValue),
                "box": t.box.jsonValue,
                "align": .string(t.alignment.rawValue),
                "width": .number(t.width),
                "runs": .array(
                    t.runs.map { run in
                        .object([
                            "font": .string(
                                "\(run.font.postScriptName) (\(run.font.fileName)#\(run.font.index))"
                            ),
                            "size": .number(run.size),
                            "direction": .string(run.direction.rawValue),
                            "range": .array([
                                .number(Double(run.textRange.lowerBound)), .number(Double(run.textRange.upperBound)),
                            ]),
                            // [glyph id, cluster, advance, dx, dy]
                            "glyphs": .array(
                                run.glyphs.map { g in
                                    .array([
                                        .number(Double(g.id)), .number(Double(g.cluster)), .number(g.advance),
                                        .number(g.offset.x), .number(g.offset.y),
                                    ])
                                }),
                        ])
                    }),
            ]
            if t.lineEnd != .paragraphEnd { object["lineEnd"] = .string(t.lineEnd.rawValue) }
            return tagged(object)
        case .line(let l):
            return tagged([
                "op": .string("line"),
                "from": l.from.jsonValue,
                "to": l.to.jsonValue,
                "width": .number(l.width),
                "color": .string(l.color.hex),
            ])
        case .rect(let r):
            var o: [String: JSONValue] = ["op": .string("rect"), "rect": r.rect.jsonValue]
            if let fill = r.fill { o["fill"] = .string(fill.hex) }
            if let stroke = r.stroke {
                o["stroke"] = .object(["width": .number(stroke.width), "color": .string(stroke.color.hex)])
            }
            if r.cornerRadius != 0 { o["cornerRadius"] = .number(r.cornerRadius) }
            return tagged(o)
        case .link(let l):
            var o: [String: JSONValue] = ["op": .string("link"), "rect": l.rect.jsonValue, "uri": .string(l.uri)]
            if !l.description.isEmpty { o["description"] = .string(l.description) }
            return tagged(o)
        case .image(let i):
            let size = i.image.intrinsicSize
            return tagged([
                "op": .string("image"),
                "rect": i.rect.jsonValue,
                "format": .string(i.image.format.rawValue),
                "intrinsicSize": .array([.number(size.width), .number(size.height)]),
                "digest": .string(i.image.digest),
                "alt": .string(i.altText),
            ])
        case .qrCode(let q):
            // One string per row, "1" a dark module: a changed module shows in a diff.
            let rows = (0..<q.matrix.size).map { row in
                String((0..<q.matrix.size).map { q.matrix[row, $0] ? "1" : "0" })
            }
            var o: [String: JSONValue] = [
                "op": .string("qrCode"),
                "rect": q.rect.jsonValue,
                "modules": .number(Double(q.matrix.size)),
                "quietZone": .number(Double(q.quietZone)),
                "alt": .string(q.altText),
                "rows": .array(rows.map { .string($0) }),
            ]
            if q.hasPrescribedSize { o["prescribedSize"] = .bool(true) }
            return tagged(o)
        case .group(let g):
            let t = g.transform
            return tagged([
                "op": .string("group"),
                "transform": .array([t.a, t.b, t.c, t.d, t.tx, t.ty].map { .number($0) }),
                "ops": .array(g.ops.map { $0.jsonValue }),
            ])
        }
    }
}

extension FontFace {
    /// The font file's name (the last component of its path), without Foundation's path bridging.
    var fileName: Substring {
        let path = self.path
        return path[(path.lastIndex(of: "/").map(path.index(after:)) ?? path.startIndex)...]
    }
}
