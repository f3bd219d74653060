import CDeflate

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
