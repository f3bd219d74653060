import InvoiSpeedups
import InvoiText
import Testing

@testable import InvoiCairo

/// invoi answers Cairo's FT_Load_Sfnt_Table for its own faces from the font's bytes: every
/// answer must be FreeType's, for every table, read and size, and what is not a plain read of
/// a table must still be FreeType's.
@Suite struct FontTablesTests {
    static let fonts: [(path: String, index: Int)] = [
        ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", 0),
        ("/usr/share/fonts/truetype/jetbrains-mono/JetBrainsMono-Regular.ttf", 0),
        ("/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf", 0),
        ("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc", 0),
        ("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc", 1),
    ]

    static func tags(of bytes: UnsafeRawBufferPointer, index: Int) -> [UInt] {
        func read32(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        let directory = read32(0) == 0x7474_6366 ? read32(12 + 4 * index) : 0  // 'ttcf'
        let count = Int(bytes[directory + 4]) << 8 | Int(bytes[directory + 5])
        return (0..<count).map { UInt(read32(directory + 12 + 16 * $0)) }
    }

    @Test(arguments: fonts.indices)
    func everyReadIsFreeTypes(font: Int) throws {
        let (path, index) = Self.fonts[font]
        let file = try #require(FontFiles().file(at: path), "\(path) is installed in CI")
        let face = try FreeTypeFace(file: file, index: index)
        let handle = UnsafeMutableRawPointer(face.face)
        let missing: UInt = 0x7A7A_7A7A  // 'zzzz'
        var served = 0
        for tag in Self.tags(of: file.bytes, index: index) + [missing] {
            let size = FontTables.load(face: handle, tag: tag, offset: 0, length: 0, freeType: true)
            #expect(FontTables.load(face: handle, tag: tag, offset: 0, length: 0, freeType: false) == size)
            let length = size.error == 0 ? Int(size.length) : 64
            // Whole, a piece, the last bytes, one past the end, far past, a negative offset.
            let reads: [(offset: Int, length: Int)] = [
                (0, length), (length / 3, min(40, length - length / 3)), (max(0, length - 7), min(7, length)),
                (length - 10, 11), (length + 100, 4), (-4, 8), (0, length + 1), (3, 0),
            ]
            for read in reads where read.length >= 0 && read.length < 1 << 24 {
                let theirs = FontTables.load(
                    face: handle, tag: tag, offset: read.offset, length: UInt(read.length), freeType: true)
                let ours = FontTables.load(
                    face: handle, tag: tag, offset: read.offset, length: UInt(read.length), freeType: false)
                #expect(ours == theirs, "\(path) \(String(tag, radix: 16)) \(read)")
            }
            if FontTables.serves(face: handle, tag: tag) { served += 1 }
        }
        // Every table is found in the bytes (none in another font's), unless the speedup is off.
        let expected = Speedups.process.isOn(.fontTables) ? Self.tags(of: file.bytes, index: index).count : 0
        #expect(served == expected)
    }

    @Test func aFaceInvoiDidNotRegisterIsFreeTypes() throws {
        let file = try #require(FontFiles().file(at: Self.fonts[0].path))
        let face = try FreeTypeFace(file: file, index: 0)
        let handle = UnsafeMutableRawPointer(face.face)
        FontTables.unregister(face: handle)
        let glyphs: UInt = 0x676C_7966  // 'glyf'
        let theirs = FontTables.load(face: handle, tag: glyphs, offset: 10, length: 100, freeType: true)
        #expect(FontTables.load(face: handle, tag: glyphs, offset: 10, length: 100, freeType: false) == theirs)
        #expect(!FontTables.serves(face: handle, tag: glyphs))
    }

    /// A thread remembers the last face it looked up; unregistering must make it forget.
    @Test func aFaceLetGoIsNotServedFromMemory() throws {
        let file = try #require(FontFiles().file(at: Self.fonts[0].path))
        let face = try FreeTypeFace(file: file, index: 0)
        let handle = UnsafeMutableRawPointer(face.face)
        let glyphs: UInt = 0x676C_7966  // 'glyf'
        _ = FontTables.load(face: handle, tag: glyphs, offset: 10, length: 100, freeType: false)
        // With the speedup off every read is FreeType's, and nothing is served to begin with.
        #expect(FontTables.serves(face: handle, tag: glyphs) == Speedups.process.isOn(.fontTables))
        FontTables.unregister(face: handle)
        #expect(!FontTables.serves(face: handle, tag: glyphs))
        let theirs = FontTables.load(face: handle, tag: glyphs, offset: 10, length: 100, freeType: true)
        #expect(FontTables.load(face: handle, tag: glyphs, offset: 10, length: 100, freeType: false) == theirs)
    }
}
