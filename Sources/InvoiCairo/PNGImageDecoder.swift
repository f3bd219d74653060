import CCairo
import Foundation
import InvoiDocument

/// Decodes a PNG with Cairo (every colour type, palette and transparency included) into
/// straight-alpha RGBA, keeping the file's bytes for the PDF.
struct PNGImageDecoder {
    var largestPixelCount: Int

    func decode(_ data: Data) throws(ImageDecodingFailure) -> RasterPixels {
        let (width, height) = try Self.headerSize(data)
        guard width.multipliedReportingOverflow(by: height).partialValue <= largestPixelCount,
              width <= 32_767, height <= 32_767 else {
            throw ImageDecodingFailure("the PNG is \(width) × \(height) pixels; a logo may have at most "
                                       + "\(largestPixelCount / 1_000_000) megapixels")
        }
        let surface = CairoSurface(readingPNG: data)
        let status = cairo_surface_status(surface.handle)
        guard status == CAIRO_STATUS_SUCCESS else {
            let reason = status == CAIRO_STATUS_READ_ERROR ? "it is truncated or corrupt"
                : cairo_status_to_string(status).map { String(cString: $0) } ?? "status \(status.rawValue)"
            throw ImageDecodingFailure("not a readable PNG (\(reason))")
        }
        cairo_surface_flush(surface.handle)
        let format = cairo_image_surface_get_format(surface.handle)
        guard format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24,
              Int(cairo_image_surface_get_width(surface.handle)) == width,
              Int(cairo_image_surface_get_height(surface.handle)) == height,
              let base = cairo_image_surface_get_data(surface.handle)
        else { throw ImageDecodingFailure("the PNG decoded to an unexpected pixel format") }
        let stride = Int(cairo_image_surface_get_stride(surface.handle))
        let (rgba, hasAlpha) = Self.straightRGBA(base, width: width, height: height, stride: stride,
                                                 opaque: format == CAIRO_FORMAT_RGB24)
        return RasterPixels(width: width, height: height, rgba: rgba, hasAlpha: hasAlpha, encoded: data,
                            encodedFormat: .png)
    }

    /// Width and height from IHDR, read before Cairo allocates anything.
    static func headerSize(_ data: Data) throws(ImageDecodingFailure) -> (Int, Int) {
        let bytes = [UInt8](data.prefix(24))
        guard bytes.count == 24, ImageFormat(sniffing: data) == .png, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
            throw ImageDecodingFailure("not a PNG (it does not start with a PNG signature and header)")
        }
        func word(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        let width = word(16), height = word(20)
        guard width > 0, height > 0 else { throw ImageDecodingFailure("the PNG is \(width) × \(height) pixels") }
        return (width, height)
    }

    /// Cairo's premultiplied native-endian ARGB words as straight R, G, B, A bytes; whether any pixel is not opaque.
    static func straightRGBA(_ base: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int,
                             opaque: Bool) -> ([UInt8], Bool) {
        var translucent = false
        let rgba = [UInt8](unsafeUninitializedCapacity: width * height * 4) { out, count in
            for y in 0..<height {
                let row = UnsafeRawPointer(base + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width {
                    let pixel = row[x]
                    let alpha = opaque ? 255 : Int(pixel >> 24)
                    var red = Int((pixel >> 16) & 0xFF), green = Int((pixel >> 8) & 0xFF), blue = Int(pixel & 0xFF)
                    if alpha == 0 {
                        (red, green, blue) = (0, 0, 0)
                    } else if alpha < 255 {
                        red = min(255, (red * 255 + alpha / 2) / alpha)
                        green = min(255, (green * 255 + alpha / 2) / alpha)
                        blue = min(255, (blue * 255 + alpha / 2) / alpha)
                    }
                    if alpha < 255 { translucent = true }
                    let i = (y * width + x) * 4
                    out[i] = UInt8(red)
                    out[i + 1] = UInt8(green)
                    out[i + 2] = UInt8(blue)
                    out[i + 3] = UInt8(alpha)
                }
            }
            count = width * height * 4
        }
        return (rgba, translucent)
    }
}
