import Foundation
import InvoiAssets
import InvoiDocument

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

    /// Decodes any PNG (all colour types and depths; 16-bit channels are reduced to 8)
    /// with the logo decoder's PNG reader.
    public init(pngData: Data) throws {
        let pixels: RasterPixels
        do throws(ImageDecodingFailure) {
            pixels = try PNGImageDecoder(largestPixelCount: 100_000_000).decode(pngData)
        } catch {
            throw RasterImageError(error.reason)
        }
        width = pixels.width
        height = pixels.height
        rgba = pixels.rgba
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
