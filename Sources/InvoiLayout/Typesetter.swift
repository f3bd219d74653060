import Foundation
import InvoiCharacters
import InvoiDocument
import InvoiLocalization
import InvoiText

/// Turns strings into text ops inside boxes, through a `TextShaper`.
struct Typesetter {
    let shaper: any TextShaper
    /// Notes every placed line that has characters no installed font covers.
    let coverage = CoverageRecord()
    /// Upper-cases labels by the document's language.
    var wording: Wording = .english
    /// The direction of paragraphs without a strong character: right to left in a mirrored document.
    var fallbackDirection: TextDirection?

    func width(of text: String, _ style: TextStyle) -> Double {
        guard !text.isEmpty else { return 0 }
        return shapeLine(text, style).width
    }

    /// What the shaper is given for `text`: upper-cased when the style says so, and its
    /// paragraph direction when it has no strong character. A paragraph that is one isolated
    /// value (an amount, a phone number in a right-to-left document) is shaped as the value
    /// alone, in its own direction: the same glyphs in the same order, without the isolate
    /// characters in the text a PDF reader extracts. A left-to-right isolate (an identifier)
    /// is shaped alone when nothing in it is of a right-to-left script, so that it is left to
    /// right by itself; otherwise it keeps its isolate, which forces the direction.
    private func source(_ text: String, _ style: TextStyle) -> (text: String, fallback: TextDirection?) {
        let shown = displayed(text, style)
        let scalars = shown.unicodeScalars
        guard let first = scalars.first, first == "\u{2068}" || first == "\u{2066}", scalars.last == "\u{2069}",
            first == "\u{2066}" || fallbackDirection != nil
        else { return (shown, fallbackDirection) }
        let inner = scalars.dropFirst().dropLast()
        guard inner.allSatisfy({ !(0x2066...0x2069).contains($0.value) }),
            first == "\u{2068}" || !inner.contains(where: \.isOfRightToLeftScript)
        else { return (shown, fallbackDirection) }
        return (String(String.UnicodeScalarView(inner)), nil)
    }

    /// The height `paragraph` would give `text` in a column `width` wide, without placing it.
    func paragraphHeight(_ text: String, _ style: TextStyle, width: Double) -> Double {
        guard !text.isEmpty else { return 0 }
        let (shown, fallback) = source(text, style)
        let lines = shaper.breakLines(
            shown, font: style.font, tracking: style.tracking, width: max(width, 1), fallbackDirection: fallback)
        for line in lines { coverage.note(line) }
        return Double(lines.count) * style.lineBoxHeight
    }

    /// Lays `text` into the column `x ..< x + width` from `top` down, wrapping to the
    /// column, or to `wrapWidth` when the lines must keep clear of something beside them in
    /// the column (each line's box is still the column). Empty text takes no room. A `link`
    /// makes the laid text clickable.
    func paragraph(
        _ text: String, _ style: TextStyle, x: Double, width: Double, top: Double,
        alignment: TextAlignment = .left, link: String? = nil, wrapWidth: Double? = nil
    ) -> Block {
        guard !text.isEmpty else { return Block(height: 0) }
        let (shown, fallback) = source(text, style)
        let lines = shaper.breakLines(
            shown, font: style.font, tracking: style.tracking, width: max(wrapWidth ?? width, 1),
            fallbackDirection: fallback)
        let ends = Self.lineEnds(of: lines, in: shown)
        var block = Block(height: 0)
        for (index, line) in lines.enumerated() {
            let lineTop = top + Double(index) * style.lineBoxHeight
            block.ops += place(
                line, style, box: Rect(x: x, y: lineTop, width: width, height: style.lineBoxHeight),
                alignment: alignment, link: link, lineEnd: ends[index])
        }
        block.height = Double(lines.count) * style.lineBoxHeight
        return block
    }

    /// One shaped line in a line box: the baseline sits where CSS puts it (half-leading model).
    func place(
        _ line: ShapedLine, _ style: TextStyle, box: Rect, alignment: TextAlignment,
        link: String? = nil, lineEnd: LineEnd = .paragraphEnd
    ) -> [DrawOp] {
        guard !line.text.isEmpty else { return [] }
        coverage.note(line)
        let metrics = shaper.metrics(for: style.font)
        let baseline = box.minY + (box.height - (metrics.ascent + metrics.descent)) / 2 + metrics.ascent
        let width = line.width
        let x: Double =
            switch alignment {
            case .left: box.minX
            case .center: box.midX - width / 2
            case .right: box.maxX - width
            }
        let op = TextOp(
            text: line.text, font: style.font, color: style.color, tracking: style.tracking,
            origin: Point(x: x, y: baseline), direction: line.direction, runs: line.runs,
            box: box, alignment: alignment, lineEnd: lineEnd)
        guard let link else { return [.text(op)] }
        // The link comes first: its structure element is opened with the annotation, and the
        // text it covers is that element's content.
        let area = LinkOp(
            rect: Rect(x: x, y: baseline - metrics.ascent, width: width, height: metrics.ascent + metrics.descent),
            uri: link, description: line.text)
        return [DrawOp.link(area), .text(op)].map { $0.within(StructureNode(.link)) }
    }

    /// Whether each line ends its paragraph or was broken to fit, found by walking the source
    /// text the lines were cut from (the breaker drops the spaces it breaks at).
    static func lineEnds(of lines: [ShapedLine], in text: String) -> [LineEnd] {
        asciiLineEnds(of: lines, in: text) ?? searchedLineEnds(of: lines, in: text)
    }

    /// `lineEnds` for any text, each line searched for with Foundation.
    static func searchedLineEnds(of lines: [ShapedLine], in text: String) -> [LineEnd] {
        var cursor = text.startIndex
        return lines.map { line in
            guard !line.text.isEmpty, let found = text.range(of: line.text, range: cursor..<text.endIndex) else {
                return .paragraphEnd
            }
            cursor = found.upperBound
            var next = cursor
            var sawSpace = false
            while next < text.endIndex, text[next].isWhitespace, !text[next].isNewline {
                sawSpace = true
                next = text.index(after: next)
            }
            if next == text.endIndex || text[next].isNewline { return .paragraphEnd }
            return sawSpace ? .wrappedAtSpace : .wrappedInWord
        }
    }

    /// `lineEnds` for ASCII text, whose lines are found byte for byte (Foundation's search cost
    /// some 6,500 instructions a line). In ASCII a match is the same either way, and the only
    /// blanks that are not line breaks are space and tab; a line with a line break in it, or any
    /// other character, goes the general way.
    static func asciiLineEnds(of lines: [ShapedLine], in text: String) -> [LineEnd]? {
        let bytes = Array(text.utf8)
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        let isLineBreak = { (byte: UInt8) in (0x0A...0x0D).contains(byte) }
        var cursor = 0
        var ends: [LineEnd] = []
        ends.reserveCapacity(lines.count)
        for line in lines {
            let needle = Array(line.text.utf8)
            guard needle.allSatisfy({ $0 < 0x80 && !isLineBreak($0) }) else { return nil }
            guard !needle.isEmpty,
                let found = bytes.indices[cursor...].first(where: { bytes[$0...].starts(with: needle) })
            else {
                ends.append(.paragraphEnd)
                continue
            }
            cursor = found + needle.count
            var next = cursor
            var sawSpace = false
            while next < bytes.count, bytes[next] == 0x20 || bytes[next] == 0x09 {
                sawSpace = true
                next += 1
            }
            if next == bytes.count || isLineBreak(bytes[next]) {
                ends.append(.paragraphEnd)
            } else {
                ends.append(sawSpace ? .wrappedAtSpace : .wrappedInWord)
            }
        }
        return ends
    }

    /// `text` on one line in `box` when it fits `wrapWidth`, as a label beside a value is
    /// drawn; otherwise wrapped to `wrapWidth` from the box's top down, each line in a box as
    /// wide as `box`. A label of any length stays in its column. The block's height is the
    /// text's: from the box's top, which the ops are placed from.
    func label(
        _ text: String, _ style: TextStyle, box: Rect, alignment: TextAlignment, wrapWidth: Double
    ) -> Block {
        guard !text.isEmpty else { return Block(height: 0) }
        let line = shapeLine(text, style)
        // A column made to fit the text exactly may come out a rounding error narrower.
        guard line.width > wrapWidth + 1e-6 else {
            return Block(height: box.height, ops: place(line, style, box: box, alignment: alignment))
        }
        return paragraph(
            text, style, x: box.minX, width: box.width, top: box.minY, alignment: alignment, wrapWidth: wrapWidth)
    }

    /// The baseline of a line box of `style` whose top is at 0.
    func baselineOffset(_ style: TextStyle) -> Double {
        let metrics = shaper.metrics(for: style.font)
        return (style.lineBoxHeight - (metrics.ascent + metrics.descent)) / 2 + metrics.ascent
    }

    func shapeLine(_ text: String, _ style: TextStyle) -> ShapedLine {
        let (shown, fallback) = source(text, style)
        let line = shaper.shapeLine(shown, font: style.font, tracking: style.tracking, fallbackDirection: fallback)
        coverage.note(line)
        return line
    }

    private func displayed(_ text: String, _ style: TextStyle) -> String {
        style.uppercased ? wording.uppercased(text) : text
    }
}

/// A `mailto:` URI for an email address, or nil when the text is not one. The isolate
/// around an address on the page is no part of it.
func mailtoLink(_ email: String) -> String? {
    let bare = String(String.UnicodeScalarView(email.unicodeScalars.filter { !(0x2066...0x2069).contains($0.value) }))
    let trimmed = bare.trimmingWhitespace()
    guard trimmed.contains("@"), !trimmed.contains(where: { $0.isWhitespace || $0 == "\n" }) else { return nil }
    return "mailto:" + trimmed
}
