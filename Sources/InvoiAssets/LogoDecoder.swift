import Foundation
import InvoiDocument

#if canImport(Glibc)
    import Glibc
#endif

/// Reads a logo file and decodes it with the established libraries: libpng for PNG,
/// libjpeg-turbo for JPEG; an SVG is sanitised (`SVGSanitizer`), and a backend draws or
/// inlines only the sanitised source. Sizes are bounded so that a hostile file cannot
/// exhaust memory (a decompression bomb).
public struct LogoDecoder: Sendable {
    /// Files above this many bytes are refused before they are read.
    public var largestFile: Int
    /// Raster images above this many pixels are refused before they are decompressed.
    public var largestPixelCount: Int

    public init(largestFile: Int = 16 << 20, largestPixelCount: Int = 40_000_000) {
        self.largestFile = largestFile
        self.largestPixelCount = largestPixelCount
    }

    /// The image in the file at `path`, decoded as `format` (which the path's extension named).
    public func decode(contentsOf path: String, format: ImageFormat) throws(LogoError) -> EmbeddedImage {
        let data = try read(path)
        guard !data.isEmpty else {
            throw .undecodable(path: path, reason: "the file is empty, not a \(format.displayName) image")
        }
        do throws(ImageDecodingFailure) {
            return try decode(data, format: format)
        } catch {
            throw .undecodable(path: path, reason: error.reason)
        }
    }

    /// The image in `data`, decoded as `format`.
    package func decode(_ data: Data, format: ImageFormat) throws(ImageDecodingFailure) -> EmbeddedImage {
        if let actual = ImageFormat(sniffing: data), actual != format {
            throw ImageDecodingFailure(
                "the file is a \(actual.displayName) image, but its name says \(format.displayName): "
                    + "rename it to end in .\(actual.preferredExtension)")
        }
        switch format {
        case .png: return .raster(try PNGImageDecoder(largestPixelCount: largestPixelCount).decode(data))
        case .jpeg: return .raster(try JPEGImageDecoder(largestPixelCount: largestPixelCount).decode(data))
        case .svg: return .vector(try SVGSanitizer().sanitize(data))
        }
    }

    /// The file's bytes, with the operating system's reason when it cannot be read. Only a
    /// regular file is read: opening does not wait for a writer (O_NONBLOCK, which does not
    /// change how a regular file reads), so a FIFO or device is refused, not waited on.
    private func read(_ path: String) throws(LogoError) -> Data {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw .unreadable(
                path: path, reason: (info.st_mode & S_IFMT) == S_IFDIR ? "it is a directory" : "not a regular file")
        }
        guard Int(info.st_size) <= largestFile else {
            throw .undecodable(
                path: path, reason: "the file has \(info.st_size) bytes; a logo may have at most \(largestFile)")
        }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes {
                Glibc.read(descriptor, $0.baseAddress! + filled, $0.count - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(path: path, reason: String(cString: strerror(errno)))
            }
            if count == 0 { break }  // the file shrank while being read
            filled += count
        }
        return Data(bytes[0..<filled])
    }
}

/// What was wrong with an image's bytes (the decoder adds the path).
package struct ImageDecodingFailure: Error {
    package var reason: String
    package init(_ reason: String) { self.reason = reason }
}

extension ImageFormat {
    /// The format the bytes' signature shows; nil when none is recognised (SVG has
    /// no signature: text that is not PNG or JPEG is left to the SVG parser).
    init?(sniffing data: Data) {
        let head = [UInt8](data.prefix(8))
        if head == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] {
            self = .png
        } else if head.count >= 3, head[0] == 0xFF, head[1] == 0xD8, head[2] == 0xFF {
            self = .jpeg
        } else {
            return nil
        }
    }

    var displayName: String {
        switch self {
        case .png: "PNG"
        case .jpeg: "JPEG"
        case .svg: "SVG"
        }
    }

    var preferredExtension: String {
        switch self {
        case .png: "png"
        case .jpeg: "jpg"
        case .svg: "svg"
        }
    }
}
