import CDeflate
import CZlib
import Foundation
import InvoiDocument
import InvoiTestSupport
import Testing

@testable import InvoiCairo
@testable import InvoiSpeedups

/// The deflate functions as the process resolves them, which is how Cairo reaches them.
private struct ProcessDeflate {
    let initialize = unsafeBitCast(
        dlsym(nil, "deflateInit_")!,
        to: (@convention(c) (UnsafeMutablePointer<z_stream>?, Int32, UnsafePointer<CChar>?, Int32) -> Int32).self)
    let deflate = unsafeBitCast(dlsym(nil, "deflate")!, to: Zlib.Deflate.self)
    let end = unsafeBitCast(dlsym(nil, "deflateEnd")!, to: Zlib.DeflateEnd.self)

    /// Compresses `input` the way Cairo's deflate stream does: `chunk` bytes per Z_NO_FLUSH
    /// call, an output buffer of `outputSize` emptied whenever it is full, then Z_FINISH until
    /// Z_STREAM_END. Returns the output and the stream's final counters.
    func compress(
        _ input: [UInt8], level: Int32 = Z_DEFAULT_COMPRESSION, chunk: Int = 16384,
        outputSize: Int = 16384
    ) throws -> (bytes: [UInt8], totalIn: UInt, totalOut: UInt, adler: UInt) {
        var stream = z_stream()
        try #require(initialize(&stream, level, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK)
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: outputSize)
        try input.withUnsafeBufferPointer { input in
            try buffer.withUnsafeMutableBufferPointer { buffer in
                stream.next_out = buffer.baseAddress
                stream.avail_out = UInt32(outputSize)
                func empty() {
                    result += buffer.prefix(outputSize - Int(stream.avail_out))
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = UInt32(outputSize)
                }
                var offset = 0
                while offset < input.count {
                    let count = min(chunk, input.count - offset)
                    stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress! + offset)
                    stream.avail_in = UInt32(count)
                    while stream.avail_in > 0 {
                        let status = deflate(&stream, Z_NO_FLUSH)
                        try #require(status == Z_OK || status == Z_BUF_ERROR)
                        if stream.avail_out == 0 { empty() }
                    }
                    offset += count
                }
                var status = Z_OK
                var calls = 0
                repeat {
                    status = deflate(&stream, Z_FINISH)
                    try #require(status == Z_OK || status == Z_STREAM_END, "deflate returned \(status)")
                    empty()
                    calls += 1
                } while status != Z_STREAM_END && calls < 1_000_000
            }
        }
        let counters = (stream.total_in, stream.total_out, stream.adler)
        #expect(end(&stream) == Z_OK)
        #expect(stream.state == nil)
        return (result, counters.0, counters.1, counters.2)
    }
}

/// libdeflate's own zlib stream of `input` at `level`.
private func libdeflateStream(_ input: [UInt8], level: Int32 = GatheredDeflate.level) -> [UInt8] {
    let compressor = libdeflate_alloc_compressor(level)!
    defer { libdeflate_free_compressor(compressor) }
    var output = [UInt8](repeating: 0, count: libdeflate_zlib_compress_bound(compressor, input.count))
    let count = libdeflate_zlib_compress(compressor, input, input.count, &output, output.count)
    return Array(output.prefix(count))
}

/// The data a zlib stream holds, or nil when it is not a valid stream of at most `limit` bytes.
private func inflated(_ stream: [UInt8], limit: Int) -> [UInt8]? {
    let decompressor = libdeflate_alloc_decompressor()!
    defer { libdeflate_free_decompressor(decompressor) }
    var output = [UInt8](repeating: 0, count: limit)
    var produced = 0
    let status = libdeflate_zlib_decompress(decompressor, stream, stream.count, &output, limit, &produced)
    return status == LIBDEFLATE_SUCCESS ? Array(output.prefix(produced)) : nil
}

/// Text-like bytes: compressible, but not trivially.
private func sampleBytes(count: Int, seed: UInt64) -> [UInt8] {
    var generator = SplitMix64(seed: seed)
    let words = ["invoice", "total", " ", "\n", "0.00", "Tj", "BT", "ET", "1 0 0 -1 72 144 cm", "<00a1>"].map {
        Array($0.utf8)
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(count + 32)
    while bytes.count < count {
        bytes += words[Int(generator.next() % UInt64(words.count))]
        if generator.next() % 7 == 0 { bytes.append(UInt8(truncatingIfNeeded: generator.next())) }
    }
    return Array(bytes.prefix(count))
}

/// With the deflate speedup off (`INVOI_SPEEDUPS=off`, as CI runs the suite once), Cairo's
/// streams are zlib's own at its default level, untouched.
@Suite(.enabled(if: !Speedups.process.isOn(.deflate)))
struct DeflateSpeedupOffTests {
    @Test func everyPDFStreamIsZlibsOwnOutput() throws {
        let streams = try CairoDeflateTests.invoiceStreams()
        for (stream, content) in streams {
            #expect(
                stream == (try zlibStream(content)), "a \(stream.count)-byte stream not zlib's at its default level")
        }
        // The check tells the two apart: a tiny stream may come out the same from both, the
        // page contents do not.
        #expect(streams.contains { $0.stream != libdeflateStream($0.content) })
    }

    /// zlib's own stream of `input` at its default level.
    private func zlibStream(_ input: [UInt8]) throws -> [UInt8] {
        let zlib = try #require(Zlib.functions)
        var stream = z_stream()
        #expect(
            zlib.deflateInit2(
                &stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, MAX_WBITS, 8, Z_DEFAULT_STRATEGY,
                ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK)
        defer { _ = zlib.deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: input.count + input.count / 100 + 1024)
        var input = input
        let status = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = source.baseAddress
                stream.avail_in = UInt32(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = UInt32(target.count)
                return zlib.deflate(&stream, Z_FINISH)
            }
        }
        #expect(status == Z_STREAM_END)
        return Array(output.prefix(Int(stream.total_out)))
    }
}

@Suite(.enabled(if: Speedups.process.isOn(.deflate)))
struct CairoDeflateTests {
    private let process = ProcessDeflate()

    /// The PDF's streams: the bytes between "stream\n" and "\nendstream".
    static func streams(in pdf: Data) -> [[UInt8]] {
        let bytes = [UInt8](pdf)
        let start = Array("stream\n".utf8), end = Array("\nendstream".utf8)
        var result: [[UInt8]] = []
        var index = 0
        while let open = bytes[index...].firstRange(of: start) {
            guard let close = bytes[open.upperBound...].firstRange(of: end) else { break }
            result.append(Array(bytes[open.upperBound..<close.lowerBound]))
            index = close.upperBound
        }
        return result
    }

    /// Every stream of the fixture invoice's PDF, compressed and inflated.
    static func invoiceStreams() throws -> [(stream: [UInt8], content: [UInt8])] {
        let output = try PDFBackend(fonts: CairoFontCache()).render(
            try Fixtures.invoice(),
            // Untagged: Cairo's streams only (a tagged file adds its XMP packet, uncompressed).
            options: PDFOptions(creator: "invoi 0.1.0", isTagged: false))
        let streams = streams(in: try #require(output.documentData))
        // Content of both pages, font subsets, ToUnicode maps.
        #expect(streams.count >= 5)
        return try streams.map { stream in
            (stream, try #require(inflated(stream, limit: 1 << 24), "a stream that does not inflate"))
        }
    }

    @Test func everyPDFStreamIsLibdeflatesOwnOutput() throws {
        for (stream, content) in try Self.invoiceStreams() {
            let isLibdeflates = stream == libdeflateStream(content)
            #expect(
                isLibdeflates,
                "a \(stream.count)-byte stream not compressed by libdeflate at level \(GatheredDeflate.level)")
        }
    }

    @Test func chunkedInputAndATinyOutputBufferGiveTheWholeStream() throws {
        let input = sampleBytes(count: 200_000, seed: 7)
        let result = try process.compress(input, chunk: 16384, outputSize: 7)
        #expect(result.bytes == libdeflateStream(input))
        #expect(result.totalIn == UInt(input.count))
        #expect(result.totalOut == UInt(result.bytes.count))
        #expect(result.adler == UInt(libdeflate_adler32(1, input, input.count)))
        #expect(inflated(result.bytes, limit: input.count) == input)
    }

    @Test func anEmptyStreamIsAValidStreamOfNothing() throws {
        let result = try process.compress([])
        #expect(result.bytes == libdeflateStream([]))
        #expect(inflated(result.bytes, limit: 0) == [])
    }

    @Test(arguments: [(Int32(9), UInt8(0xDA)), (1, 0x01), (6, 0x9C)])
    func anExplicitLevelIsZlibsOwnStream(level: Int32, headerByte: UInt8) throws {
        let input = sampleBytes(count: 50_000, seed: 3)
        let result = try process.compress(input, level: level, chunk: 4096, outputSize: 1000)
        #expect(Array(result.bytes.prefix(2)) == [0x78, headerByte])
        #expect(result.bytes != libdeflateStream(input, level: level))
        #expect(inflated(result.bytes, limit: input.count) == input)
    }

    @Test func pastTheGatheringLimitZlibTakesOverWithTheInputSoFar() throws {
        let input = sampleBytes(count: GatheredDeflate.gatheringLimit + 3 * 65536 + 17, seed: 11)
        let result = try process.compress(input, chunk: 65536, outputSize: 16384)
        #expect(Array(result.bytes.prefix(2)) == [0x78, 0x01])  // zlib at level 1
        #expect(result.totalIn == UInt(input.count))
        #expect(result.totalOut == UInt(result.bytes.count))
        #expect(result.adler == UInt(libdeflate_adler32(1, input, input.count)))
        #expect(inflated(result.bytes, limit: input.count) == input)
    }

    /// An edit of a content stream such as the tagged PDF makes (operators put in place of a
    /// mark): `/NonStruct << /MCID n >> BDC` becomes `/Artifact BMC`; nil for a stream without it.
    static func markingArtifact(_ content: UnsafeRawBufferPointer) -> [UInt8]? {
        let bytes = Array(content)
        let text = String(decoding: bytes, as: UTF8.self)
        guard let range = text.range(of: #"/NonStruct << /MCID \d+ >> BDC"#, options: .regularExpression) else {
            return nil
        }
        return Array(text.replacingCharacters(in: range, with: "/Artifact BMC").utf8)
    }

    @Test func anEditAppliesToTheStreamsCompressedWhileItIsInstalledAndNoOthers() throws {
        let input = Array("q /NonStruct << /MCID 3 >> BDC 0 0 10 10 re f EMC Q".utf8)
        let edited = Array("q /Artifact BMC 0 0 10 10 re f EMC Q".utf8)
        let unedited = Array("BT /F1 12 Tf (no marker here) Tj ET".utf8)
        try GatheredStreamEditing.applying(Self.markingArtifact) { editing in
            let result = try process.compress(input, chunk: 7, outputSize: 5)
            #expect(result.bytes == libdeflateStream(edited))
            #expect(inflated(result.bytes, limit: 1 << 16) == edited)
            #expect(result.adler == UInt(libdeflate_adler32(1, edited, edited.count)))
            #expect(editing.takeEdited(count: result.bytes.count))
            // Asked once: the answer is forgotten.
            #expect(!editing.takeEdited(count: result.bytes.count))
            // A stream the edit leaves as it is is not reported as edited.
            let plain = try process.compress(unedited)
            #expect(plain.bytes == libdeflateStream(unedited))
            #expect(!editing.takeEdited(count: plain.bytes.count))
        }
        // Gone once `applying` returns.
        #expect(try process.compress(input).bytes == libdeflateStream(input))
    }

    @Test func aStreamCompressedAgainComesOutTheSameAsTheFirstTime() throws {
        let input = sampleBytes(count: 30_000, seed: 17)
        let first = try process.compress(input, chunk: 4096, outputSize: 1000)
        // Kept (repeatedStreams) or compressed again: libdeflate's own stream either way, whole.
        let again = try process.compress(input, chunk: 999, outputSize: 7)
        #expect(first.bytes == libdeflateStream(input))
        #expect(again.bytes == first.bytes)
        #expect(again.totalIn == UInt(input.count) && again.totalOut == UInt(again.bytes.count))
        #expect(again.adler == UInt(libdeflate_adler32(1, input, input.count)))
        // A stream differing in one byte is its own.
        var changed = input
        changed[15_000] ^= 1
        #expect(try process.compress(changed).bytes == libdeflateStream(changed))
    }

    @Test func anEditedStreamCompressedAgainIsStillReportedEdited() throws {
        let input = Array("q /NonStruct << /MCID 9 >> BDC 1 1 5 5 re f EMC Q".utf8)
        let edited = Array("q /Artifact BMC 1 1 5 5 re f EMC Q".utf8)
        for _ in 0..<2 {
            try GatheredStreamEditing.applying(Self.markingArtifact) { editing in
                let result = try process.compress(input)
                #expect(result.bytes == libdeflateStream(edited))
                #expect(editing.takeEdited(count: result.bytes.count))
            }
        }
    }

    @Test func aStreamZlibTakesOverIsNotEditedNorReportedEdited() throws {
        let input = sampleBytes(count: GatheredDeflate.gatheringLimit + 65536, seed: 13)
        let replaceEverything: (UnsafeRawBufferPointer) -> [UInt8]? = { _ in [0x41] }
        try GatheredStreamEditing.applying(replaceEverything) { editing in
            let result = try process.compress(input, chunk: 65536)
            #expect(inflated(result.bytes, limit: input.count) == input)
            #expect(!editing.takeEdited(count: result.bytes.count))
        }
    }

    @Test func otherFlushesAndZlibsOtherCallsAreRefusedNotCrashed() throws {
        var stream = z_stream()
        #expect(
            process.initialize(&stream, Z_DEFAULT_COMPRESSION, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK
        )
        #expect(process.deflate(&stream, Z_SYNC_FLUSH) == Z_STREAM_ERROR)
        #expect(process.deflate(&stream, Z_FULL_FLUSH) == Z_STREAM_ERROR)
        // zlib's own deflateReset finds no zlib state behind the stream.
        let reset = unsafeBitCast(
            try #require(dlsym(dlopen("libz.so.1", RTLD_NOW | RTLD_NOLOAD), "deflateReset")),
            to: Zlib.DeflateEnd.self)
        #expect(reset(&stream) == Z_STREAM_ERROR)
        var input = [UInt8](repeating: 65, count: 100)
        input.withUnsafeMutableBufferPointer { input in
            stream.next_in = input.baseAddress
            stream.avail_in = 100
            #expect(process.deflate(&stream, Z_NO_FLUSH) == Z_OK)
        }
        // Ended with input still held: zlib's "freed prematurely".
        #expect(process.end(&stream) == Z_DATA_ERROR)
        #expect(
            process.initialize(&stream, Z_DEFAULT_COMPRESSION, "2.0.0", Int32(MemoryLayout<z_stream>.size))
                == Z_VERSION_ERROR)
        #expect(process.initialize(&stream, Z_DEFAULT_COMPRESSION, ZLIB_VERSION, 100) == Z_VERSION_ERROR)
    }
}

/// The streams a thread keeps for reuse: found by their bytes alone, never by checksum alone.
struct RecentStreamsTests {
    /// `bytes` at the start of a malloc'd block `spare` bytes larger, as the gathered input is.
    private func block(_ bytes: [UInt8], spare: Int) -> UnsafeMutableRawPointer {
        let block = malloc(max(bytes.count + spare, 1))!
        bytes.withUnsafeBytes { block.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        return block
    }

    private func adler(_ bytes: [UInt8]) -> UInt32 { libdeflate_adler32(1, bytes, bytes.count) }

    private func found(_ bytes: [UInt8], in recent: RecentStreams) -> [UInt8]? {
        bytes.withUnsafeBytes { recent.output(forInput: $0.baseAddress, count: bytes.count, adler: adler(bytes)) }
            .map { Array($0) }
    }

    @discardableResult
    private func keep(_ bytes: [UInt8], output: [UInt8], in recent: RecentStreams, spare: Int = 0) -> Bool {
        let input = block(bytes, spare: spare)
        let kept = output.withUnsafeBytes {
            recent.keep(input: input, count: bytes.count, adler: adler(bytes), output: $0)
        }
        if !kept { free(input) }
        return kept
    }

    @Test func aKeptStreamIsFoundByItsBytes() {
        let recent = RecentStreams()
        // Kept from a block with room to spare, which the keep gives back.
        #expect(keep([1, 2, 3], output: [9, 9], in: recent, spare: 16 << 10))
        #expect(found([1, 2, 3], in: recent) == [9, 9])
        #expect(found([1, 2, 4], in: recent) == nil)
        #expect(found([1, 2], in: recent) == nil)
    }

    @Test func bytesWithTheSameChecksumAndLengthAreNotTakenForTheKeptOnes() {
        // Adler-32 collides on these: the same sum, and the same weighted sum (4a+3b+2c+d).
        let kept: [UInt8] = [1, 0, 0, 1], other: [UInt8] = [0, 1, 1, 0]
        #expect(adler(kept) == adler(other))
        let recent = RecentStreams()
        keep(kept, output: [7], in: recent)
        #expect(found(other, in: recent) == nil)
        #expect(found(kept, in: recent) == [7])
    }

    @Test func theStreamUsedLongestAgoGoesFirst() {
        let recent = RecentStreams()
        let keys = (0..<RecentStreams.countLimit).map { [UInt8($0 % 256), UInt8($0 / 256), 0xAA] }
        for (index, key) in keys.enumerated() { keep(key, output: [UInt8(index % 256)], in: recent) }
        // The first is used again, so the second is the one used longest ago.
        #expect(found(keys[0], in: recent) == [0])
        keep([0xFF, 0xFF, 0xFF], output: [0xFF], in: recent)
        #expect(found(keys[1], in: recent) == nil)
        #expect(found(keys[0], in: recent) == [0])
        #expect(found(keys[2], in: recent) == [2])
        #expect(found([0xFF, 0xFF, 0xFF], in: recent) == [0xFF])
    }

    @Test func aStreamTooLargeToKeepIsNotTakenAndTheBytesLimitHolds() {
        let recent = RecentStreams()
        let quarter = [UInt8](repeating: 1, count: RecentStreams.byteLimit / 4)
        #expect(!keep(quarter, output: [1], in: recent))
        #expect(found(quarter, in: recent) == nil)
        // Five streams of a fifth of the limit each: the first goes to make room for the fifth.
        let fifths = (0..<5).map { [UInt8](repeating: UInt8($0), count: RecentStreams.byteLimit / 5 + 1) }
        for (index, stream) in fifths.enumerated() {
            #expect(keep(stream, output: [UInt8(index)], in: recent))
        }
        #expect(found(fifths[0], in: recent) == nil)
        #expect((1..<5).allSatisfy { found(fifths[$0], in: recent) == [UInt8($0)] })
    }
}
