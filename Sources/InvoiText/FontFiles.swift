import CHarfBuzz
import Synchronization

/// A font file's bytes, read once (HarfBuzz maps the file) and shared by all that read the
/// font: HarfBuzz shapes and draws outlines from it, and the Cairo backend makes its
/// FreeType faces over the same memory. Immutable, so any thread may read it.
public final class FontFile: @unchecked Sendable {
    public let path: String
    /// The whole file; valid while this object lives.
    public let bytes: UnsafeRawBufferPointer
    /// An immutable hb_blob_t holding the file.
    let blob: OpaquePointer

    /// nil when the file cannot be read or is empty.
    fileprivate init?(path: String) {
        guard let blob = hb_blob_create_from_file_or_fail(path) else { return nil }
        hb_blob_make_immutable(blob)
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0 else {
            hb_blob_destroy(blob)
            return nil
        }
        self.path = path
        self.blob = blob
        bytes = UnsafeRawBufferPointer(start: data, count: Int(length))
    }

    deinit { hb_blob_destroy(blob) }
}

/// The font files of a process, each read once: the one place invoi opens a font file.
/// The shaper owns one and hands it to the drawing backends.
public final class FontFiles: Sendable {
    private let files = Mutex<[String: FontFile]>([:])

    public init() {}

    /// The file at `path`, read on first use; nil when it cannot be read (not remembered,
    /// so a file that appears later is read then).
    public func file(at path: String) -> FontFile? {
        files.withLock { files in
            if let file = files[path] { return file }
            guard let file = FontFile(path: path) else { return nil }
            files[path] = file
            return file
        }
    }
}
