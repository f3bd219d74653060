import CCairo
import Foundation

/// A decoded 8-bit image, for comparing rendered pages with goldens.
public struct RasterImage: Hashable, Sendable {
    public let width: Int
    public let height: Int
    /// Row by row, four bytes a pixel: red, green, blue, alpha (not premultiplied).
    /// Greyscale images are expanded (red = green = blue).
    public let rgba: [UInt8]

    public struct Pixel: Hashable, Sendable {
        public var red, green, blue, alpha: UInt8

        public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
            (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
        }
    }

    /// Nil unless `rgba` holds exactly `width × height` pixels.
    public init?(width: Int, height: Int, rgba: [UInt8]) {
        guard width > 0, height > 0, width.multipliedReportingOverflow(by: height).overflow == false,
              rgba.count == width * height * 4
        else { return nil }
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// Decodes any PNG (all colour types and depths; 16-bit channels are reduced to 8).
    public init(pngData: Data) throws {
        let surface = CairoSurface(readingPNG: pngData)
        do {
            try surface.checkStatus("reading a PNG")
        } catch {
            throw RasterImageError("not a readable PNG (\(error))")
        }
        cairo_surface_flush(surface.handle)
        let format = cairo_image_surface_get_format(surface.handle)
        let width = Int(cairo_image_surface_get_width(surface.handle))
        let height = Int(cairo_image_surface_get_height(surface.handle))
        let stride = Int(cairo_image_surface_get_stride(surface.handle))
        guard format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24,
              width > 0, height > 0, let data = cairo_image_surface_get_data(surface.handle)
        else { throw RasterImageError("the PNG decoded to an unexpected pixel format") }

        let (rgba, _) = PNGImageDecoder.straightRGBA(data, width: width, height: height, stride: stride,
                                                     opaque: format == CAIRO_FORMAT_RGB24)
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// The pixel at column `x`, row `y` (from the top left); nil outside the image.
    public func pixel(x: Int, y: Int) -> Pixel? {
        guard (0..<width).contains(x), (0..<height).contains(y) else { return nil }
        let i = (y * width + x) * 4
        return Pixel(red: rgba[i], green: rgba[i + 1], blue: rgba[i + 2], alpha: rgba[i + 3])
    }
}

public struct RasterImageError: Error, CustomStringConvertible, Sendable {
    public var description: String
    init(_ description: String) { self.description = description }
}

/// Hands a PNG's bytes to Cairo's stream reader.
extension CairoSurface {
    /// An image surface decoded by Cairo's PNG reader from bytes in memory; check its status.
    convenience init(readingPNG data: Data) {
        let reader = ByteReader(data)
        self.init(
            cairo_image_surface_create_from_png_stream(
                { closure, buffer, length in
                    guard let closure, let buffer else { return CAIRO_STATUS_READ_ERROR }
                    let reader = Unmanaged<ByteReader>.fromOpaque(closure).takeUnretainedValue()
                    return reader.read(into: buffer, count: Int(length)) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_READ_ERROR
                },
                Unmanaged.passUnretained(reader).toOpaque()),
            dependency: reader)
    }
}

final class ByteReader {
    private let data: Data
    private var offset: Int

    init(_ data: Data) {
        self.data = data
        offset = data.startIndex
    }

    func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int) -> Bool {
        guard count >= 0, data.endIndex - offset >= count else { return false }
        data.copyBytes(to: buffer, from: offset..<(offset + count))
        offset += count
        return true
    }
}
