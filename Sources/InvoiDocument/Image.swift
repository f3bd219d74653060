import Foundation

/// The file formats an image may come from.
public enum ImageFormat: String, Hashable, Sendable, CaseIterable {
    case png, jpeg, svg
}

/// Decoded pixels: 8-bit RGBA rows, top row first, straight (not premultiplied) alpha,
/// plus the file as it was read so that a backend can embed it unchanged (a JPEG stays JPEG).
public struct RasterPixels: Hashable, Sendable {
    public var width: Int
    public var height: Int
    /// `width × height × 4` bytes: R, G, B, A.
    public var rgba: [UInt8]
    /// False when every pixel is opaque (a JPEG always; a PNG without transparency).
    public var hasAlpha: Bool
    /// The original file's bytes, and which format they are in (`png` or `jpeg`).
    public var encoded: Data
    public var encodedFormat: ImageFormat

    public init(width: Int, height: Int, rgba: [UInt8], hasAlpha: Bool, encoded: Data, encodedFormat: ImageFormat) {
        self.width = width
        self.height = height
        self.rgba = rgba
        self.hasAlpha = hasAlpha
        self.encoded = encoded
        self.encodedFormat = encodedFormat
    }
}

/// An SVG image kept as vector source, made safe by InvoiAssets' sanitiser, so that a
/// backend can draw it (the Cairo backends hand it to librsvg) or inline it into a page
/// (the SVG backend) as it is.
public struct SanitizedSVG: Hashable, Sendable {
    /// A standalone SVG document with this contract:
    /// - it is one `<svg …>` element: no XML declaration, DOCTYPE, comment or processing
    ///   instruction before, inside or after it; well-formed XML, every text and attribute
    ///   value escaped;
    /// - the root declares `xmlns` (SVG) and `xmlns:xlink`, has a `viewBox` (made from the
    ///   file's width and height when it had none), the id `logo`, and no `width`, `height`,
    ///   `x` or `y`: the embedding page sets those; it may keep `preserveAspectRatio`;
    /// - only SVG elements: no `<script>`, `<foreignObject>`, animation, XInclude or other
    ///   namespace; no `on…` event attribute;
    /// - every `href` / `xlink:href` is a same-document `#fragment`; every `url(…)` in an
    ///   attribute or in CSS is `url(#…)` (others became `none`); no `@import`;
    /// - every other `id` starts with `logo-`, and every reference (`#id` in href, `url(#id)`,
    ///   `#id` selectors in `<style>`) names `logo` or a `logo-` id, so none can collide with
    ///   the page's ids;
    /// - every `<style>` rule is scoped to the root: each selector starts at `#logo` (as
    ///   `#logo …`, or with `#logo` in its first compound and no sibling combinator after
    ///   it), inside `@media` / `@supports` blocks too, and no other at-rule is left; so
    ///   nested in a page, the logo's stylesheet can select only the logo's own elements.
    public var source: String
    /// The picture's own size (its `width`/`height`, else its viewBox) in CSS px.
    public var size: Size

    public init(source: String, size: Size) {
        self.source = source
        self.size = size
    }
}

/// An image decoded once, before layout, and carried by the display list.
public enum EmbeddedImage: Hashable, Sendable {
    case raster(RasterPixels)
    case vector(SanitizedSVG)

    /// The natural size whose aspect ratio the layout keeps (pixels or CSS px).
    public var intrinsicSize: Size {
        switch self {
        case .raster(let pixels): Size(width: Double(pixels.width), height: Double(pixels.height))
        case .vector(let graphic): graphic.size
        }
    }

    public var format: ImageFormat {
        switch self {
        case .raster(let pixels): pixels.encodedFormat
        case .vector: .svg
        }
    }

    /// A stable 64-bit FNV-1a digest of the source bytes, so that goldens pin which image is drawn.
    public var digest: String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix<S: Sequence>(_ bytes: S) where S.Element == UInt8 {
            for byte in bytes {
                hash ^= UInt64(byte)
                hash = hash &* 0x100_0000_01b3
            }
        }
        switch self {
        case .raster(let pixels): mix(pixels.encoded)
        case .vector(let graphic): mix(graphic.source.utf8)
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
