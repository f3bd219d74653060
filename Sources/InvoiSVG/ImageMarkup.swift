import Foundation
import InvoiDocument

/// Writes an image op: a raster as `<image>` with its original file in a `data:` URI
/// (a JPEG stays JPEG), a vector picture nested as an `<svg>` element so it stays
/// vector. Its alt text labels a group with `role="img"` (`aria-label` and a `<title>`),
/// which names the picture for assistive technology as one image, without adding it to
/// the selectable text.
enum ImageMarkup {
    static func append(_ op: ImageOp, to out: inout SVGWriter) {
        let rect = op.rect
        guard [rect.x, rect.y, rect.width, rect.height].allSatisfy(\.isFinite),
            rect.width > 0, rect.height > 0
        else { return }
        switch op.image {
        case .raster(let pixels):
            guard let mediaType = mediaType(of: pixels) else { return }
            openTitled(op.altText, to: &out)
            out.append("<image")
            appendPlacement(rect, to: &out)
            out.append(" preserveAspectRatio=\"none\" xlink:href=\"data:")
            out.append(mediaType)
            out.append(";base64,")
            out.append(Array(pixels.encoded.base64EncodedData()))
            out.append("\"/>\n")
        case .vector(let graphic):
            guard let inline = InlineSVG(graphic.source) else { return }
            openTitled(op.altText, to: &out)
            out.append("<svg")
            appendPlacement(rect, to: &out)
            if !inline.hasPreserveAspectRatio { out.append(" preserveAspectRatio=\"xMidYMid meet\"") }
            out.append(Array(inline.rest))
            out.append("\n")
        }
        if !op.altText.isEmpty { out.append("</g>\n") }
    }

    /// The MIME type of the original file, nil when its bytes are not what the format says
    /// (a `data:` URI must not claim one format and carry another).
    static func mediaType(of pixels: RasterPixels) -> StaticString? {
        switch pixels.encodedFormat {
        case .png: pixels.encoded.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) ? "image/png" : nil
        case .jpeg: pixels.encoded.starts(with: [0xFF, 0xD8, 0xFF]) ? "image/jpeg" : nil
        case .svg: nil
        }
    }

    /// Opens the `role="img"` group that names what follows; nothing when there is no text
    /// (the caller closes the group only when it opened one).
    static func openTitled(_ altText: String, to out: inout SVGWriter) {
        guard !altText.isEmpty else { return }
        out.append("<g role=\"img\" aria-label=\"")
        out.appendEscaped(altText)
        out.append("\"><title>")
        out.appendEscaped(altText)
        out.append("</title>\n")
    }

    private static func appendPlacement(_ rect: Rect, to out: inout SVGWriter) {
        out.append(" x=\"")
        out.appendNumber(rect.x)
        out.append("\" y=\"")
        out.appendNumber(rect.y)
        out.append("\" width=\"")
        out.appendNumber(rect.width)
        out.append("\" height=\"")
        out.appendNumber(rect.height)
        out.append("\"")
    }
}
