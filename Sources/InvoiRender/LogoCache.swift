import Foundation
import InvoiAssets
import InvoiDocument
import Synchronization

/// Decoded logos by resolved path, so that a batch whose invoices share a logo decodes it
/// once. An entry holds only while the file is unchanged (same inode, size and modification
/// time), so that `preview --watch` sees a logo that is fixed or replaced; a file that cannot
/// be read is not remembered.
final class LogoCache: Sendable {
    /// Logos kept at once: a batch has a handful of brands, and a decoded logo may be large
    /// (up to 40 megapixels), so the cache starts afresh rather than grow past this.
    static let capacity = 8

    private let decoder: LogoDecoder
    private let entries = Mutex([Key: Result<EmbeddedImage, LogoError>]())

    private struct Key: Hashable {
        var path: String
        var format: ImageFormat
        var version: FileStamp
    }

    init(decoder: LogoDecoder = LogoDecoder()) {
        self.decoder = decoder
    }

    var count: Int { entries.withLock { $0.count } }

    func image(at path: String, format: ImageFormat) throws(LogoError) -> EmbeddedImage {
        guard let version = FileStamp(path: path) else {
            // Missing or unreachable: the decoder reports why.
            return try decoder.decode(contentsOf: path, format: format)
        }
        let key = Key(path: path, format: format, version: version)
        if let known = entries.withLock({ $0[key] }) { return try known.get() }
        // Decoded outside the lock: two threads may both decode a new logo, but no
        // render waits for another's logo.
        let result: Result<EmbeddedImage, LogoError>
        do throws(LogoError) {
            let image = try decoder.decode(contentsOf: path, format: format)
            if case .vector(let svg) = image {
                do throws(ImageDecodingFailure) {
                    try BackendTable.checkDrawable(svg)
                } catch {
                    throw .undecodable(path: path, reason: error.reason)
                }
            }
            result = .success(image)
        } catch {
            result = .failure(error)
        }
        if case .failure(.unreadable) = result {
        } else {
            entries.withLock { entries in
                entries = entries.filter { $0.key.path != path }  // an older version of the file
                if entries.count >= Self.capacity { entries.removeAll() }
                entries[key] = result
            }
        }
        return try result.get()
    }
}
