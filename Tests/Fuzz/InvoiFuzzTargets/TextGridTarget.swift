import Foundation
import InvoiDocument
import InvoiLayoutTestSupport
import InvoiTerminal

/// The text preview of a document built from the bytes: pages of text (any Unicode, shaped
/// with fixed advances), rules, boxes, links, images and rotated groups (stamps among them)
/// placed anywhere on the page, written 20…1000 columns wide. What a terminal is given
/// must be UTF-8 lines whose only escape sequences are SGR colours, and only when asked for.
enum TextGridTarget {
    static func run(_ data: Data, show: ((String) -> Void)?) -> FuzzTarget.Verdict {
        var bytes = FuzzedBytes([UInt8](data))
        let options = TerminalOptions(
            columns: bytes.integer(in: 20...1000), usesColor: bytes.boolean(), writesLogicalOrder: bytes.boolean())
        var builder = DocumentBuilder(paper: bytes.boolean() ? .a4 : .letter)
        let document = builder.document(from: &bytes)
        show?("\(options)\n\(document)")
        render(document, options: options, show: show)
        return .accepted
    }

    static func render(_ document: Document, options: TerminalOptions, show: ((String) -> Void)?) {
        let output: RenderedOutput
        do {
            output = try TerminalBackend().render(document, options: options)
        } catch {
            FuzzCheck.require(false, "the text preview failed: \(error)")
            return
        }
        guard case .document(let data) = output else {
            FuzzCheck.require(false, "the text preview is not one document")
            return
        }
        show?(String(decoding: data, as: UTF8.self))
        guard let text = String(validating: data, as: UTF8.self) else {
            FuzzCheck.require(false, "the text preview is not UTF-8")
            return
        }
        FuzzCheck.require(text.utf8.last == 0x0A, "the text preview does not end in a line break")
        if let line = firstUnsafeLine(
            Array(data), usesColor: options.usesColor, isolatesAllowed: options.writesLogicalOrder)
        {
            FuzzCheck.require(false, "a preview line has a control character: \(line.debugDescription)")
        }
        for line in data.split(separator: 0x0A, omittingEmptySubsequences: true) {
            let width = displayWidth(of: line)
            FuzzCheck.require(
                width <= options.columns,
                "a preview line is \(width) cells wide, over \(options.columns): "
                    + String(decoding: line, as: UTF8.self).debugDescription)
        }
    }

    /// The cells a line takes (by InvoiTerminal's own measure: this checks where the grid
    /// puts text, not how wide a character is), without its SGR colours.
    private static func displayWidth(of line: Data) -> Int {
        if !line.contains(where: { $0 >= 0x7F || $0 == 0x1B }) { return line.count }
        var kept: [UInt8] = []
        var index = line.startIndex
        while index < line.endIndex {
            if line[index] == 0x1B, let end = line[index...].firstIndex(of: UInt8(ascii: "m")) {
                index = end + 1
                continue
            }
            kept.append(line[index])
            index += 1
        }
        return DisplayWidth.of(String(decoding: kept, as: UTF8.self))
    }

    /// The first line (of valid UTF-8 `text`) with a control character, bidi control or mark
    /// (TerminalSanitizer removes the marks too), except SGR colours when they are asked for
    /// and the isolates that the logical order puts around a line of text (LRI or RLI … PDI,
    /// each closed on its line). Read byte by byte: the preview of a page is long.
    private static func firstUnsafeLine(_ text: [UInt8], usesColor: Bool, isolatesAllowed: Bool) -> String? {
        var lineStart = 0
        var openIsolates = 0
        var index = 0
        func line() -> String {
            let end = text[index...].firstIndex(of: 0x0A) ?? text.count
            return String(decoding: text[lineStart..<end], as: UTF8.self)
        }
        while index < text.count {
            let byte = text[index]
            switch byte {
            case 0x0A:
                if openIsolates != 0 { return line() }
                lineStart = index + 1
                index += 1
            case 0x1B where usesColor:
                // ESC [ digits;… m
                var end = index + 1
                guard end < text.count, text[end] == UInt8(ascii: "[") else { return line() }
                end += 1
                while end < text.count, (0x30...0x39).contains(text[end]) || text[end] == UInt8(ascii: ";") { end += 1 }
                guard end < text.count, text[end] == UInt8(ascii: "m") else { return line() }
                index = end + 1
            case 0x00...0x1F, 0x7F:
                return line()
            case 0xC2 where index + 1 < text.count && (0x80...0x9F).contains(text[index + 1]):
                return line()  // C1
            case 0xD8 where index + 1 < text.count && text[index + 1] == 0x9C:
                return line()  // ALM
            case 0xE2
            where index + 2 < text.count && text[index + 1] == 0x80
                && [0x8E, 0x8F, 0xAA, 0xAB, 0xAC, 0xAD, 0xAE].contains(text[index + 2]):
                return line()  // LRM, RLM, embeddings and overrides
            case 0xE2
            where index + 2 < text.count && text[index + 1] == 0x81 && (0xA6...0xA9).contains(text[index + 2]):
                switch text[index + 2] {
                case 0xA6,
                    0xA7 where isolatesAllowed:
                    openIsolates += 1
                case 0xA9 where isolatesAllowed && openIsolates > 0: openIsolates -= 1
                default: return line()
                }
                index += 3
            default:
                index += 1
            }
        }
        return openIsolates == 0 ? nil : line()
    }
}

/// Draw ops as the layout makes them (text shaped by a shaper, in boxes on the page),
/// with geometry, text and nesting chosen by the fuzzer.
private struct DocumentBuilder {
    static let largestOpCount = 300
    let paper: PaperSize
    let shaper = FixedAdvanceShaper()
    var opCount = 0

    init(paper: PaperSize) {
        self.paper = paper
    }

    mutating func document(from bytes: inout FuzzedBytes) -> Document {
        let direction: TextDirection = bytes.boolean() ? .rightToLeft : .leftToRight
        var pages = [Page(size: paper.size)]
        while !bytes.isEmpty, opCount < Self.largestOpCount {
            if bytes.byte() == 0xFF {
                pages.append(Page(size: paper.size))
                continue
            }
            pages[pages.count - 1].ops.append(op(from: &bytes, depth: 0))
        }
        return Document(
            pages: pages, metadata: DocumentMetadata(title: "fuzz", author: "fuzz", direction: direction))
    }

    private mutating func op(from bytes: inout FuzzedBytes, depth: Int) -> DrawOp {
        opCount += 1
        switch bytes.byte() % 8 {
        case 0, 1, 2: return .text(text(from: &bytes))
        case 3:
            return .line(
                LineOp(
                    from: point(from: &bytes), to: point(from: &bytes), width: bytes.number(in: 0...4),
                    color: color(from: &bytes)))
        case 4:
            return .rect(
                RectOp(
                    rect: rect(from: &bytes), fill: bytes.boolean() ? color(from: &bytes) : nil,
                    stroke: bytes.boolean() ? Stroke(width: bytes.number(in: 0...4), color: color(from: &bytes)) : nil,
                    cornerRadius: bytes.number(in: 0...12)))
        case 5: return .link(LinkOp(rect: rect(from: &bytes), uri: bytes.text(longest: 64)))
        case 6:
            let area = rect(from: &bytes)
            let image = EmbeddedImage.vector(
                SanitizedSVG(
                    source: #"<svg xmlns="http://www.w3.org/2000/svg" id="logo" viewBox="0 0 1 1"/>"#,
                    size: Size(width: max(area.width, 1), height: max(area.height, 1))))
            return .image(ImageOp(image: image, rect: area, altText: bytes.text(longest: 64)))
        default:
            guard depth < 3 else { return .text(text(from: &bytes)) }
            let role: GroupOp.Role = bytes.boolean() ? .stamp : .graphic
            let center = point(from: &bytes)
            let transform = AffineTransform.rotation(degrees: bytes.number(in: -90...90), about: center)
            var children: [DrawOp] = []
            for _ in 0..<(bytes.byte() % 4) {
                children.append(op(from: &bytes, depth: depth + 1))
            }
            return .group(GroupOp(role: role, transform: transform, ops: children))
        }
    }

    /// A line of text in a box on the page, aligned there as the layout aligns it; it may be
    /// wider than its box, as a word wider than a column is.
    private func text(from bytes: inout FuzzedBytes) -> TextOp {
        let content = bytes.text(longest: 200)
        let font = FontSpec(weight: bytes.choice(of: FontWeight.allCases), size: bytes.number(in: 4...48))
        let tracking = bytes.boolean() ? 0 : bytes.number(in: -0.05...0.2)
        let fallback: TextDirection? = bytes.boolean() ? nil : .rightToLeft
        let shaped = shaper.shapeLine(content, font: font, tracking: tracking, fallbackDirection: fallback)
        let box = rect(from: &bytes)
        let alignment = bytes.choice(of: [TextAlignment.left, .center, .right])
        let x =
            switch alignment {
            case .left: box.minX
            case .center: box.midX - shaped.width / 2
            case .right: box.maxX - shaped.width
            }
        return TextOp(
            text: shaped.text, font: font, color: color(from: &bytes), tracking: tracking,
            origin: Point(x: x, y: box.minY + shaper.metrics(for: font).ascent), direction: shaped.direction,
            runs: shaped.runs, box: box, alignment: alignment,
            lineEnd: bytes.choice(of: [LineEnd.paragraphEnd, .wrappedAtSpace, .wrappedInWord]))
    }

    private func point(from bytes: inout FuzzedBytes) -> Point {
        Point(x: bytes.number(in: 0...paper.size.width), y: bytes.number(in: 0...paper.size.height))
    }

    /// A rectangle inside the page.
    private func rect(from bytes: inout FuzzedBytes) -> Rect {
        let corner = point(from: &bytes)
        return Rect(
            x: corner.x, y: corner.y, width: bytes.number(in: 0...(paper.size.width - corner.x)),
            height: bytes.number(in: 0...(paper.size.height - corner.y)))
    }

    private func color(from bytes: inout FuzzedBytes) -> Color {
        Color(red: bytes.byte(), green: bytes.byte(), blue: bytes.byte())
    }
}
