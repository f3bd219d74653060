import Foundation
import InvoiDocument
import InvoiImageTestSupport
import InvoiTestSupport
import Testing

@testable import InvoiAssets

@Suite struct LogoDecoderTests {
    let decoder = LogoDecoder()

    private func raster(_ data: Data, _ format: ImageFormat, name: String? = nil) throws -> RasterPixels {
        let image = try TestImages.withFile(data, name: name ?? "logo.\(format.preferredExtension)") {
            try decoder.decode(contentsOf: $0, format: format)
        }
        guard case .raster(let pixels) = image else { throw TestError("expected pixels, got \(image)") }
        return pixels
    }

    private func pixel(_ image: RasterPixels, _ x: Int, _ y: Int) -> [Int] {
        let i = (y * image.width + x) * 4
        return image.rgba[i..<(i + 4)].map(Int.init)
    }

    private func close(_ a: [Int], _ b: [Int], within tolerance: Int) -> Bool {
        zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
    }

    // MARK: PNG

    @Test func pngWithTransparencyKeepsStraightAlpha() throws {
        let columns: [[UInt8]] = [[255, 0, 0, 255], [0, 128, 255, 128], [10, 20, 30, 0]]
        let file = TestImages.rgbaPNG(width: 3, height: 2) { x, _ in columns[x] }
        let image = try raster(file, .png)
        #expect(image.width == 3 && image.height == 2)
        #expect(image.hasAlpha)
        #expect(image.encoded == file)
        #expect(image.encodedFormat == .png)
        #expect(pixel(image, 0, 1) == [255, 0, 0, 255])
        // Cairo premultiplies; undoing it may be off by one.
        #expect(close(pixel(image, 1, 0), [0, 128, 255, 128], within: 1))
        #expect(pixel(image, 2, 1)[3] == 0)
    }

    @Test func opaquePNGHasNoAlpha() throws {
        let file = TestImages.png(width: 2, height: 1, type: .rgb, samples: [1, 2, 3, 200, 100, 50])
        let image = try raster(file, .png)
        #expect(!image.hasAlpha)
        #expect(pixel(image, 0, 0) == [1, 2, 3, 255])
        #expect(pixel(image, 1, 0) == [200, 100, 50, 255])
    }

    @Test func palettePNGWithTransparentEntry() throws {
        let file = TestImages.png(
            width: 2, height: 2, type: .palette, samples: [0, 1, 1, 0],
            palette: [(0x3B, 0x82, 0xF6), (0xFF, 0xFF, 0x00)], transparency: [255, 0])
        let image = try raster(file, .png)
        #expect(image.hasAlpha)
        #expect(pixel(image, 0, 0) == [0x3B, 0x82, 0xF6, 255])
        #expect(pixel(image, 1, 0)[3] == 0)
        #expect(pixel(image, 1, 1) == [0x3B, 0x82, 0xF6, 255])
    }

    @Test func greyPNGs() throws {
        let grey = try raster(TestImages.png(width: 2, height: 1, type: .grey, samples: [0, 77]), .png)
        #expect(!grey.hasAlpha)
        #expect(pixel(grey, 1, 0) == [77, 77, 77, 255])
        let greyAlpha = try raster(TestImages.png(width: 1, height: 1, type: .greyAlpha, samples: [200, 51]), .png)
        #expect(greyAlpha.hasAlpha)
        #expect(close(pixel(greyAlpha, 0, 0), [200, 200, 200, 51], within: 2))
    }

    // MARK: JPEG

    @Test func colourJPEG() throws {
        // Left half red, right half blue, in 8×8 blocks so that the DCT keeps them clean.
        let file = try TestImages.jpeg(width: 16, height: 8, channels: 3) { x, _ in
            x < 8 ? [230, 20, 20] : [20, 40, 220]
        }
        let image = try raster(file, .jpeg)
        #expect(image.width == 16 && image.height == 8)
        #expect(!image.hasAlpha)
        #expect(image.encoded == file)
        #expect(image.encodedFormat == .jpeg)
        #expect(close(pixel(image, 3, 3), [230, 20, 20, 255], within: 6))
        #expect(close(pixel(image, 12, 4), [20, 40, 220, 255], within: 6))
    }

    @Test func greyJPEGComesOutGrey() throws {
        let file = try TestImages.jpeg(width: 8, height: 8, channels: 1) { _, _ in [90] }
        let image = try raster(file, .jpeg)
        let p = pixel(image, 4, 4)
        #expect(p[0] == p[1] && p[1] == p[2])
        #expect(close(p, [90, 90, 90, 255], within: 2))
    }

    @Test func cmykJPEGIsConverted() throws {
        // Adobe's inverted CMYK (libjpeg writes the Adobe marker): no cyan, full magenta and yellow, no black.
        let file = try TestImages.jpeg(width: 8, height: 8, channels: 4) { _, _ in [255, 0, 0, 255] }
        #expect(JPEGImageDecoder.hasAdobeMarker([UInt8](file)))
        let image = try raster(file, .jpeg)
        #expect(close(pixel(image, 4, 4), [255, 0, 0, 255], within: 6))
    }

    // MARK: SVG

    @Test func svgSizeFromWidthAndHeight() throws {
        let svg =
            ##"<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 12 4"><rect width="12" height="4" fill="#3B82F6"/></svg>"##
        let image = try TestImages.withFile(Data(svg.utf8), name: "logo.svg") {
            try decoder.decode(contentsOf: $0, format: .svg)
        }
        guard case .vector(let graphic) = image else { throw TestError("expected a vector graphic") }
        #expect(graphic.size == Size(width: 120, height: 40))
        #expect(graphic.source.hasPrefix("<svg "))
        #expect(graphic.source.contains(#"viewBox="0 0 12 4""#))
        #expect(!graphic.source.contains("width=\"120\""))
    }

    @Test func svgWithoutViewBoxGetsOne() throws {
        let svg =
            #"<svg xmlns="http://www.w3.org/2000/svg" width="2in" height="48pt"><circle cx="10" cy="10" r="5"/></svg>"#
        let image = try TestImages.withFile(Data(svg.utf8), name: "logo.svg") {
            try decoder.decode(contentsOf: $0, format: .svg)
        }
        guard case .vector(let graphic) = image else { throw TestError("expected a vector graphic") }
        #expect(graphic.size == Size(width: 192, height: 64))
        #expect(graphic.source.contains(#"viewBox="0 0 192 64""#))
    }

    // MARK: Errors

    @Test func missingFileIsUnreadableWithTheSystemsReason() throws {
        let error = #expect(throws: LogoError.self) {
            try decoder.decode(contentsOf: "/nonexistent/logo.png", format: .png)
        }
        #expect(error == .unreadable(path: "/nonexistent/logo.png", reason: "No such file or directory"))
    }

    /// A FIFO with no writer would block a plain open() for ever: it is refused at once.
    @Test func fifoIsRefusedWithoutWaitingForAWriter() throws {
        let directory = try Tools.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("logo.png").path
        #expect(mkfifo(path, 0o600) == 0)
        let error = #expect(throws: LogoError.self) { try decoder.decode(contentsOf: path, format: .png) }
        #expect(error == .unreadable(path: path, reason: "not a regular file: it is a named pipe (FIFO)"))
    }

    /// A device is refused like a FIFO: a private node made in a temporary directory
    /// (never the system's), which needs root; skipped otherwise.
    @Test func deviceIsRefusedWithoutReadingIt() throws {
        guard getuid() == 0 else { return }
        let directory = try Tools.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("logo.svg").path
        #expect(mknod(path, S_IFCHR | 0o600, dev_t(1 << 8 | 5)) == 0)  // 1:5, like /dev/zero: endless bytes
        let error = #expect(throws: LogoError.self) { try decoder.decode(contentsOf: path, format: .svg) }
        #expect(error == .unreadable(path: path, reason: "not a regular file: it is a device"))
    }

    /// A symbolic link to a logo is followed: only what it points at must be a regular file.
    @Test func symbolicLinkToALogoIsFollowed() throws {
        let directory = try Tools.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("real.svg")
        try Data(#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 1"/>"#.utf8).write(to: target)
        let link = directory.appendingPathComponent("logo.svg").path
        #expect(symlink(target.path, link) == 0)
        #expect(try decoder.decode(contentsOf: link, format: .svg).intrinsicSize == Size(width: 2, height: 1))
    }

    @Test func directoryIsUnreadable() throws {
        let directory = FileManager.default.temporaryDirectory.path
        let error = #expect(throws: LogoError.self) { try decoder.decode(contentsOf: directory, format: .png) }
        guard case .unreadable(let path, _) = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(path == directory)
    }

    static let badFiles: [(String, ImageFormat, Data, String)] = {
        let png = TestImages.png(width: 4, height: 4, type: .grey, samples: [UInt8](repeating: 9, count: 16))
        let jpeg =
            (try? TestImages.jpeg(width: 16, height: 16, channels: 3) { x, y in [UInt8(x * 15), UInt8(y * 15), 0] })
            ?? Data()
        return [
            ("empty PNG", .png, Data(), "empty"),
            ("empty SVG", .svg, Data(), "empty"),
            ("truncated PNG", .png, png.prefix(png.count - 20), "not a readable PNG"),
            ("truncated JPEG", .jpeg, jpeg.prefix(jpeg.count / 2), "not a readable JPEG"),
            (
                "corrupt PNG", .png,
                Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 7, count: 40)), "not a PNG"
            ),
            (
                "corrupt JPEG", .jpeg, Data([0xFF, 0xD8, 0xFF] + [UInt8](repeating: 3, count: 60)),
                "not a readable JPEG"
            ),
            ("text named .png", .png, Data("hello".utf8), "not a PNG"),
            ("PNG named .jpg", .jpeg, png, "is a PNG image, but its name says JPEG"),
            ("JPEG named .svg", .svg, jpeg, "is a JPEG image, but its name says SVG"),
            ("HTML named .svg", .svg, Data("<html><body/></html>".utf8), "its root element is <html>"),
            ("unclosed SVG", .svg, Data("<svg viewBox='0 0 1 1'><g>".utf8), "never closed"),
            ("SVG without size", .svg, Data("<svg><rect/></svg>".utf8), "neither a viewBox nor a width and height"),
            ("Latin-1 SVG", .svg, Data([0x3C, 0x73, 0x76, 0x67, 0xE9, 0x3E]), "not UTF-8"),
        ]
    }()

    @Test(arguments: badFiles.indices)
    func undecodableFilesAreNamedWithTheProblem(index: Int) throws {
        let (label, format, data, reason) = Self.badFiles[index]
        try TestImages.withFile(data, name: "logo.\(format.preferredExtension)") { path in
            let error = #expect(throws: LogoError.self, "\(label)") {
                try decoder.decode(contentsOf: path, format: format)
            }
            guard case .undecodable(let named, let why) = error else {
                Issue.record("\(label): got \(String(describing: error))")
                return
            }
            #expect(named == path)
            #expect(why.contains(reason), "\(label): \(why)")
        }
    }

    @Test func oversizedFileIsRefusedBeforeReading() throws {
        let small = LogoDecoder(largestFile: 100)
        let file = TestImages.png(width: 10, height: 10, type: .grey, samples: [UInt8](repeating: 0, count: 100))
        try TestImages.withFile(file, name: "logo.png") { path in
            let error = #expect(throws: LogoError.self) { try small.decode(contentsOf: path, format: .png) }
            #expect(error?.reason.contains("at most 100") == true, "\(String(describing: error))")
        }
    }

    @Test func decompressionBombsAreRefusedFromTheHeader() throws {
        // A PNG header claiming 30 000 × 30 000 pixels, with hardly any data.
        var header = TestImages.png(width: 1, height: 1, type: .grey, samples: [0])
        header.replaceSubrange(
            (header.startIndex + 16)..<(header.startIndex + 24), with: [0, 0, 0x75, 0x30, 0, 0, 0x75, 0x30])
        let jpeg = try TestImages.jpeg(width: 64, height: 64, channels: 1) { _, _ in [0] }
        let tight = LogoDecoder(largestPixelCount: 1_000)
        for (data, format, decoder, reason) in [
            (header, ImageFormat.png, decoder, "30000 × 30000 pixels; a logo may have at most 16384 pixels a side"),
            (jpeg, .jpeg, tight, "megapixels"),
        ] {
            try TestImages.withFile(data, name: "bomb.\(format.preferredExtension)") { path in
                let error = #expect(throws: LogoError.self) { try decoder.decode(contentsOf: path, format: format) }
                #expect(error?.reason.contains(reason) == true, "\(String(describing: error))")
            }
        }
    }

    /// Within the pixel count but wider than a logo may be: refused from the header, so
    /// that no backend is handed an image wider than Cairo draws (a JPEG was not checked).
    @Test func imagesWiderThanTheLimitAreRefused() throws {
        var png = TestImages.png(width: 1, height: 1, type: .grey, samples: [0])
        png.replaceSubrange((png.startIndex + 16)..<(png.startIndex + 24), with: [0, 0, 0x4E, 0x20, 0, 0, 0, 1])
        let jpeg = try TestImages.jpeg(width: 16_400, height: 8, channels: 1) { _, _ in [128] }
        for (data, format) in [(png, ImageFormat.png), (jpeg, .jpeg)] {
            try TestImages.withFile(data, name: "wide.\(format.preferredExtension)") { path in
                let error = #expect(throws: LogoError.self) { try decoder.decode(contentsOf: path, format: format) }
                #expect(error?.reason.contains("at most 16384 pixels a side") == true, "\(String(describing: error))")
            }
        }
    }
}
