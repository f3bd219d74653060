import Foundation
import InvoiDocument
import InvoiLayoutTestSupport
import InvoiTerminal

/// The text preview of a document built from the bytes: pages of text (any Unicode, shaped
/// with fixed advances), rules, boxes, links, images and rotated groups (stamps among them)
/// placed anywhere on the page, written 20…1000 columns wide. What a terminal is given
/// must be UTF-8 lines whose only escape sequences are SGR colours, and only when asked for.
enum TextGridTarget {
    static func run(_ data: Data) -> FuzzTarget.Verdict {
        var bytes = FuzzedBytes([UInt8](data))
        let options = TerminalOptions(
            columns: bytes.integer(in: 20...1000), usesColor: bytes.boolean(), writesLogicalOrder: bytes.boolean())
        var builder = DocumentBuilder(paper: bytes.boolean() ? .a4 : .letter)
        let document = builder.document(from: &bytes)
        render(document, options: options)
        return .accepted
    }

    static func render(_ document: Document, options: TerminalOptions) {
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
        guard let text = String(validating: data, as: UTF8.self) else {
            FuzzCheck.require(false, "the text preview is not UTF-8")
            return
        }
        FuzzCheck.require(text.hasSuffix("\n"), "the text preview does not end in a line break")
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let shown = options.usesColor ? withoutColors(line) : String(line)
            FuzzCheck.require(
                isSafe(shown, isolatesAllowed: options.writesLogicalOrder),
                "a preview line has a control character: \(line.debugDescription)")
        }
    }

    /// No control character, bidi control or mark (TerminalSanitizer removes the marks too),
    /// but the isolates that the logical order puts around a line of text (LRI or RLI … PDI),
    /// each closed on its line.
    private static func isSafe(_ line: String, isolatesAllowed: Bool) -> Bool {
        var openIsolates = 0
        for scalar in line.unicodeScalars {
            switch scalar.value {
            case 0x2066 where isolatesAllowed, 0x2067 where isolatesAllowed: openIsolates += 1
            case 0x2069 where isolatesAllowed && openIsolates > 0: openIsolates -= 1
            case 0x061C, 0x200E, 0x200F: return false
            default:
                if FuzzCheck.isControl(scalar) || FuzzCheck.isBidiFormattingControl(scalar) { return false }
            }
        }
        return openIsolates == 0
    }

    /// `line` without its SGR sequences (`ESC [ digits;… m`); any other escape stays.
    private static func withoutColors(_ line: Substring) -> String {
        var result = ""
        var scalars = line.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            if scalar == "\u{1B}", scalars.first == "[" {
                let parameters = scalars.dropFirst().prefix { ("0"..."9").contains($0) || $0 == ";" }
                let end = parameters.endIndex
                if end < scalars.endIndex, scalars[end] == "m" {
                    scalars = scalars[scalars.index(after: end)...]
                    continue
                }
            }
            result.unicodeScalars.append(scalar)
        }
        return result
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
