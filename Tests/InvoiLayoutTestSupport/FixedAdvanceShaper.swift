import InvoiDocument
import InvoiText

/// A shaper with fixed advances (0.6 em a character, 1.2 em for wide CJK), as a
/// monospace font has, so layout can be checked without fonts. Right-to-left
/// scripts come out as one reversed run. Shared by the layout tests and the fuzz targets.
public struct FixedAdvanceShaper: TextShaper {
    public static let face = FontFace(
        family: "Fixed", weight: 400, path: "/fixed.ttf", index: 0, postScriptName: "Fixed")

    public init() {}

    public func shapeLine(
        _ text: String, font: FontSpec, tracking: Double, fallbackDirection: TextDirection?
    ) -> ShapedLine {
        let text = text.replacingOccurrences(of: "\n", with: " ")
        var glyphs: [Glyph] = []
        var offset = 0
        for character in text {
            let bytes = character.utf8.count
            glyphs.append(
                Glyph(
                    id: character.unicodeScalars.first!.value, cluster: offset,
                    advance: advance(of: character, font: font, tracking: tracking)))
            offset += bytes
        }
        let rtl = text.unicodeScalars.contains { (0x0590...0x08FF).contains($0.value) }
        if rtl { glyphs.reverse() }
        let run = GlyphRun(
            font: Self.face, size: font.size, direction: rtl ? .rightToLeft : .leftToRight,
            textRange: 0..<text.utf8.count, glyphs: glyphs)
        // Text with no letter takes the paragraph direction it is given.
        let paragraphIsRTL =
            rtl || (fallbackDirection == .rightToLeft && !text.unicodeScalars.contains { $0.properties.isAlphabetic })
        return ShapedLine(
            text: text, direction: paragraphIsRTL ? .rightToLeft : .leftToRight, runs: text.isEmpty ? [] : [run])
    }

    /// Greedy breaking at spaces, inside a word only when the word alone is too wide. A line's
    /// width is the sum of its characters' advances, added in order (as `ShapedLine.width`
    /// adds them), so each character is measured once: a long paragraph takes linear time.
    public func breakLines(
        _ text: String, font: FontSpec, tracking: Double, width: Double, fallbackDirection: TextDirection?
    ) -> [ShapedLine] {
        let space = advance(of: " ", font: font, tracking: tracking)
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var current = ""
            var currentWidth = 0.0
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
                let candidateWidth = word.reduce(current.isEmpty ? 0 : currentWidth + space) {
                    $0 + advance(of: $1, font: font, tracking: tracking)
                }
                if candidateWidth <= width {
                    if !current.isEmpty { current += " " }
                    current += word
                    currentWidth = candidateWidth
                    continue
                }
                if !current.isEmpty { lines.append(current) }
                current = ""
                currentWidth = 0
                for character in word {
                    let characterWidth = advance(of: character, font: font, tracking: tracking)
                    if !current.isEmpty, currentWidth + characterWidth > width {
                        lines.append(current)
                        current = String(character)
                        currentWidth = characterWidth
                    } else {
                        current.append(character)
                        currentWidth += characterWidth
                    }
                }
            }
            lines.append(current)
        }
        return lines.map { shapeLine($0, font: font, tracking: tracking, fallbackDirection: fallbackDirection) }
    }

    public func metrics(for font: FontSpec) -> LineMetrics {
        LineMetrics(ascent: 1.02 * font.size, descent: 0.3 * font.size)
    }

    private func advance(of character: Character, font: FontSpec, tracking: Double) -> Double {
        ((isWide(character) ? 1.2 : 0.6) + tracking) * font.size
    }

    private func isWide(_ character: Character) -> Bool {
        character.unicodeScalars.contains {
            (0x1100...0x115F).contains($0.value) || (0x2E80...0xA4CF).contains($0.value)
                || (0xAC00...0xD7A3).contains($0.value) || (0xF900...0xFAFF).contains($0.value)
                || (0xFF00...0xFF60).contains($0.value)
        }
    }
}
