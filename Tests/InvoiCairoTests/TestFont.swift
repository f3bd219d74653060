import CFreeType
import InvoiDocument
import InvoiTestSupport
import Synchronization

/// Maps characters to glyphs with FreeType directly, standing in for the shaper:
/// one glyph per Unicode scalar, advances from the font's horizontal metrics.
final class TestFont: Sendable {
    static let regularPath = "/usr/share/fonts/truetype/jetbrains-mono/JetBrainsMono-Regular.ttf"
    static let boldPath = "/usr/share/fonts/truetype/jetbrains-mono/JetBrainsMono-Bold.ttf"
    static let hebrewPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    let face: FontFace
    private let handles: Mutex<FreeTypeHandles>

    init(path: String, family: String, weight: Int, postScriptName: String) throws {
        face = FontFace(family: family, weight: weight, path: path, index: 0, postScriptName: postScriptName)
        handles = Mutex(try FreeTypeHandles(path: path))
    }

    static func regular() throws -> TestFont {
        try TestFont(path: regularPath, family: "JetBrains Mono", weight: 400, postScriptName: "JetBrainsMono-Regular")
    }

    static func bold() throws -> TestFont {
        try TestFont(path: boldPath, family: "JetBrains Mono", weight: 700, postScriptName: "JetBrainsMono-Bold")
    }

    static func hebrew() throws -> TestFont {
        try TestFont(path: hebrewPath, family: "DejaVu Sans", weight: 400, postScriptName: "DejaVuSans")
    }

    /// Glyphs for `text` at `size`, clusters counted from `byteOffset` in the op's text.
    /// Right-to-left: glyphs in visual order, so their clusters descend.
    func run(_ text: String, size: Double, direction: TextDirection = .leftToRight, byteOffset: Int = 0) -> GlyphRun {
        var glyphs: [Glyph] = []
        var offset = byteOffset
        handles.withLock { ft in
            let scale = size / Double(ft.face.pointee.units_per_EM)
            for scalar in text.unicodeScalars {
                let id = FT_Get_Char_Index(ft.face, FT_ULong(scalar.value))
                // Unscaled: the advance comes back in font units.
                let advance =
                    FT_Load_Glyph(ft.face, id, FT_Int32(FT_LOAD_NO_SCALE)) == 0
                    ? Double(ft.face.pointee.glyph.pointee.advance.x) : 0
                glyphs.append(Glyph(id: id, cluster: offset, advance: advance * scale))
                offset += String(scalar).utf8.count
            }
        }
        if direction == .rightToLeft { glyphs.reverse() }
        return GlyphRun(
            font: face, size: size, direction: direction,
            textRange: byteOffset..<offset, glyphs: glyphs)
    }

    /// A one-run text op with its baseline starting at `origin`.
    func textOp(
        _ text: String, size: Double, at origin: Point, color: Color = Color(rgb: 0x111111),
        direction: TextDirection = .leftToRight
    ) -> TextOp {
        let run = run(text, size: size, direction: direction)
        return TextOp(
            text: text, font: FontSpec(weight: face.weight >= 700 ? .bold : .regular, size: size),
            color: color, tracking: 0, origin: origin, direction: direction, runs: [run],
            box: Rect(x: origin.x, y: origin.y - size, width: run.width, height: size * 1.2),
            alignment: .left)
    }
}

/// The FreeType library and face a `TestFont` uses; freed together.
final class FreeTypeHandles {
    let library: FT_Library
    let face: FT_Face

    init(path: String) throws {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { throw TestError("FreeType did not start") }
        var face: FT_Face?
        guard FT_New_Face(library, path, 0, &face) == 0, let face else {
            FT_Done_FreeType(library)
            throw TestError("cannot open \(path)")
        }
        self.library = library
        self.face = face
    }

    deinit {
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }
}
