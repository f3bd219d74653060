import CFreeType
import InvoiDocument
import InvoiText
import Synchronization

/// A glyph's coverage, rasterised at one size and one quarter-pixel position.
struct GlyphMask: Sendable {
    var width: Int
    var height: Int
    /// From the pen position (whole pixels) to the mask's top-left pixel, y down.
    var left: Int
    var top: Int
    /// Coverage 0…255, row by row.
    var coverage: [UInt8]
}

/// Rasterises glyphs for the image backend with FreeType, without hinting, at
/// quarter-pixel positions, and keeps the masks for the process. Cairo 1.16
/// would round every glyph to a whole pixel, which makes the letter spacing
/// uneven and moves baselines at screen resolutions.
final class GlyphMaskCache: Sendable {
    struct Key: Hashable {
        var path: String
        var index: Int
        var glyph: UInt32
        /// Pixels per em, in 1/64.
        var size: Int
        /// Quarter pixels right of and below the whole pixel, 0…3 each.
        var phaseX: Int
        var phaseY: Int
    }

    /// Sizes above this many pixels per em are left to Cairo: few glyphs, big masks.
    static let largestSize = 200.0
    /// When the masks hold more than this many bytes they are dropped and made afresh.
    static let byteBudget = 4 << 20

    private struct State {
        var faces: [FaceKey: FreeTypeFace] = [:]
        var masks: [Key: GlyphMask] = [:]
        var bytes = 0
    }

    private struct FaceKey: Hashable {
        var path: String
        var index: Int
    }

    private let state = Mutex(State())
    private let files: FontFiles

    init(files: FontFiles) {
        self.files = files
    }

    /// The mask of a glyph at a size, shifted by its phases; nil when the glyph
    /// has no outline (bitmap fonts) or the font cannot be opened.
    func mask(_ key: Key) -> GlyphMask? {
        state.withLock { state -> GlyphMask? in
            if let mask = state.masks[key] { return mask }
            let faceKey = FaceKey(path: key.path, index: key.index)
            let face: FreeTypeFace
            if let open = state.faces[faceKey] {
                face = open
            } else {
                guard let file = files.file(at: key.path), let opened = try? FreeTypeFace(file: file, index: key.index)
                else { return nil }
                state.faces[faceKey] = opened
                face = opened
            }
            guard let mask = Self.rasterise(key, in: face.face) else { return nil }
            if state.bytes + mask.coverage.count > Self.byteBudget {
                state.masks.removeAll(keepingCapacity: true)
                state.bytes = 0
            }
            state.masks[key] = mask
            state.bytes += mask.coverage.count
            return mask
        }
    }

    /// FT_GLYPH_FORMAT_OUTLINE, the tag 'outl' (a macro Swift does not import).
    private static let outlineFormat: UInt32 = 0x6F75_746C

    private static func rasterise(_ key: Key, in face: FT_Face) -> GlyphMask? {
        guard FT_Set_Char_Size(face, 0, FT_F26Dot6(key.size), 72, 72) == 0,
            FT_Load_Glyph(face, key.glyph, FT_Int32(FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)) == 0,
            let slot = face.pointee.glyph, slot.pointee.format.rawValue == outlineFormat
        else { return nil }
        // 26.6 units; FreeType's y axis points up.
        FT_Outline_Translate(&slot.pointee.outline, FT_Pos(key.phaseX * 16), FT_Pos(-key.phaseY * 16))
        guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { return nil }
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width), height = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        var coverage = [UInt8](repeating: 0, count: width * height)
        if width > 0, height > 0, let buffer = bitmap.buffer, bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) {
            for y in 0..<height {
                // A negative pitch means the rows go upwards from the buffer's start.
                let row = pitch >= 0 ? buffer + y * pitch : buffer + (height - 1 - y) * -pitch
                for x in 0..<width { coverage[y * width + x] = row[x] }
            }
        }
        return GlyphMask(
            width: width, height: height, left: Int(slot.pointee.bitmap_left),
            top: -Int(slot.pointee.bitmap_top), coverage: coverage)
    }
}
