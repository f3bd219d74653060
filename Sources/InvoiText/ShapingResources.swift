import CHarfBuzz
import Synchronization

/// What every shaping call needs besides fonts: reusable HarfBuzz buffers and the
/// fixed language tag. Shared by all threads; buffers are handed out one per call.
final class ShapingResources: @unchecked Sendable {
    /// "und": the default OpenType language system, whatever the process locale is.
    let language: hb_language_t
    let unicode: OpaquePointer
    private let pool = Mutex<[ShapingBuffer]>([])
    private static let pooledBuffers = 8

    init() {
        language = hb_language_from_string("und", -1)
        unicode = hb_unicode_funcs_get_default()
    }

    /// Runs `body` with a buffer no other thread is using.
    func withBuffer<R>(_ body: (ShapingBuffer?) -> R) -> R {
        let buffer = pool.withLock { $0.popLast() } ?? ShapingBuffer()
        defer {
            if let buffer {
                hb_buffer_clear_contents(buffer.buffer)
                pool.withLock { if $0.count < Self.pooledBuffers { $0.append(buffer) } }
            }
        }
        return body(buffer)
    }

    func script(of scalar: Unicode.Scalar) -> hb_script_t {
        hb_unicode_script(unicode, scalar.value)
    }
}
