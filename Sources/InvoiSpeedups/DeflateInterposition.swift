import CDeflate
import CZlib

#if canImport(Glibc)
    import Glibc
#endif

// Cairo 1.16 compresses every PDF stream (content, font subsets, ToUnicode maps, image
// data) with zlib — deflateInit(Z_DEFAULT_COMPRESSION), deflate with Z_NO_FLUSH until a
// last Z_FINISH, deflateEnd — and has no setting for it. Even at zlib's fastest level that
// was over a third of a PDF's time. These three definitions take precedence over zlib's
// for Cairo's calls (the executable is searched first): a stream opened at the default
// level is gathered whole and compressed in one call by libdeflate at level 1, about four
// times faster than zlib at level 1 and as small. A stream opened with an explicit level,
// and every stream that is not one of ours, is zlib's own, untouched. Other zlib calls on
// one of our streams (deflateReset, deflateParams, …) find no zlib state in it and return
// Z_STREAM_ERROR, as zlib does for a stream it does not know.

/// zlib's `deflateInit_(z_streamp, int level, const char *version, int stream_size)`.
@_cdecl("deflateInit_")
public func invoiDeflateInit(
    _ stream: UnsafeMutablePointer<z_stream>?, _ level: Int32,
    _ version: UnsafePointer<CChar>?, _ streamSize: Int32
) -> Int32 {
    guard let stream else { return Z_STREAM_ERROR }
    guard level == Z_DEFAULT_COMPRESSION, Speedups.process.isOn(.deflate) else {
        guard let deflateInit2 = Zlib.functions?.deflateInit2 else { return Z_VERSION_ERROR }
        return deflateInit2(stream, level, Z_DEFLATED, MAX_WBITS, 8, Z_DEFAULT_STRATEGY, version, streamSize)
    }
    guard streamSize == Int32(MemoryLayout<z_stream>.size), version?.pointee == 0x31 else {  // "1": zlib 1.x
        return Z_VERSION_ERROR
    }
    let state = UnsafeMutablePointer<GatheredDeflate>.allocate(capacity: 1)
    state.initialize(to: GatheredDeflate())
    GatheredStreamEditing.current?.lastEditedCount = nil
    stream.pointee.state = OpaquePointer(state)
    stream.pointee.msg = nil
    stream.pointee.total_in = 0
    stream.pointee.total_out = 0
    stream.pointee.adler = 1
    stream.pointee.data_type = Z_UNKNOWN
    return Z_OK
}

/// zlib's `deflate(z_streamp, int flush)`. Ours take Z_NO_FLUSH and Z_FINISH, all Cairo uses.
@_cdecl("deflate")
public func invoiDeflate(_ stream: UnsafeMutablePointer<z_stream>?, _ flush: Int32) -> Int32 {
    guard let stream, let state = GatheredDeflate.state(of: stream) else {
        return Zlib.functions?.deflate(stream, flush) ?? Z_STREAM_ERROR
    }
    return state.pointee.deflate(stream, flush: flush)
}

/// zlib's `deflateEnd(z_streamp)`.
@_cdecl("deflateEnd")
public func invoiDeflateEnd(_ stream: UnsafeMutablePointer<z_stream>?) -> Int32 {
    guard let stream, let state = GatheredDeflate.state(of: stream) else {
        return Zlib.functions?.deflateEnd(stream) ?? Z_STREAM_ERROR
    }
    let status = state.pointee.end()
    state.deinitialize(count: 1)
    state.deallocate()
    stream.pointee.state = nil
    return status
}

/// The state behind one of our streams: the input gathered so far, then the compressed
/// bytes handed out in as many calls as the caller's output space needs.
struct GatheredDeflate {
    /// First word of our state. zlib's state starts with its z_stream's address, and this is
    /// no address a process can have (not canonical on x86-64 and AArch64).
    static let tag: UInt = 0xD1F1_A7E5_1A7E_0001
    /// Beyond this much input (a huge logo's pixels) the stream goes on in zlib instead of
    /// holding the whole image a second time.
    static let gatheringLimit = 16 << 20
    /// libdeflate's level: the size of zlib's level 1, at a quarter of its time.
    static let level: Int32 = 1

    private let tag = GatheredDeflate.tag
    private var input: UnsafeMutableRawPointer?
    private var inputCount = 0
    private var inputCapacity = 0
    private var output: UnsafeMutableRawPointer?
    private var outputCount = 0
    private var outputSent = 0
    /// The zlib stream that took over past `gatheringLimit`, and how much of the gathered
    /// input it has been given.
    private var zlibStream: UnsafeMutablePointer<z_stream>?
    private var gatheredFed = 0

    /// Our state behind `stream`, or nil when zlib (or nobody) owns it.
    static func state(of stream: UnsafeMutablePointer<z_stream>) -> UnsafeMutablePointer<GatheredDeflate>? {
        guard let state = stream.pointee.state else { return nil }
        let raw = UnsafeMutableRawPointer(state)
        guard raw.load(as: UInt.self) == tag else { return nil }
        return raw.assumingMemoryBound(to: GatheredDeflate.self)
    }

    mutating func deflate(_ stream: UnsafeMutablePointer<z_stream>, flush: Int32) -> Int32 {
        if zlibStream != nil { return deflateInZlib(stream, flush: flush) }
        if output != nil {
            return flush == Z_FINISH ? handOut(to: stream) : Z_STREAM_ERROR
        }
        guard flush == Z_NO_FLUSH || flush == Z_FINISH else { return Z_STREAM_ERROR }
        let count = Int(stream.pointee.avail_in)
        guard count == 0 || stream.pointee.next_in != nil else { return Z_STREAM_ERROR }
        if inputCount + count > Self.gatheringLimit {
            guard startZlib() else { return Z_MEM_ERROR }
            return deflateInZlib(stream, flush: flush)
        }
        if count > 0 {
            guard reserve(inputCount + count) else { return Z_MEM_ERROR }
            (input! + inputCount).copyMemory(from: stream.pointee.next_in, byteCount: count)
            inputCount += count
            stream.pointee.next_in += count
            stream.pointee.avail_in = 0
            stream.pointee.total_in += UInt(count)
        }
        guard flush == Z_FINISH else { return count > 0 ? Z_OK : Z_BUF_ERROR }
        let compressed = compress()
        guard compressed.isCompressed else { return Z_MEM_ERROR }
        stream.pointee.adler = UInt(compressed.adler)
        releaseInput()
        return handOut(to: stream)
    }

    /// Frees what is held; Z_DATA_ERROR when the stream ended before all of it was handed out.
    mutating func end() -> Int32 {
        var status = Z_OK
        if let zlibStream {
            status = Zlib.functions?.deflateEnd(zlibStream) ?? Z_STREAM_ERROR
            zlibStream.deallocate()
            self.zlibStream = nil
        } else if inputCount > 0 || outputSent < outputCount {
            status = Z_DATA_ERROR
        }
        releaseInput()
        free(output)
        output = nil
        return status
    }

    private mutating func reserve(_ capacity: Int) -> Bool {
        guard capacity > inputCapacity else { return true }
        let grown = max(capacity, inputCapacity * 2, 16 << 10)
        guard let moved = realloc(input, grown) else { return false }
        input = moved
        inputCapacity = grown
        return true
    }

    private mutating func releaseInput() {
        free(input)
        input = nil
        inputCount = 0
        inputCapacity = 0
    }

    /// The whole zlib stream for the gathered input, in `output`; `adler` is the input's checksum.
    private mutating func compress() -> (adler: UInt32, isCompressed: Bool) {
        guard let deflation = ThreadDeflation.current() else { return (0, false) }
        let editing = GatheredStreamEditing.current
        let edited = editing?.edit(UnsafeRawBufferPointer(start: input, count: inputCount))
        if let edited {
            // The edited bytes replace the gathered ones; the stream's checksum is theirs.
            guard reserve(edited.count) else { return (0, false) }
            edited.withUnsafeBytes { input!.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
            inputCount = edited.count
        }
        let adler = libdeflate_adler32(1, input, inputCount)
        if let recent = deflation.recentStreams?.output(forInput: input, count: inputCount, adler: adler) {
            guard let buffer = malloc(max(recent.count, 1)) else { return (adler, false) }
            buffer.copyMemory(from: recent.baseAddress!, byteCount: recent.count)
            output = buffer
            outputCount = recent.count
        } else {
            let compressor = deflation.compressor
            let bound = libdeflate_zlib_compress_bound(compressor, inputCount)
            guard let buffer = malloc(max(bound, 1)) else { return (adler, false) }
            let written = libdeflate_zlib_compress(compressor, input, inputCount, buffer, bound)
            guard written > 0 else {
                free(buffer)
                return (adler, false)
            }
            output = buffer
            outputCount = written
            if let recentStreams = deflation.recentStreams, let input,
                recentStreams.keep(
                    input: input, count: inputCount, adler: adler,
                    output: UnsafeRawBufferPointer(start: buffer, count: written))
            {
                // The gathered bytes are the kept stream's now.
                self.input = nil
                inputCapacity = 0
            }
        }
        editing?.lastEditedCount = edited == nil ? nil : outputCount
        return (adler, true)
    }

    /// As much of the compressed stream as fits; Z_STREAM_END with the last byte.
    private mutating func handOut(to stream: UnsafeMutablePointer<z_stream>) -> Int32 {
        let count = min(Int(stream.pointee.avail_out), outputCount - outputSent)
        if count > 0 {
            guard let next = stream.pointee.next_out else { return Z_STREAM_ERROR }
            next.update(from: (output! + outputSent).assumingMemoryBound(to: UInt8.self), count: count)
            stream.pointee.next_out = next + count
            stream.pointee.avail_out -= UInt32(count)
            stream.pointee.total_out += UInt(count)
            outputSent += count
        }
        if outputSent == outputCount { return Z_STREAM_END }
        return count > 0 ? Z_OK : Z_BUF_ERROR
    }

    /// Hands the stream to zlib at level 1; the gathered input goes to it first.
    private mutating func startZlib() -> Bool {
        guard let functions = Zlib.functions else { return false }
        let inner = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        inner.initialize(to: z_stream())
        guard
            functions.deflateInit2(
                inner, Self.level, Z_DEFLATED, MAX_WBITS, 8, Z_DEFAULT_STRATEGY,
                ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else {
            inner.deallocate()
            return false
        }
        zlibStream = inner
        return true
    }

    /// One deflate call in zlib on the caller's buffers: the gathered input first, then the caller's.
    private mutating func deflateInZlib(_ stream: UnsafeMutablePointer<z_stream>, flush: Int32) -> Int32 {
        guard let inner = zlibStream, let functions = Zlib.functions else { return Z_STREAM_ERROR }
        inner.pointee.next_out = stream.pointee.next_out
        inner.pointee.avail_out = stream.pointee.avail_out
        if gatheredFed < inputCount {
            inner.pointee.next_in = (input! + gatheredFed).assumingMemoryBound(to: UInt8.self)
            inner.pointee.avail_in = UInt32(inputCount - gatheredFed)
            let status = functions.deflate(inner, Z_NO_FLUSH)
            gatheredFed = inputCount - Int(inner.pointee.avail_in)
            let produced = Int(stream.pointee.avail_out - inner.pointee.avail_out)
            stream.pointee.next_out = inner.pointee.next_out
            stream.pointee.avail_out = inner.pointee.avail_out
            stream.pointee.total_out += UInt(produced)
            guard status == Z_OK || status == Z_BUF_ERROR else { return status }
            // The caller's output is full: it empties it and calls again (its input is still there).
            guard gatheredFed == inputCount else { return Z_OK }
            releaseInput()
            gatheredFed = 0
        }
        let inputBefore = stream.pointee.avail_in, outputBefore = stream.pointee.avail_out
        inner.pointee.next_in = stream.pointee.next_in
        inner.pointee.avail_in = inputBefore
        let status = functions.deflate(inner, flush)
        stream.pointee.next_in = inner.pointee.next_in
        stream.pointee.avail_in = inner.pointee.avail_in
        stream.pointee.next_out = inner.pointee.next_out
        stream.pointee.avail_out = inner.pointee.avail_out
        stream.pointee.total_in += UInt(inputBefore - inner.pointee.avail_in)
        stream.pointee.total_out += UInt(outputBefore - inner.pointee.avail_out)
        stream.pointee.adler = inner.pointee.adler
        return status
    }
}

/// zlib's own functions, found in the zlib Cairo loaded.
enum Zlib {
    typealias DeflateInit2 =
        @convention(c) (
            UnsafeMutablePointer<z_stream>?, Int32, Int32, Int32, Int32, Int32,
            UnsafePointer<CChar>?, Int32
        ) -> Int32
    typealias Deflate = @convention(c) (UnsafeMutablePointer<z_stream>?, Int32) -> Int32
    typealias DeflateEnd = @convention(c) (UnsafeMutablePointer<z_stream>?) -> Int32

    struct Functions {
        let deflateInit2: DeflateInit2
        let deflate: Deflate
        let deflateEnd: DeflateEnd
    }

    /// nil only if no zlib can be loaded.
    static let functions: Functions? = {
        guard let zlib = dlopen("libz.so.1", RTLD_NOW | RTLD_NOLOAD) ?? dlopen("libz.so.1", RTLD_NOW),
            let deflateInit2 = dlsym(zlib, "deflateInit2_"), let deflate = dlsym(zlib, "deflate"),
            let deflateEnd = dlsym(zlib, "deflateEnd")
        else { return nil }
        return Functions(
            deflateInit2: unsafeBitCast(deflateInit2, to: DeflateInit2.self),
            deflate: unsafeBitCast(deflate, to: Deflate.self),
            deflateEnd: unsafeBitCast(deflateEnd, to: DeflateEnd.self))
    }()
}

/// What a thread keeps from one stream to the next: its libdeflate compressor (making one
/// clears its hash tables, about 40,000 instructions, and a PDF has a dozen streams, while a
/// compressor holds nothing from one compression to the next) and, with `repeatedStreams`,
/// the streams it compressed lately. Freed when the thread ends.
private final class ThreadDeflation {
    let compressor: OpaquePointer
    let recentStreams: RecentStreams?

    private init(compressor: OpaquePointer) {
        self.compressor = compressor
        recentStreams = Speedups.process.isOn(.repeatedStreams) ? RecentStreams() : nil
    }

    deinit { libdeflate_free_compressor(compressor) }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let made = pthread_key_create(&key) { $0.map { Unmanaged<ThreadDeflation>.fromOpaque($0).release() } }
        precondition(made == 0, "no thread-specific key for the deflate compressor")
        return key
    }()

    /// This thread's, made on first use.
    static func current() -> ThreadDeflation? {
        if let kept = pthread_getspecific(key) {
            return Unmanaged<ThreadDeflation>.fromOpaque(kept).takeUnretainedValue()
        }
        guard let compressor = libdeflate_alloc_compressor(GatheredDeflate.level) else { return nil }
        let made = ThreadDeflation(compressor: compressor)
        guard pthread_setspecific(key, Unmanaged.passRetained(made).toOpaque()) == 0 else {
            Unmanaged.passUnretained(made).release()
            return nil
        }
        return made
    }
}

/// The streams one thread compressed lately, by their bytes, with their compressed form. A
/// batch embeds the same font subsets and ToUnicode maps in invoice after invoice (in
/// `compare`'s batch, two streams in three repeat), and libdeflate's output depends on the
/// bytes alone: a stream seen before is copied, not compressed again, and comes out the same.
final class RecentStreams {
    /// What is kept at most, gathered bytes and compressed ones together; the streams used
    /// longest ago go first. 128 streams in 512 KiB already catch every repeat of `compare`'s
    /// 100 invoices; 32 caught two of an invoice's nine streams.
    static let byteLimit = 1 << 20
    static let countLimit = 256

    private struct Kept {
        let input: UnsafeMutableRawPointer
        let inputCount: Int
        let adler: UInt32
        let output: UnsafeMutableRawBufferPointer
        var lastUse: UInt64

        var size: Int { inputCount + output.count }
    }

    private var kept: [Kept] = []
    private var size = 0
    private var uses: UInt64 = 0

    deinit {
        for stream in kept { release(stream) }
    }

    /// The compressed form of the `count` bytes at `input`, whose checksum is `adler`, if kept.
    func output(forInput input: UnsafeRawPointer?, count: Int, adler: UInt32) -> UnsafeRawBufferPointer? {
        for index in kept.indices where kept[index].inputCount == count && kept[index].adler == adler {
            guard count == 0 || memcmp(kept[index].input, input!, count) == 0 else { continue }
            uses += 1
            kept[index].lastUse = uses
            return UnsafeRawBufferPointer(kept[index].output)
        }
        return nil
    }

    /// Keeps a stream: takes `input` (a malloc'd block holding `count` bytes, which may be
    /// larger) and copies `output`. False, and nothing taken, when the stream is too large to keep.
    func keep(input: UnsafeMutableRawPointer, count: Int, adler: UInt32, output: UnsafeRawBufferPointer) -> Bool {
        let size = count + output.count
        guard size <= Self.byteLimit / 4, let copy = malloc(max(output.count, 1)) else { return false }
        copy.copyMemory(from: output.baseAddress!, byteCount: output.count)
        // The gathered input grew in steps (16 KiB at least): only its bytes are kept.
        let input = realloc(input, max(count, 1)) ?? input
        while !kept.isEmpty, kept.count >= Self.countLimit || self.size + size > Self.byteLimit {
            let oldest = kept.indices.min { kept[$0].lastUse < kept[$1].lastUse }!
            self.size -= kept[oldest].size
            release(kept.remove(at: oldest))
        }
        uses += 1
        kept.append(
            Kept(
                input: input, inputCount: count, adler: adler,
                output: UnsafeMutableRawBufferPointer(start: copy, count: output.count), lastUse: uses))
        self.size += size
        return true
    }

    private func release(_ stream: Kept) {
        free(stream.input)
        free(stream.output.baseAddress)
    }
}

/// A change made to the bytes of the streams this thread compresses, before they are
/// compressed. The tagged PDF marks its artifacts in a page's content stream this way while
/// Cairo writes the page, instead of inflating the compressed stream afterwards, changing it
/// and deflating it again (the same bytes come out: the same compressor at the same level).
/// Only streams gathered whole are edited; one that zlib compresses (the speedup off, or past
/// the gathering limit) is not, and whoever installed the edit must be ready to make it later.
package final class GatheredStreamEditing {
    /// The new bytes of a stream, or nil to leave them as they are.
    let edit: (UnsafeRawBufferPointer) -> [UInt8]?
    /// The compressed size of the last stream compressed, when the edit changed it; nil otherwise.
    fileprivate var lastEditedCount: Int?

    /// Whether the stream whose compressed bytes are `count` long is the last one compressed
    /// and was edited; asked once a stream (the answer is forgotten).
    package func takeEdited(count: Int) -> Bool {
        defer { lastEditedCount = nil }
        return lastEditedCount == count
    }

    private init(edit: @escaping (UnsafeRawBufferPointer) -> [UInt8]?) {
        self.edit = edit
    }

    /// Runs `body` with `edit` applied to every stream this thread compresses meanwhile; `body`
    /// is given the editing, to ask which stream was edited.
    package static func applying<Result>(
        _ edit: @escaping (UnsafeRawBufferPointer) -> [UInt8]?, during body: (GatheredStreamEditing) throws -> Result
    ) rethrows -> Result {
        let editing = GatheredStreamEditing(edit: edit)
        let previous = pthread_getspecific(key)
        pthread_setspecific(key, Unmanaged.passUnretained(editing).toOpaque())
        defer { pthread_setspecific(key, previous) }
        return try withExtendedLifetime(editing) { try body(editing) }
    }

    fileprivate static var current: GatheredStreamEditing? {
        pthread_getspecific(key).map { Unmanaged<GatheredStreamEditing>.fromOpaque($0).takeUnretainedValue() }
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        precondition(pthread_key_create(&key, nil) == 0, "no thread-specific key for stream editing")
        return key
    }()
}

extension DeflateCompressor {
    /// `bytes` in the zlib format, compressed by this thread's libdeflate compressor at level 1
    /// (made once a thread: making one clears its tables, about 40,000 instructions, which a
    /// batch would pay for each small object stream of each invoice); nil if none can be made.
    package static func zlibCompressedOnThisThread(_ bytes: UnsafeRawBufferPointer) -> [UInt8]? {
        guard let compressor = ThreadDeflation.current()?.compressor else { return nil }
        let bound = libdeflate_zlib_compress_bound(compressor, bytes.count)
        var output = [UInt8](repeating: 0, count: bound)
        let written = output.withUnsafeMutableBytes {
            libdeflate_zlib_compress(compressor, bytes.baseAddress, bytes.count, $0.baseAddress, bound)
        }
        guard written > 0 else { return nil }
        output.removeSubrange(written...)
        return output
    }
}
