import CHarfBuzz

/// A HarfBuzz font made from the font file's own bytes (not from a FreeType face,
/// whose scale Cairo may change under us). Its scale is units-per-em, so every
/// position HarfBuzz returns is in font units; callers scale to points.
/// Immutable once made, so HarfBuzz allows shaping with it from several threads.
final class HarfBuzzFont: @unchecked Sendable {
    let font: OpaquePointer
    let unitsPerEm: Int

    /// nil when the file holds no face at `index`.
    init?(file: FontFile, index: Int) {
        guard index >= 0 else { return nil }
        // The face and font keep their own references to the file's blob.
        guard let face = hb_face_create(file.blob, UInt32(index)) else { return nil }
        defer { hb_face_destroy(face) }
        let upem = Int(hb_face_get_upem(face))
        guard hb_face_get_glyph_count(face) > 0, upem > 0, let font = hb_font_create(face) else { return nil }
        hb_font_set_scale(font, Int32(upem), Int32(upem))
        hb_font_make_immutable(font)
        self.font = font
        self.unitsPerEm = upem
    }

    deinit { hb_font_destroy(font) }

    /// Ascender and descender in font units (descender negative, as in the font).
    var verticalExtents: (ascender: Int, descender: Int) {
        var extents = hb_font_extents_t()
        guard hb_font_get_h_extents(font, &extents) != 0 else { return (unitsPerEm * 4 / 5, -unitsPerEm / 5) }
        return (Int(extents.ascender), Int(extents.descender))
    }
}

/// One HarfBuzz buffer, reused between shaping calls.
final class ShapingBuffer: @unchecked Sendable {
    let buffer: OpaquePointer

    init?() {
        guard let buffer = hb_buffer_create() else { return nil }
        guard hb_buffer_allocation_successful(buffer) != 0 else {
            hb_buffer_destroy(buffer)
            return nil
        }
        self.buffer = buffer
    }

    deinit { hb_buffer_destroy(buffer) }
}
