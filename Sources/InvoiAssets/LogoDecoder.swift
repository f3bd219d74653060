import Foundation
import InvoiDocument

#if canImport(Glibc)
    import Glibc
#endif

/// Reads a logo file and decodes it with the established libraries: libpng for PNG,
/// libjpeg-turbo for JPEG; an SVG is sanitised (`SVGSanitizer`), and a backend draws or
/// inlines only the sanitised source. Sizes are bounded so that a hostile file cannot
/// exhaust memory or time: the file's size before it is read, a raster image's pixels
/// from its header before it is decompressed (an SVG's embedded images too), and an
/// SVG's drawing cost (`SVGCost`) before any renderer sees it.
public struct LogoDecoder: Sendable {
    /// Files above this many bytes are refused before they are read: 16 MiB, far above
    /// any logo (a print-quality 2000 × 600 PNG is well under 1 MiB).
    public var largestFile: Int
    /// Raster images above this many pixels are refused before they are decompressed:
    /// 40 megapixels, 160 MB decoded.
    public var largestPixelCount: Int
    /// Or above this many pixels a side.
    public var largestSide: Int

    public init(largestFile: Int = 16 << 20, largestPixelCount: Int = 40_000_000, largestSide: Int = 16_384) {
        self.largestFile = largestFile
        self.largestPixelCount = largestPixelCount
        self.largestSide = largestSide
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
        case .png:
            return .raster(
                try PNGImageDecoder(largestPixelCount: largestPixelCount, largestSide: largestSide).decode(data))
        case .jpeg:
            return .raster(
                try JPEGImageDecoder(largestPixelCount: largestPixelCount, largestSide: largestSide).decode(data))
        case .svg:
            return .vector(
                try SVGSanitizer(largestEmbeddedPixelCount: largestPixelCount, largestSide: largestSide).sanitize(data))
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
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .unreadable(path: path, reason: "it is a directory")
        case S_IFIFO: throw .unreadable(path: path, reason: "not a regular file: it is a named pipe (FIFO)")
        case S_IFCHR, S_IFBLK: throw .unreadable(path: path, reason: "not a regular file: it is a device")
        default: throw .unreadable(path: path, reason: "not a regular file")
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
    /// The limit a readable image is over, if that is what is wrong with it.
    package var exceededLimit: PixelLimit?

    package enum PixelLimit: Sendable {
        case side, pixelCount
    }

    package init(_ reason: String) { self.reason = reason }

    /// Throws unless an image of `width` × `height` pixels (read from its header) is
    /// within the limits, before anything is allocated for it.
    static func checkSize(
        _ width: Int, _ height: Int, of format: String, largestPixelCount: Int, largestSide: Int
    ) throws(ImageDecodingFailure) {
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        var failure: ImageDecodingFailure
        if width > largestSide || height > largestSide {
            failure = ImageDecodingFailure(
                "the \(format) is \(width) × \(height) pixels; a logo may have at most \(largestSide) pixels a side")
            failure.exceededLimit = .side
        } else if overflow || pixels > largestPixelCount {
            failure = ImageDecodingFailure(
                "the \(format) is \(width) × \(height) pixels; a logo may have at most "
                    + "\(largestPixelCount / 1_000_000) megapixels")
            failure.exceededLimit = .pixelCount
        } else {
            return
        }
        throw failure
    }
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
