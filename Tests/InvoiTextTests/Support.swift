import InvoiDocument

@testable import InvoiText

/// One shaper over the fixed font set, shared by the tests.
private let sharedFixedShaper = Result { () throws(FontError) in try FontShaper(configuration: .fixed) }

/// The shared fixed-set shaper; throws (failing the test) when the fonts are not installed.
func fixedShaper() throws(FontError) -> FontShaper { try sharedFixedShaper.get() }

/// JetBrains Mono's advance: 600 units of a 1000-unit em (read from the font's hmtx
/// table, where every non-zero advance is 600), so 5.85 pt at 13 px = 9.75 pt.
let monoAdvanceAt13px = 5.85
let body = FontSpec(weight: .regular, size: 9.75)

extension ShapedLine {
    /// Glyphs in visual order across all runs.
    var glyphs: [Glyph] { runs.flatMap(\.glyphs) }
}

/// Approximate equality for sums of advances (floating-point rounding only).
func nearlyEqual(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }
