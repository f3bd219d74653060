import CCairo
import Foundation
import InvoiDocument
import InvoiImageTestSupport
import Testing

@testable import InvoiAssets

/// Logos were decoded by Cairo's PNG reader before InvoiAssets read them with libpng; the
/// goldens hold pages drawn with those pixels, so both must give the same bytes, the
/// rounding of translucent colours included.
@Suite struct PNGDecodingParityTests {
    /// Straight RGBA as Cairo's reader and the old decoder gave it: premultiplied by Cairo,
    /// divided out again with rounding.
    private func cairoRGBA(_ png: Data) throws -> [UInt8] {
        final class Reader {
            var bytes: [UInt8]
            var offset = 0
            init(_ bytes: [UInt8]) { self.bytes = bytes }
        }
        let reader = Reader(Array(png))
        let created = cairo_image_surface_create_from_png_stream(
            { closure, buffer, length in
                let reader = Unmanaged<Reader>.fromOpaque(closure!).takeUnretainedValue()
                guard let buffer, reader.bytes.count - reader.offset >= Int(length) else {
                    return CAIRO_STATUS_READ_ERROR
                }
                for i in 0..<Int(length) { buffer[i] = reader.bytes[reader.offset + i] }
                reader.offset += Int(length)
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(reader).toOpaque())
        let surface = try #require(created)
        defer { cairo_surface_destroy(surface) }
        #expect(cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS)
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let opaque = cairo_image_surface_get_format(surface) == CAIRO_FORMAT_RGB24
        let base = try #require(cairo_image_surface_get_data(surface))
        var rgba: [UInt8] = []
        for y in 0..<height {
            let row = UnsafeRawPointer(base + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let pixel = row[x]
                let alpha = opaque ? 255 : Int(pixel >> 24)
                var channels = [Int((pixel >> 16) & 0xFF), Int((pixel >> 8) & 0xFF), Int(pixel & 0xFF)]
                if alpha == 0 {
                    channels = [0, 0, 0]
                } else if alpha < 255 {
                    channels = channels.map { min(255, ($0 * 255 + alpha / 2) / alpha) }
                }
                rgba += channels.map(UInt8.init) + [UInt8(alpha)]
            }
        }
        return rgba
    }

    private func decoded(_ png: Data) throws -> RasterPixels {
        guard case .raster(let pixels) = try LogoDecoder().decode(png, format: .png) else { throw DecodingError() }
        return pixels
    }

    private struct DecodingError: Error {}

    @Test func everyAlphaAndChannelValueDecodesAsCairoDid() throws {
        let png = TestImages.rgbaPNG(width: 256, height: 256) { x, y in
            [UInt8(x), UInt8(255 - x), UInt8(x * 7 & 0xFF), UInt8(y)]
        }
        let pixels = try decoded(png)
        #expect(pixels.rgba == (try cairoRGBA(png)))
        #expect(pixels.hasAlpha)
    }

    @Test func greyAlphaPaletteAndOpaqueImagesDecodeAsCairoDid() throws {
        let greyAlpha = TestImages.png(
            width: 256, height: 2, type: .greyAlpha,
            samples: (0..<512).flatMap { [UInt8($0 & 0xFF), UInt8(($0 * 3) & 0xFF)] })
        let palette = TestImages.png(
            width: 3, height: 1, type: .palette, samples: [0, 1, 2],
            palette: [(255, 0, 0), (0, 128, 255), (9, 9, 9)], transparency: [255, 77])
        let opaque = TestImages.png(width: 2, height: 2, type: .rgb, samples: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
        let grey = TestImages.png(width: 2, height: 1, type: .grey, samples: [0, 200])
        for png in [greyAlpha, palette, opaque, grey] {
            #expect(try decoded(png).rgba == (try cairoRGBA(png)))
        }
        #expect(try decoded(opaque).hasAlpha == false)
    }
}
