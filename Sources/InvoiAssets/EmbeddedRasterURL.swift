import Foundation
import InvoiDocument

/// An `<image>`'s `data:` URL holding a PNG or JPEG, the only images a logo may embed.
/// It is decoded with invoi's own decoders (so a broken one is known before any renderer
/// sees it) within the logo's pixel limit, and written again from the decoded bytes, so
/// that nothing but base64 follows the media type.
struct EmbeddedRasterURL {
    /// The URL as written out.
    var text: String
    var pixelCount: Int

    /// The image in `value`; nil when it is no `data:` URL of a PNG or JPEG that decodes
    /// (it is left out, as a browser would draw nothing). Throws when the image is larger
    /// than `largestPixelCount` allows.
    init?(_ value: String, largestPixelCount: Int, largestSide: Int) throws(ImageDecodingFailure) {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        guard let comma = trimmed.firstIndex(of: ",") else { return nil }
        let header = trimmed[..<comma].lowercased()
        let format: ImageFormat
        switch header {
        case "data:image/png;base64": format = .png
        case "data:image/jpeg;base64", "data:image/jpg;base64": format = .jpeg
        default: return nil
        }
        let body = trimmed[trimmed.index(after: comma)...].filter { !$0.isWhitespace }
        guard let data = Data(base64Encoded: String(body)), ImageFormat(sniffing: data) == format else { return nil }
        let pixels: RasterPixels
        do throws(ImageDecodingFailure) {
            pixels =
                switch format {
                case .png:
                    try PNGImageDecoder(largestPixelCount: largestPixelCount, largestSide: largestSide).decode(data)
                default:
                    try JPEGImageDecoder(largestPixelCount: largestPixelCount, largestSide: largestSide).decode(data)
                }
        } catch {
            guard error.exceededLimit != nil else { return nil }
            var failure = ImageDecodingFailure("an image embedded in the SVG: \(error.reason)")
            failure.exceededLimit = error.exceededLimit
            throw failure
        }
        text = "data:\(format == .png ? "image/png" : "image/jpeg");base64," + data.base64EncodedString()
        pixelCount = pixels.width * pixels.height
    }
}
