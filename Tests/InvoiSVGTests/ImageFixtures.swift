import Foundation
import InvoiDocument

/// Small image files for the image tests, made once with an ordinary image library.
enum ImageFixture {
    static let red = Color(rgb: 0xDC2626)
    static let blue = Color(rgb: 0x1E40AF)
    static let purple = Color(rgb: 0x7C3AED)

    /// A 16 × 8 PNG: the left half opaque red, the right half fully transparent.
    static let png = Data(
        base64Encoded:
            "iVBORw0KGgoAAAANSUhEUgAAABAAAAAICAYAAADwdn+XAAAAH0lEQVR42mO8o6b2nwEPULl1ixGfPBMDhWDUgMFgAADtkQQQXuF8MwAAAABJRU5ErkJggg=="
    )!

    /// A 16 × 16 JPEG, all blue (#1E40AF), quality 90.
    static let jpeg = Data(
        base64Encoded: """
            /9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAMCAgMCAgMDAwMEAwMEBQgFBQQEBQoHBwYIDAoMDAsKCwsNDhIQDQ4RDgsLEBYQERMUFRUVDA8XGBYUGBIUFRT/\
            2wBDAQMEBAUEBQkFBQkUDQsNFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBT/wAARCAAQABADASIAAhEBAxEB/8QAHwAA\
            AQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRol\
            JicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW\
            19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdh\
            cRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJma\
            oqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwD5aooor+oz86P/2Q==
            """)!

    static var pngImage: EmbeddedImage {
        let row: [UInt8] =
            Array(repeating: [0xDC, 0x26, 0x26, 0xFF], count: 8).flatMap { $0 } + Array(repeating: 0, count: 32)
        return .raster(
            RasterPixels(
                width: 16, height: 8, rgba: Array(repeating: row, count: 8).flatMap { $0 }, hasAlpha: true,
                encoded: png, encodedFormat: .png))
    }

    static var jpegImage: EmbeddedImage {
        .raster(
            RasterPixels(
                width: 16, height: 16, rgba: Array(repeating: [0x1E, 0x40, 0xAF, 0xFF], count: 256).flatMap { $0 },
                hasAlpha: false, encoded: jpeg, encodedFormat: .jpeg))
    }

    /// As the decoder leaves an SVG logo: root with a viewBox and the id `logo`, other ids prefixed `logo-`.
    /// The top half purple, the bottom half empty.
    static let vectorSource = """
        <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" id="logo">\
        <defs><rect id="logo-half" width="10" height="5"/></defs><use xlink:href="#logo-half" fill="#7C3AED"/></svg>
        """

    static func vector(_ source: String = vectorSource) -> EmbeddedImage {
        .vector(SanitizedSVG(source: source, size: Size(width: 10, height: 10)))
    }
}
