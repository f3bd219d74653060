import Foundation
import InvoiDocument
import InvoiTestSupport
import InvoiText

@testable import InvoiSVG

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Every glyph a square (50…550 × 0…700 of 1000 units), the space blank,
/// glyph 0xFFFF unavailable — enough to check placement and dedup.
struct SquareOutlines: GlyphOutlineProvider {
    func outline(of glyph: UInt32, in face: FontFace) -> GlyphOutline? {
        if glyph == 0xFFFF { return nil }
        if glyph == 32 { return GlyphOutline(elements: [], unitsPerEm: 1000) }
        return GlyphOutline(
            elements: [
                .move(to: Point(x: 50, y: 0)), .line(to: Point(x: 550, y: 0)),
                .line(to: Point(x: 550, y: 700)), .line(to: Point(x: 50, y: 700)), .close,
            ], unitsPerEm: 1000)
    }
}

enum SVGFixture {
    static let face = FontFace(
        family: "Fake Mono", weight: 400, path: "/fake.ttf", index: 0, postScriptName: "FakeMono")
    static let boldFace = FontFace(
        family: "Fake Mono", weight: 700, path: "/fake-bold.ttf", index: 0, postScriptName: "FakeMono-Bold")

    /// A left-aligned text op: one LTR run, glyph id = the cluster's first code point, 0.6 em advances.
    static func text(
        _ text: String, size: Double = 10, at origin: Point, face: FontFace = face,
        color: Color = Color(rgb: 0x111111)
    ) -> TextOp {
        var glyphs: [Glyph] = []
        var offset = 0
        for character in text {
            glyphs.append(Glyph(id: character.unicodeScalars.first?.value ?? 0, cluster: offset, advance: size * 0.6))
            offset += character.utf8.count
        }
        let run = GlyphRun(
            font: face, size: size, direction: .leftToRight, textRange: 0..<text.utf8.count, glyphs: glyphs)
        return TextOp(
            text: text, font: FontSpec(weight: face.weight >= 700 ? .bold : .regular, size: size), color: color,
            tracking: 0, origin: origin, direction: .leftToRight, runs: [run],
            box: Rect(x: origin.x, y: origin.y - size, width: run.width, height: size * 1.5), alignment: .left)
    }

    static let hostile = "</text><script>alert(1)</script> & ]]> \"double\" 'single' \u{202E}evil \u{1B}[31mred"

    static func invoicePage() -> Page {
        Page(
            size: PaperSize.a4.size,
            ops: [
                .text(text("Acme Studio", size: 19.5, at: Point(x: 42, y: 62), face: boldFace)),
                .text(text("INVOICE", size: 25.5, at: Point(x: 446, y: 67), face: boldFace)),
                .text(text("hello@acmestudio.com", size: 9, at: Point(x: 42, y: 80), color: Color(rgb: 0x888888))),
                .link(LinkOp(rect: Rect(x: 42, y: 72, width: 108, height: 11), uri: "mailto:hello@acmestudio.com")),
                .line(
                    LineOp(
                        from: Point(x: 42, y: 238), to: Point(x: 553.28, y: 238), width: 1.125,
                        color: Color(rgb: 0x111111))),
                .text(text("Brand identity design", size: 9.75, at: Point(x: 42, y: 256))),
                .text(text("$2,400.00", size: 9.75, at: Point(x: 500.63, y: 256))),
                .line(
                    LineOp(
                        from: Point(x: 42, y: 266), to: Point(x: 553.28, y: 266), width: 0.75,
                        color: Color(rgb: 0xE5E5E5))),
                .text(text(hostile, size: 9.75, at: Point(x: 42, y: 290))),
                .rect(
                    RectOp(
                        rect: Rect(x: 450, y: 100, width: 80, height: 24),
                        stroke: Stroke(width: 1.5, color: Color(rgb: 0x10B981)), cornerRadius: 4)),
                .link(LinkOp(rect: Rect(x: 42, y: 300, width: 50, height: 10), uri: "javascript:alert(1)")),
                .link(LinkOp(rect: Rect(x: 42, y: 310, width: 50, height: 10), uri: "https://example.invalid/")),
            ])
    }

    static func document(_ pages: [Page]) -> Document {
        Document(pages: pages, metadata: DocumentMetadata(title: "INV-0001 & <Acme>", author: "Acme Studio"))
    }

    static func render(_ pages: [Page]) throws -> [String] {
        guard
            case .pages(let data) = try SVGBackend(outlines: SquareOutlines())
                .render(document(pages))
        else { throw BackendError("expected pages") }
        return data.map { String(decoding: $0, as: UTF8.self) }
    }
}

/// Runs a tool found on the PATH; its exit status and standard output.
func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: Data) {
    let run = try Tools.execute(URL(fileURLWithPath: "/usr/bin/env"), [tool] + arguments)
    return (run.status, run.standardOutput)
}

func temporaryFile(_ name: String, contents: String) throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "invoi-svg-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let url = directory.appendingPathComponent(name)
    try Data(contents.utf8).write(to: url)
    return url
}

/// Elements of an SVG as parsed by an XML parser: names, attributes, the index of each one's
/// parent, and the character data of `<text>` and `<title>` elements.
final class SVGOutline: NSObject, XMLParserDelegate {
    var elements: [(name: String, attributes: [String: String], parent: Int?)] = []
    var texts: [String] = []
    var titles: [String] = []
    private var open: [Int] = []
    private var currentText: String?

    static func parse(_ svg: String) -> SVGOutline? {
        let outline = SVGOutline()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = outline
        return parser.parse() ? outline : nil
    }

    /// Indices of the elements enclosing element `index`, innermost first.
    func ancestors(of index: Int) -> [Int] {
        var chain: [Int] = []
        var current = elements[index].parent
        while let parent = current {
            chain.append(parent)
            current = elements[parent].parent
        }
        return chain
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
        qualifiedName: String?, attributes: [String: String] = [:]
    ) {
        elements.append((name, attributes, open.last))
        open.append(elements.count - 1)
        if name == "text" || name == "title" { currentText = "" }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        currentText?.append(string)
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        open.removeLast()
        if let text = currentText {
            if name == "text" { texts.append(text) }
            if name == "title" { titles.append(text) }
            currentText = nil
        }
    }
}

/// A binary PPM (P6) image.
struct PixelMap {
    let width: Int
    let height: Int
    let pixels: [UInt8]

    init?(_ data: Data) {
        let bytes = [UInt8](data)
        var fields: [Int] = []
        var index = 2
        guard bytes.starts(with: Array("P6".utf8)) else { return nil }
        while fields.count < 3, index < bytes.count {
            while index < bytes.count,
                bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09
            { index += 1 }
            var value = 0
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
                value = value * 10 + Int(bytes[index] - 0x30)
                index += 1
            }
            fields.append(value)
        }
        index += 1
        guard fields.count == 3, bytes.count >= index + fields[0] * fields[1] * 3 else { return nil }
        width = fields[0]
        height = fields[1]
        pixels = Array(bytes[index...])
    }

    func rgb(x: Int, y: Int) -> (Int, Int, Int) {
        let i = (y * width + x) * 3
        return (Int(pixels[i]), Int(pixels[i + 1]), Int(pixels[i + 2]))
    }
}

/// The page as librsvg draws it, through its PDF output and pdftoppm (which gives plain pixels) at 72 dpi:
/// one pixel per point.
func rasterize(_ svg: String) throws -> PixelMap? {
    let file = try temporaryFile("page.svg", contents: svg)
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let pdf = file.deletingPathExtension().appendingPathExtension("pdf")
    guard try run("rsvg-convert", ["-f", "pdf", "-o", pdf.path, file.path]).status == 0 else { return nil }
    let raster = try run("pdftoppm", ["-r", "72", "-singlefile", pdf.path])
    return raster.status == 0 ? PixelMap(raster.output) : nil
}

/// True when `svg` is well-formed XML by xmllint.
func isWellFormed(_ svg: String) throws -> Bool {
    let file = try temporaryFile("page.svg", contents: svg)
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    return try run("xmllint", ["--noout", file.path]).status == 0
}

extension PixelMap {
    /// Whether the pixel is within 24 of `color` in every channel.
    func isNear(x: Int, y: Int, _ color: Color) -> Bool {
        let pixel = rgb(x: x, y: y)
        return abs(pixel.0 - Int(color.red)) < 24 && abs(pixel.1 - Int(color.green)) < 24
            && abs(pixel.2 - Int(color.blue)) < 24
    }
}

extension PixelMap: CustomStringConvertible {
    var description: String { "PixelMap(\(width) × \(height))" }
}
