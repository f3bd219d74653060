import CDeflate
import CZlib

/// Owns one libdeflate compressor. Not thread-safe: make one per encode. Used by the
/// deflate speedup and by the PNG encoder (its one compressor, not a switchable trick).
package final class DeflateCompressor {
    private let handle: OpaquePointer

    /// Level 2: on rendered pages as fast as level 1 and a little smaller, and
    /// about a third faster than zlib at its fastest level.
    package init?(level: Int32 = 2) {
        guard let handle = libdeflate_alloc_compressor(level) else { return nil }
        self.handle = handle
    }

    deinit { libdeflate_free_compressor(handle) }

    /// The most bytes `zlibCompress` can write for `count` input bytes.
    package func zlibBound(forInputCount count: Int) -> Int {
        libdeflate_zlib_compress_bound(handle, count)
    }

    /// Writes `input` in the zlib format into `output`; returns the byte count, or nil when it did not fit.
    package func zlibCompress(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) -> Int? {
        let written = libdeflate_zlib_compress(
            handle, input.baseAddress, input.count,
            output.baseAddress, output.count)
        return written == 0 ? nil : written
    }
}

package func crc32(_ bytes: UnsafeRawBufferPointer, continuing crc: UInt32 = 0) -> UInt32 {
    libdeflate_crc32(crc, bytes.baseAddress, bytes.count)
}

/// Owns one libdeflate decompressor: the tagged PDF reads back Cairo's content streams with it.
package final class DeflateDecompressor {
    private let handle: OpaquePointer

    package init?() {
        guard let handle = libdeflate_alloc_decompressor() else { return nil }
        self.handle = handle
    }

    deinit { libdeflate_free_decompressor(handle) }

    /// The bytes of a zlib stream; nil when it is not one, or inflates past `limit` bytes.
    package func zlibDecompress(_ input: [UInt8], limit: Int = 1 << 30) -> [UInt8]? {
        var capacity = max(4 * input.count, 4096)
        while capacity <= limit {
            var output = [UInt8](repeating: 0, count: capacity)
            var written = 0
            let result = input.withUnsafeBytes { source in
                output.withUnsafeMutableBytes { target in
                    libdeflate_zlib_decompress(
                        handle, source.baseAddress, source.count, target.baseAddress, target.count, &written)
                }
            }
            switch result {
            case LIBDEFLATE_SUCCESS:
                output.removeSubrange(written...)
                return output
            case LIBDEFLATE_INSUFFICIENT_SPACE: capacity *= 4
            default: return nil
            }
        }
        return nil
    }
}

/// zlib's deflate fed a piece at a time, for data too large to gather before compressing it (a
/// tagged PDF's cross-reference rows: seven bytes for each of a million objects). Not thread-safe.
package final class PiecewiseDeflate {
    private let stream: UnsafeMutablePointer<z_stream>
    private let buffer: UnsafeMutablePointer<UInt8>
    private static let bufferSize = 1 << 16
    /// The compressed bytes so far; complete once `finish` returned true.
    package private(set) var output: [UInt8] = []

    package init?(level: Int32 = 6) {
        guard let functions = Zlib.functions else { return nil }
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        buffer = .allocate(capacity: Self.bufferSize)
        guard
            functions.deflateInit2(
                stream, level, Z_DEFLATED, MAX_WBITS, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else {
            stream.deallocate()
            buffer.deallocate()
            return nil
        }
    }

    deinit {
        _ = Zlib.functions?.deflateEnd(stream)
        stream.deallocate()
        buffer.deallocate()
    }

    /// Compresses `bytes`; false when zlib failed.
    package func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
        run(bytes, flush: Z_NO_FLUSH)
    }

    /// Ends the stream; false when zlib failed.
    package func finish() -> Bool {
        run(UnsafeRawBufferPointer(start: nil, count: 0), flush: Z_FINISH)
    }

    private func run(_ bytes: UnsafeRawBufferPointer, flush: Int32) -> Bool {
        guard let functions = Zlib.functions else { return false }
        stream.pointee.next_in = UnsafeMutablePointer(mutating: bytes.baseAddress?.assumingMemoryBound(to: UInt8.self))
        stream.pointee.avail_in = UInt32(bytes.count)
        while true {
            stream.pointee.next_out = buffer
            stream.pointee.avail_out = UInt32(Self.bufferSize)
            let status = functions.deflate(stream, flush)
            let produced = Self.bufferSize - Int(stream.pointee.avail_out)
            output.append(contentsOf: UnsafeBufferPointer(start: buffer, count: produced))
            if status == Z_STREAM_END { return true }
            guard status == Z_OK || (status == Z_BUF_ERROR && (produced > 0 || flush != Z_FINISH))
            else { return false }
            // zlib stops when its output is full or its input is used up.
            if stream.pointee.avail_out != 0, stream.pointee.avail_in == 0, flush != Z_FINISH { return true }
        }
    }
}
