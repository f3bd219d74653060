import Foundation
import InvoiDocument
import InvoiModel

/// A theme choice a reader could not read, found before anything is drawn: the theme key to
/// change and what to change it to.
public struct ThemeProblem: Hashable, Sendable, CustomStringConvertible {
    /// The theme file's key (`colors.muted`), or the invoice's field (`accentColor`).
    public var path: String
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): \(message)" }
}

extension Color {
    /// WCAG 2.2's relative luminance of the sRGB colour.
    var relativeLuminance: Double {
        func linear(_ channel: UInt8) -> Double {
            let value = Double(channel) / 255
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG 2.2's contrast ratio between the two colours, from 1 to 21.
    func contrast(with other: Color) -> Double {
        let (a, b) = (relativeLuminance, other.relativeLuminance)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// The colour moved towards `target` by `share` (0 to 1).
    func blended(towards target: Color, share: Double) -> Color {
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) + (Double(b) - Double(a)) * share).rounded()) }
        return Color(red: mix(red, target.red), green: mix(green, target.green), blue: mix(blue, target.blue))
    }

    /// The nearest shade of this colour, darker or lighter (whichever lies away from
    /// `background`), that reaches `ratio` against it; nil when none does.
    func nearestShade(reaching ratio: Double, against background: Color) -> Color? {
        let target = background.relativeLuminance > 0.18 ? Color(rgb: 0x000000) : Color.white
        for step in 1...1000 {
            let shade = blended(towards: target, share: Double(step) / 1000)
            if shade.contrast(with: background) >= ratio { return shade }
        }
        return nil
    }
}

extension InvoiceLayout {
    /// WCAG 2.2's least contrast for text (1.4.3) and for large text, stamps and meaningful
    /// graphics (1.4.3, 1.4.11).
    static let textContrast = 4.5
    static let largeContrast = 3.0
    /// No text is smaller.
    static let leastTextSize = 6.0

    /// What a reader could not read on `content`'s pages with this layout's theme: each text
    /// colour against what is under it, the stamp, the smallest text, a table the margins leave
    /// too narrow, a logo reaching into the envelope's window. Checked before anything is
    /// drawn; empty when all is well.
    public func readabilityProblems(of content: InvoiceContent) -> [ThemeProblem] {
        var problems: [ThemeProblem] = []
        let page = Color.white
        func check(
            _ foreground: Color, on background: Color, needs ratio: Double, path: String, what: String,
            adjusting adjusted: Color? = nil
        ) {
            let contrast = foreground.contrast(with: background)
            guard contrast < ratio else { return }
            // The colour to change is the theme key's: the text's, or the band's under white text.
            let changing = adjusted ?? foreground
            let fixed =
                adjusted == nil
                ? foreground.nearestShade(reaching: ratio, against: background)
                : Self.shade(of: changing, under: foreground, reaching: ratio)
            let suggestion = fixed.map { "; the nearest shade that passes is \($0.hex)" } ?? ""
            problems.append(
                ThemeProblem(
                    path: path,
                    message:
                        "\(changing.hex) leaves \(what) a contrast of \(Self.ratio(contrast)):1 against \((adjusted == nil ? background : foreground).hex); "
                        + "it needs \(Self.ratio(ratio)):1 (WCAG 2.2)\(suggestion)"))
        }
        let accentPath = accentOverride == nil ? "colors.accent" : "accentColor"
        check(style.primary, on: page, needs: Self.textContrast, path: "colors.text", what: "the text")
        check(style.muted, on: page, needs: Self.textContrast, path: "colors.muted", what: "the labels")
        if tableStripes {
            check(
                style.primary, on: style.fill, needs: Self.textContrast, path: "colors.text",
                what: "the text on the table's stripes")
            check(
                style.muted, on: style.fill, needs: Self.textContrast, path: "colors.muted",
                what: "the quantities and rates on the table's stripes")
        }
        if design.header == .masthead {
            check(
                style.reversed, on: style.accent, needs: Self.textContrast, path: accentPath,
                what: "the masthead's text", adjusting: style.accent)
        }
        // The title and the Total are large; the copy mark, in the accent too, is not.
        let accentNeeds = content.copyMark.isEmpty ? Self.largeContrast : Self.textContrast
        check(
            style.accent, on: page, needs: accentNeeds, path: accentPath,
            what: content.copyMark.isEmpty ? "the title and the Total" : "the copy mark")
        if let stamp = content.stamp {
            check(
                style.stampPalette.color(for: stamp), on: page, needs: Self.largeContrast, path: "status",
                what: "the stamp")
        }
        if let smallest = InvoiceStyle.textStyles.map({ style[keyPath: $0].font.size }).min(),
            smallest < Self.leastTextSize
        {
            problems.append(
                ThemeProblem(
                    path: "size",
                    message:
                        "the smallest text would be \(Self.ratio(smallest)) pt; no text may be under \(Self.ratio(Self.leastTextSize)) pt"
                ))
        }
        let width = paper.size.width - style.margins.start - style.margins.end
        let columns = shownColumns(of: content).filter { $0 != .description }
        let least = columns.count.double * style.quantityColumnWidth + style.minimumDescriptionWidth
        if width < least {
            problems.append(
                ThemeProblem(
                    path: "margins",
                    message:
                        "the margins leave the table \(Self.ratio(width)) pt; its \(columns.count + 1) columns need at least \(Self.ratio(least)) pt"
                ))
        }
        if design.header == .letter, content.logo != nil, logoPosition != .end {
            let field = LetterSection.Geometry.of(envelopeWindow, pageHeight: paper.size.height).field
            if style.margins.top + style.logoMaxHeight > field.minY {
                problems.append(
                    ThemeProblem(
                        path: "logo.height",
                        message:
                            "a logo \(Self.ratio(style.logoMaxHeight * 25.4 / 72)) mm high at the \(logoPosition.rawValue) reaches into the envelope's window; it may be at most \(Self.ratio((field.minY - style.margins.top) * 25.4 / 72)) mm"
                    ))
            }
        }
        return problems
    }

    /// The nearest shade of `background` under which `text` reaches `ratio`.
    private static func shade(of background: Color, under text: Color, reaching ratio: Double) -> Color? {
        let target = text.relativeLuminance > 0.18 ? Color(rgb: 0x000000) : Color.white
        for step in 1...1000 {
            let shade = background.blended(towards: target, share: Double(step) / 1000)
            if text.contrast(with: shade) >= ratio { return shade }
        }
        return nil
    }

    /// A figure with at most one decimal (`4.2`, `4.5`, `6`).
    private static func ratio(_ value: Double) -> String {
        let tenths = (value * 10).rounded(.down) / 10
        return tenths == tenths.rounded() ? String(Int(tenths)) : String(tenths)
    }
}

extension Int {
    fileprivate var double: Double { Double(self) }
}
