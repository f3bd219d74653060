import CCairo
import CFreeType
import InvoiDocument
import InvoiSpeedups
import InvoiText
import Synchronization

/// Cairo font faces for the font files that glyphs were shaped with, made over the bytes
/// the shaper read (`FontFiles`: no font file is read twice) and shared by every render
/// that uses this cache, on any thread.
///
/// Renders running at once draw through faces of their own (a `FontLane` each): Cairo
/// gives the same face at the same size one scaled font, and locks that font's mutex for
/// every glyph drawn and every page written, so two renders sharing faces wait on each
/// other. A lane is handed back when its render ends and reused by the next, so a batch
/// opens each face once a worker.
///
/// It also holds a reference to every Cairo scaled font drawn with its faces, for as long as
/// it lives. Cairo 1.16 (Debian 12's) keeps unused scaled fonts in a process-wide list of 256
/// and frees the oldest; when one thread drops a scaled font's last reference while another
/// looks the same font up, the first can go on to touch or free it after it was freed
/// (corrupting the heap: fixed in Cairo after 1.16). A scaled font held here never drops
/// to no references while a render may use it; its last reference goes in `deinit`, when no
/// render can use this cache's faces any more.
public final class CairoFontCache: Sendable {
    private struct Key: Hashable {
        var path: String
        var index: Int
        var lane: Int
    }

    private let faces = Mutex<[Key: CairoFontFace]>([:])
    private let lanes = Mutex(FontLanes())
    private let scaledFonts = Mutex(ScaledFontReferences())
    private let files: FontFiles
    /// Glyph masks for the image backend.
    let glyphMasks: GlyphMaskCache

    /// A cache drawing with the faces of `files`: pass the shaper's (`FontShaper.fontFiles`).
    public init(files: FontFiles = FontFiles()) {
        self.files = files
        glyphMasks = GlyphMaskCache(files: files)
    }

    deinit {
        scaledFonts.withLock { $0.releaseAll() }
    }

    /// Takes a reference to `scaledFont` (one made from this cache's faces) until the cache
    /// goes, unless it holds one already.
    func keep(_ scaledFont: OpaquePointer) {
        guard cairo_scaled_font_status(scaledFont) == CAIRO_STATUS_SUCCESS else { return }
        let address = UInt(bitPattern: scaledFont)
        scaledFonts.withLock { $0.keep(address: address) }
    }

    /// The number of scaled fonts the cache holds, for tests.
    var keptScaledFontCount: Int { scaledFonts.withLock { $0.count } }

    /// Keeps the scaled font Cairo's PDF surface makes of `face` to embed its glyphs (size 1,
    /// untransformed, unhinted), which every PDF would otherwise make and drop again.
    func keepSubsetFont(of face: CairoFontFace) {
        guard let scaled = Self.subsetFont(of: face) else { return }
        keep(scaled)
        cairo_scaled_font_destroy(scaled)
    }

    /// A new reference to the scaled font Cairo's PDF surface embeds `face`'s glyphs from.
    static func subsetFont(of face: CairoFontFace) -> OpaquePointer? {
        var identity = cairo_matrix_t()
        cairo_matrix_init_identity(&identity)
        // The options Cairo 1.16's font subsets ask for: the defaults, unhinted.
        let options = cairo_font_options_create()
        defer { cairo_font_options_destroy(options) }
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        return cairo_scaled_font_create(face.handle, &identity, &identity, options)
    }

    /// A lane no other render holds, until `handBack(_:)`.
    func borrowLane() -> FontLane { lanes.withLock { $0.borrow() } }

    func handBack(_ lane: FontLane) { lanes.withLock { $0.handBack(lane) } }

    /// The face for `font` in `lane`, opening it on first use.
    func face(for font: FontFace, in lane: FontLane) throws -> CairoFontFace {
        let key = Key(path: font.path, index: font.index, lane: lane.number)
        return try faces.withLock { faces in
            if let face = faces[key] { return face }
            guard let file = files.file(at: font.path) else {
                throw BackendError("freetype: cannot read font \(font.path)")
            }
            let face = try CairoFontFace(file: file, index: font.index)
            faces[key] = face
            return face
        }
    }
}

/// Which of a cache's faces a render draws with.
struct FontLane: Equatable {
    fileprivate(set) var number: Int
}

/// The lanes of a cache: as many as renders have run at once.
struct FontLanes: ~Copyable {
    private var free: [FontLane] = []
    private var count = 0

    /// The lowest-numbered free lane, so that a lone render always draws with warm faces.
    mutating func borrow() -> FontLane {
        guard let lowest = free.indices.min(by: { free[$0].number < free[$1].number }) else {
            count += 1
            return FontLane(number: count - 1)
        }
        return free.remove(at: lowest)
    }

    mutating func handBack(_ lane: FontLane) {
        guard !free.contains(lane) else { return }
        free.append(lane)
    }
}

/// The scaled fonts a `CairoFontCache` holds a reference to: at most `limit` (a long-lived
/// program drawing at ever new sizes or scales would otherwise keep every one of them).
struct ScaledFontReferences: ~Copyable {
    static let limit = 4096
    /// The fonts' addresses (a pointer is not `Sendable`, and this state sits behind a lock).
    private var addresses: Set<UInt> = []

    var count: Int { addresses.count }

    /// Takes a reference to the scaled font at `address` unless one is held already.
    mutating func keep(address: UInt) {
        guard addresses.count < Self.limit, addresses.insert(address).inserted else { return }
        cairo_scaled_font_reference(OpaquePointer(bitPattern: address))
    }

    mutating func releaseAll() {
        for address in addresses { cairo_scaled_font_destroy(OpaquePointer(bitPattern: address)) }
        addresses = []
    }
}

/// Owns a reference to one `cairo_font_face_t` made from a FreeType face.
///
/// Cairo locks the FT_Face whenever it uses it and nothing else ever touches
/// that face, so one instance may be used from several threads at once.
final class CairoFontFace: @unchecked Sendable {
    let handle: OpaquePointer
    /// The font's glyph for U+0020, nil when it has none: a tagged PDF draws it between two
    /// lines of one element so that their text does not run together.
    let spaceGlyph: UInt?
    /// Whether Cairo embeds it as a TrueType or name-keyed CFF font, with a Latin subset of
    /// one-byte codes and composite subsets of two-byte codes: a tagged PDF's marked content is
    /// placed by counting its glyphs. A Type 1 font, a CID-keyed CFF font (no Latin subset) or
    /// one without outlines (a Type 3 font) is not.
    let isCounted: Bool

    init(file: FontFile, index: Int) throws {
        let path = file.path
        let freeType = try FreeTypeFace(file: file, index: index)
        let space = FT_Get_Char_Index(freeType.face, 0x20)
        spaceGlyph = space == 0 ? nil : UInt(space)
        let flags = freeType.face.pointee.face_flags
        var isCIDKeyed: FT_Bool = 0
        let cidStatus = FT_Get_CID_Is_Internally_CID_Keyed(freeType.face, &isCIDKeyed)
        isCounted =
            freeType.isScalable && flags & FT_Long(FT_FACE_FLAG_SFNT) != 0 && flags & FT_Long(FT_FACE_FLAG_COLOR) == 0
            && (cidStatus != 0 || isCIDKeyed == 0)
        // Hinting off: the PDF is unhinted, and the PNG should look like the PDF rasterised.
        var loadFlags = Int32(FT_LOAD_NO_HINTING)
        if freeType.isScalable { loadFlags |= Int32(FT_LOAD_NO_BITMAP) }
        guard let face = cairo_ft_font_face_create_for_ft_face(freeType.face, loadFlags) else {
            throw BackendError("cairo: cannot make a font face from \(path)")
        }
        // Cairo may keep the face past our last reference (its scaled-font caches),
        // so the FreeType face lives until Cairo itself lets the font face go.
        let retained = Unmanaged.passRetained(freeType).toOpaque()
        var status = cairo_font_face_status(face)
        if status == CAIRO_STATUS_SUCCESS {
            status = cairo_font_face_set_user_data(face, freeTypeFaceKey, retained) { pointer in
                guard let pointer else { return }
                Unmanaged<FreeTypeFace>.fromOpaque(pointer).release()
            }
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            // Nothing was attached: drop the face before FreeType's copy goes away.
            cairo_font_face_destroy(face)
            Unmanaged<FreeTypeFace>.fromOpaque(retained).release()
            try checkCairoStatus(status, "font face for \(path)")
            throw BackendError("cairo: cannot make a font face from \(path)")
        }
        handle = face
    }

    deinit { cairo_font_face_destroy(handle) }
}

/// The address Cairo uses to tell our user data apart; its contents are never read.
nonisolated(unsafe) private let freeTypeFaceKey = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)

/// A FreeType face in a library of its own, so that opening and closing it
/// never races work on another face (FreeType libraries are not thread-safe). It reads
/// the font from the file's shared bytes, which it keeps alive; FreeType faces are not
/// thread-safe, so Cairo and the glyph masks each have their own over the same bytes.
final class FreeTypeFace {
    let library: FT_Library
    let face: FT_Face
    private let file: FontFile

    init(file: FontFile, index: Int) throws {
        let path = file.path
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else {
            throw BackendError("freetype: cannot initialise")
        }
        var face: FT_Face?
        let bytes = file.bytes.baseAddress!.assumingMemoryBound(to: FT_Byte.self)
        guard FT_New_Memory_Face(library, bytes, FT_Long(file.bytes.count), FT_Long(index), &face) == 0, let face else {
            FT_Done_FreeType(library)
            throw BackendError("freetype: cannot open font \(path) (face \(index))")
        }
        self.library = library
        self.face = face
        self.file = file
        FontTables.register(face: UnsafeMutableRawPointer(face), bytes: file.bytes, index: index)
    }

    var isScalable: Bool { face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 }

    deinit {
        FontTables.unregister(face: UnsafeMutableRawPointer(face))
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }
}
