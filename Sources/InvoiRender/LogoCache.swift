import InvoiCairo
import InvoiDocument
import Synchronization

/// Decoded logos by resolved path, so that a batch whose invoices share a logo decodes it
/// once. A failure is remembered too: every invoice naming a broken file reports it
/// without reading it again.
final class LogoCache: Sendable {
    private let decoder: LogoDecoder
    private let entries = Mutex([Key: Result<EmbeddedImage, LogoError>]())

    private struct Key: Hashable {
        var path: String
        var format: ImageFormat
    }

    init(decoder: LogoDecoder = LogoDecoder()) {
        self.decoder = decoder
    }

    func image(at path: String, format: ImageFormat) throws(LogoError) -> EmbeddedImage {
        let key = Key(path: path, format: format)
        if let known = entries.withLock({ $0[key] }) { return try known.get() }
        // Decoded outside the lock: two threads may both decode a new logo once, but
        // no render waits for another's logo.
        let result: Result<EmbeddedImage, LogoError>
        do throws(LogoError) {
            result = .success(try decoder.decode(contentsOf: path, format: format))
        } catch {
            result = .failure(error)
        }
        entries.withLock { $0[key] = result }
        return try result.get()
    }
}
