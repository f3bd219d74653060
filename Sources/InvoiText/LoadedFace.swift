import InvoiDocument

/// A face ready to shape with: what it is, its HarfBuzz font and its coverage.
/// Made once per process and shared; compared by identity when splitting runs.
final class LoadedFace: Sendable {
    let face: FontFace
    let font: HarfBuzzFont
    let coverage: CharacterCoverage

    init(face: FontFace, font: HarfBuzzFont, coverage: CharacterCoverage) {
        self.face = face
        self.font = font
        self.coverage = coverage
    }

    var unitsPerEm: Int { font.unitsPerEm }
}

/// Identifies a face within a font file.
struct FaceKey: Hashable, Sendable {
    var path: String
    var index: Int
}

extension FontWeight {
    /// Position among `allCases`, for per-weight tables.
    var ordinal: Int {
        switch self {
        case .regular: 0
        case .medium: 1
        case .semibold: 2
        case .bold: 3
        }
    }
}
