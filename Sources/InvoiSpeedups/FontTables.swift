import CSpeedups

/// The `fontTables` speedup (Sources/CSpeedups/FontTables.c): FreeType faces whose tables
/// Cairo's font subsetting reads straight from the font's bytes. The face's owner registers it
/// while the bytes stay mapped, and unregisters it before `FT_Done_Face`.
public enum FontTables {
    /// `face` (an `FT_Face`) was opened from `bytes`, as face `index` of the file.
    public static func register(face: UnsafeMutableRawPointer, bytes: UnsafeRawBufferPointer, index: Int) {
        guard let base = bytes.baseAddress else { return }
        invoi_font_tables_register(face, base.assumingMemoryBound(to: UInt8.self), bytes.count, index)
    }

    public static func unregister(face: UnsafeMutableRawPointer) {
        invoi_font_tables_unregister(face)
    }

    /// One read of `FT_Load_Sfnt_Table`: its error code, the length it reports, the bytes it read.
    public struct Read: Equatable, Sendable {
        public var error: Int32
        public var length: UInt
        public var bytes: [UInt8]
    }

    /// `FT_Load_Sfnt_Table(face, tag, offset, buffer, &length)` with a buffer of `length` bytes,
    /// as invoi answers it (`freeType`: false) or as FreeType does.
    public static func load(
        face: UnsafeMutableRawPointer, tag: UInt, offset: Int, length: UInt, freeType: Bool
    ) -> Read {
        var buffer = [UInt8](repeating: 0xA5, count: Int(length))
        var reported = length
        let error = buffer.withUnsafeMutableBufferPointer { buffer in
            freeType
                ? invoi_freetype_load_sfnt_table(face, tag, offset, buffer.baseAddress, &reported)
                : invoi_load_sfnt_table(face, tag, offset, buffer.baseAddress, &reported)
        }
        return Read(error: error, length: reported, bytes: buffer)
    }

    /// Whether a registered face's `tag` has been read from its bytes rather than by FreeType.
    public static func serves(face: UnsafeMutableRawPointer, tag: UInt) -> Bool {
        invoi_font_tables_serves(face, tag) != 0
    }
}
