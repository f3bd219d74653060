import Foundation
import InvoiDocument
import InvoiText
import Testing

@testable import InvoiSVG

/// A stamp as the layout makes it: a rounded outline and a bold word, turned −12° about the stamp's centre.
enum StampFixture {
    static let color = Color(rgb: 0x10B981)
    static let frame = Rect(x: 440, y: 100, width: 90, height: 30)
    static var center: Point { Point(x: frame.midX, y: frame.y + frame.height / 2) }
    static var transform: InvoiDocument.AffineTransform { .rotation(degrees: -12, about: center) }

    static func group(word: String = "PAID") -> GroupOp {
        GroupOp(
            transform: transform,
            ops: [
                .rect(RectOp(rect: frame, stroke: Stroke(width: 1.5, color: color), cornerRadius: 4)),
                .text(
                    SVGFixture.text(word, size: 14, at: Point(x: 457, y: 120), face: SVGFixture.boldFace, color: color)),
            ])
    }
}

@Suite struct SVGGroupTests {
    /// Numbers of a `matrix(…)` attribute.
    static func matrix(_ value: String?) -> [Double]? {
        guard let value, value.hasPrefix("matrix("), value.hasSuffix(")") else { return nil }
        return value.dropFirst(7).dropLast().split(separator: " ").compactMap { Double($0) }
    }

    static func isClose(_ numbers: [Double]?, to t: InvoiDocument.AffineTransform) -> Bool {
        guard let numbers, numbers.count == 6 else { return false }
        return zip(numbers, [t.a, t.b, t.c, t.d, t.tx, t.ty]).enumerated()
            .allSatisfy { index, pair in abs(pair.0 - pair.1) <= (index < 4 ? 1e-6 : 0.005) }
    }

    @Test func groupDrawsItsChildrenThroughItsTransform() throws {
        let page = Page(
            size: PaperSize.a4.size,
            ops: [
                .text(SVGFixture.text("Acme Studio", at: Point(x: 42, y: 62))),
                .group(StampFixture.group()),
            ])
        let svg = try #require(try SVGFixture.render([page]).first)
        #expect(try isWellFormed(svg))
        let outline = try #require(SVGOutline.parse(svg))
        let groups = outline.elements.indices.filter {
            Self.matrix(outline.elements[$0].attributes["transform"]) != nil
        }
        // One for the drawing, one for the text layer.
        #expect(groups.count == 2)
        for index in groups {
            #expect(
                Self.isClose(Self.matrix(outline.elements[index].attributes["transform"]), to: StampFixture.transform))
        }
        let drawing = try #require(groups.first)
        // The rounded outline and the word's glyphs sit in the drawing group, as at the top level.
        let rect = try #require(outline.elements.indices.first { outline.elements[$0].attributes["rx"] != nil })
        #expect(outline.elements[rect].parent == drawing)
        #expect(outline.elements[rect].attributes["rx"] == "4")
        #expect(outline.elements[rect].attributes["fill"] == "none")
        #expect(outline.elements[rect].attributes["stroke"] == "#10B981")
        #expect(outline.elements[rect].attributes["x"] == "440")
        let glyphs = outline.elements.indices.filter { outline.elements[$0].attributes["fill"] == "#10B981" }
        #expect(glyphs.count == 1)
        #expect(glyphs.allSatisfy { outline.elements[$0].parent == drawing })
        #expect(outline.elements.filter { $0.name == "use" }.count == "Acme Studio".filter { $0 != " " }.count + 4)
    }

    @Test func groupTextIsInTheTextLayerUnderTheSameTransform() throws {
        let page = Page(
            size: PaperSize.a4.size,
            ops: [
                .text(SVGFixture.text("Acme Studio", at: Point(x: 42, y: 62))),
                .group(StampFixture.group()),
                .text(SVGFixture.text("Total", at: Point(x: 42, y: 500))),
            ])
        let svg = try #require(try SVGFixture.render([page]).first)
        let outline = try #require(SVGOutline.parse(svg))
        #expect(outline.texts == ["Acme Studio", "PAID", "Total"])
        let textIndices = outline.elements.indices.filter { outline.elements[$0].name == "text" }
        let layer = try #require(
            outline.elements.indices.first { outline.elements[$0].attributes["fill-opacity"] == "0" })
        #expect(outline.elements[textIndices[0]].parent == layer)
        #expect(outline.elements[textIndices[2]].parent == layer)
        let stampParent = try #require(outline.elements[textIndices[1]].parent)
        #expect(outline.elements[stampParent].parent == layer)
        #expect(
            Self.isClose(Self.matrix(outline.elements[stampParent].attributes["transform"]), to: StampFixture.transform)
        )
        // Placed in the group's own coordinates, stretched over the word's glyphs.
        #expect(outline.elements[textIndices[1]].attributes["x"] == "457")
        #expect(outline.elements[textIndices[1]].attributes["textLength"] == "33.6")
    }

    @Test func nestedGroupsNestTheirTransforms() throws {
        let inner = GroupOp(
            transform: .rotation(degrees: 90, about: Point(x: 100, y: 100)),
            ops: [
                .text(SVGFixture.text("in", at: Point(x: 90, y: 100)))
            ])
        let outer = GroupOp(
            transform: InvoiDocument.AffineTransform.identity.translatedBy(dx: 10, dy: 20), ops: [.group(inner)])
        let svg = try #require(try SVGFixture.render([Page(size: PaperSize.a4.size, ops: [.group(outer)])]).first)
        #expect(try isWellFormed(svg))
        let outline = try #require(SVGOutline.parse(svg))
        let text = try #require(outline.elements.indices.first { outline.elements[$0].name == "text" })
        let transforms = outline.ancestors(of: text).compactMap {
            Self.matrix(outline.elements[$0].attributes["transform"])
        }
        #expect(transforms.count == 2)
        #expect(Self.isClose(transforms.first, to: inner.transform))
        #expect(Self.isClose(transforms.last, to: outer.transform))
    }

    @Test func mailtoLinkInAGroupKeepsTheTransform() throws {
        let group = GroupOp(
            transform: StampFixture.transform,
            ops: [
                .link(LinkOp(rect: Rect(x: 440, y: 100, width: 90, height: 30), uri: "mailto:a@b.example")),
                .link(LinkOp(rect: Rect(x: 440, y: 100, width: 90, height: 30), uri: "javascript:alert(1)")),
            ])
        let svg = try #require(try SVGFixture.render([Page(size: PaperSize.a4.size, ops: [.group(group)])]).first)
        let outline = try #require(SVGOutline.parse(svg))
        let links = outline.elements.indices.filter { outline.elements[$0].name == "a" }
        #expect(links.count == 1)
        let parent = try #require(outline.elements[links[0]].parent)
        #expect(Self.isClose(Self.matrix(outline.elements[parent].attributes["transform"]), to: StampFixture.transform))
        #expect(!svg.contains("javascript"))
    }

    @Test func emptyAndBrokenGroupsDrawNothing() throws {
        var broken = StampFixture.group()
        broken.transform.a = .nan
        let page = Page(
            size: PaperSize.a4.size,
            ops: [
                .group(GroupOp(transform: StampFixture.transform, ops: [])),
                .group(broken),
            ])
        let svg = try #require(try SVGFixture.render([page]).first)
        #expect(try isWellFormed(svg))
        #expect(!svg.contains("matrix"))
        #expect(!svg.contains("<text"))
        #expect(!svg.contains("<use"))
    }

    /// librsvg turns the group: ink where the rotated shapes are, none where they would be unturned.
    @Test func rotatedGroupLandsOnTheTurnedPixels() throws {
        let center = Point(x: 100, y: 100)
        let page = Page(
            size: Size(width: 200, height: 200),
            ops: [
                .group(
                    GroupOp(
                        transform: .rotation(degrees: 90, about: center),
                        ops: [
                            // A bar along x, turned to run along y.
                            .rect(RectOp(rect: Rect(x: 40, y: 95, width: 120, height: 10), fill: ImageFixture.red)),
                            // A 60 pt glyph square (x 100+3…100+33, up to 42 above the baseline 100), turned clockwise.
                            .text(SVGFixture.text("A", size: 60, at: center, color: ImageFixture.blue)),
                        ]))
            ])
        let svg = try #require(try SVGFixture.render([page]).first)
        let image = try #require(try rasterize(svg))
        #expect(image.isNear(x: 100, y: 50, ImageFixture.red))
        #expect(image.isNear(x: 100, y: 150, ImageFixture.red))
        #expect(image.isNear(x: 50, y: 100, .white))  // where the bar was before turning
        #expect(image.isNear(x: 150, y: 100, .white))
        // Clockwise by 90° about the baseline origin: the glyph's x (3…33 right) becomes y down,
        // its height above the baseline (0…42 up) becomes x right.
        #expect(image.isNear(x: 120, y: 120, ImageFixture.blue))
        #expect(image.isNear(x: 120, y: 80, .white))
        #expect(image.isNear(x: 80, y: 120, .white))
    }

    /// The stamp as the layout draws it: its outline turned up on the left by 12°.
    /// (`INVOI_SVG_LOOK=dir` keeps the page for a person to look at.)
    @Test func stampOutlineIsTurned() throws {
        let outline = Rect(x: 160, y: 82, width: 100, height: 36)
        let turn = InvoiDocument.AffineTransform.rotation(degrees: -12, about: Point(x: 210, y: 100))
        let page = Page(
            size: Size(width: 300, height: 200),
            ops: [
                .text(SVGFixture.text("Acme Studio", size: 14, at: Point(x: 20, y: 40))),
                .group(
                    GroupOp(
                        transform: turn,
                        ops: [
                            .rect(
                                RectOp(
                                    rect: outline, stroke: Stroke(width: 2, color: StampFixture.color), cornerRadius: 5)
                            ),
                            .text(
                                SVGFixture.text(
                                    "PAID", size: 20, at: Point(x: 186, y: 107), face: SVGFixture.boldFace,
                                    color: StampFixture.color)),
                        ])),
            ])
        let svg = try #require(try SVGFixture.render([page]).first)
        let image = try #require(try rasterize(svg))
        func hasInk(near point: Point) -> Bool {
            let (x, y) = (Int(point.x.rounded()), Int(point.y.rounded()))
            return (-1...1).contains { dx in
                (-1...1).contains { dy in image.isNear(x: x + dx, y: y + dy, StampFixture.color) }
            }
        }
        for point in [
            Point(x: 210, y: 82), Point(x: 185, y: 82), Point(x: 235, y: 118), Point(x: 160, y: 100),
            Point(x: 260, y: 100),
        ] {
            #expect(hasInk(near: turn.apply(to: point)), "\(point)")
        }
        // Where the unturned outline's top edge would run at its right end: inside the turned stamp.
        #expect(!hasInk(near: Point(x: 250, y: 82)))
        #expect(!hasInk(near: Point(x: 170, y: 118)))
        if let directory = ProcessInfo.processInfo.environment["INVOI_SVG_LOOK"] {
            try Data(svg.utf8).write(to: URL(fileURLWithPath: directory).appendingPathComponent("stamp.svg"))
        }
    }
}

@Suite struct SVGImageTests {
    static func page(_ images: ImageOp...) -> Page {
        Page(size: PaperSize.a4.size, ops: images.map { .image($0) })
    }

    static func imageElement(in svg: String) throws -> [String: String]? {
        try #require(SVGOutline.parse(svg)).elements.first { $0.name == "image" }?.attributes
    }

    @Test(arguments: [("png", "image/png"), ("jpeg", "image/jpeg")])
    func rasterKeepsItsOriginalFile(format: String, mediaType: String) throws {
        let image = format == "png" ? ImageFixture.pngImage : ImageFixture.jpegImage
        let original = format == "png" ? ImageFixture.png : ImageFixture.jpeg
        let svg = try #require(
            try SVGFixture.render([Self.page(ImageOp(image: image, rect: Rect(x: 42, y: 30, width: 72.5, height: 36)))])
                .first)
        #expect(try isWellFormed(svg))
        let attributes = try #require(try Self.imageElement(in: svg))
        #expect(attributes["x"] == "42")
        #expect(attributes["y"] == "30")
        #expect(attributes["width"] == "72.5")
        #expect(attributes["height"] == "36")
        #expect(attributes["preserveAspectRatio"] == "none")
        let href = try #require(attributes["xlink:href"])
        let prefix = "data:\(mediaType);base64,"
        #expect(href.hasPrefix(prefix))
        #expect(Data(base64Encoded: String(href.dropFirst(prefix.count))) == original)
    }

    @Test func rasterWhoseBytesAreNotItsFormatIsLeftOut() throws {
        guard case .raster(var pixels) = ImageFixture.jpegImage else { return }
        pixels.encodedFormat = .png
        var empty = pixels
        empty.encoded = Data()
        empty.encodedFormat = .jpeg
        var svgClaim = pixels
        svgClaim.encodedFormat = .svg
        let rect = Rect(x: 42, y: 30, width: 36, height: 36)
        let svg = try #require(
            try SVGFixture.render([
                Self.page(
                    ImageOp(image: .raster(pixels), rect: rect), ImageOp(image: .raster(empty), rect: rect),
                    ImageOp(image: .raster(svgClaim), rect: rect))
            ]).first)
        #expect(try isWellFormed(svg))
        #expect(!svg.contains("<image"))
        #expect(!svg.contains("data:"))
    }

    @Test func imageWithoutAnAreaIsLeftOut() throws {
        let rects = [
            Rect(x: .nan, y: 0, width: 10, height: 10), Rect(x: 0, y: 0, width: 0, height: 10),
            Rect(x: 0, y: 0, width: 10, height: -1), Rect(x: 0, y: 0, width: .infinity, height: 10),
        ]
        for rect in rects {
            let svg = try #require(
                try SVGFixture.render([
                    Self.page(
                        ImageOp(image: ImageFixture.pngImage, rect: rect),
                        ImageOp(image: ImageFixture.vector(), rect: rect))
                ]).first)
            #expect(!svg.contains("<image") && !svg.contains("logo-"), "\(rect)")
        }
    }

    @Test func vectorIsNestedWhereTheOpSays() throws {
        let svg = try #require(
            try SVGFixture.render([
                Self.page(
                    ImageOp(image: ImageFixture.vector(), rect: Rect(x: 42, y: 30, width: 48, height: 48.25)))
            ]).first)
        #expect(try isWellFormed(svg))
        let outline = try #require(SVGOutline.parse(svg))
        let nested = try #require(outline.elements.indices.first { outline.elements[$0].name == "svg" && $0 > 0 })
        let attributes = outline.elements[nested].attributes
        #expect(attributes["x"] == "42")
        #expect(attributes["y"] == "30")
        #expect(attributes["width"] == "48")
        #expect(attributes["height"] == "48.25")
        #expect(attributes["preserveAspectRatio"] == "xMidYMid meet")
        #expect(attributes["viewBox"] == "0 0 10 10")
        #expect(attributes["id"] == "logo")
        // The picture's own content follows unchanged.
        #expect(svg.contains(String(ImageFixture.vectorSource.dropFirst(4))))
        // invoi's own ids never collide with the picture's.
        for (index, element) in outline.elements.enumerated() {
            guard let id = element.attributes["id"] else { continue }
            let inPicture = index == nested || outline.ancestors(of: index).contains(nested)
            #expect((id == "logo" || id.hasPrefix("logo-")) == inPicture, "\(id)")
        }
    }

    @Test func vectorKeepsItsOwnAspectRule() throws {
        let source =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\" preserveAspectRatio=\"xMinYMin slice\"><rect width=\"1\" height=\"1\"/></svg>"
        let svg = try #require(
            try SVGFixture.render([
                Self.page(
                    ImageOp(image: ImageFixture.vector(source), rect: Rect(x: 42, y: 30, width: 48, height: 48)))
            ]).first)
        #expect(try isWellFormed(svg))
        #expect(svg.components(separatedBy: "preserveAspectRatio").count == 2)
        #expect(svg.contains("preserveAspectRatio=\"xMinYMin slice\""))
    }

    @Test(arguments: [
        "<?xml version=\"1.0\"?><svg viewBox=\"0 0 1 1\"/>",
        "<!DOCTYPE svg><svg viewBox=\"0 0 1 1\"/>",
        "<svg viewBox=\"0 0 1 1\"><!ENTITY a \"b\"></svg>",
        "<svg viewBox=\"0 0 1 1\"><SCRIPT>alert(1)</SCRIPT></svg>",
        "<svg viewBox=\"0 0 1 1\"><?xml-stylesheet href=\"x.css\"?></svg>",
        " <svg viewBox=\"0 0 1 1\"/>",
        "<svgx viewBox=\"0 0 1 1\"/>",
        "<svg",
        "<svg viewBox=\"0 0 1 1\"",
        "<svg viewBox=\"0 0 1 1\" width=\"10\"><rect/></svg>",
        "<svg x='1' viewBox=\"0 0 1 1\"><rect/></svg>",
        "<svg viewBox=0><rect/></svg>",
        "<rect/>",
        "",
    ])
    func vectorBreakingTheContractIsLeftOut(source: String) throws {
        let svg = try #require(
            try SVGFixture.render([
                Self.page(
                    ImageOp(
                        image: ImageFixture.vector(source), rect: Rect(x: 42, y: 30, width: 48, height: 48),
                        altText: "Logo"))
            ]).first)
        #expect(try isWellFormed(svg))
        #expect(try #require(SVGOutline.parse(svg)).elements.filter { $0.name == "svg" }.count == 1)
        #expect(!svg.lowercased().contains("script") && !svg.contains("<!") && !svg.contains("<?xml-"))
        #expect(!svg.contains("<title>Logo"))
    }

    @Test func contractChecksAcceptWhatTheDecoderMakes() {
        #expect(InlineSVG("<svg viewBox=\"0 0 1 1\"/>") != nil)
        #expect(
            InlineSVG("<svg\n viewBox='0 0 1 1'\n data-x = \"a>b\"><rect width=\"1\" height=\"1\"/></svg>")?
                .hasPreserveAspectRatio == false)
        #expect(InlineSVG("<svg>text with y=\"1\"</svg>") != nil)
        #expect(InlineSVG("<svg viewBox=\"0 0 1 1\" id=\"logo\"><style>#logo rect {fill:red}</style></svg>") != nil)
    }

    /// A payment code is one image for assistive technology, like the logo: its path inside a
    /// `role="img"` group labelled by its (escaped) alt text.
    @Test func aQRCodeIsALabelledImage() throws {
        let hostile = "Scan </title><script>x</script> & \"pay\" \u{1B}[31m"
        let matrix = try #require(QRCodeMatrix(size: 21, modules: (0..<441).map { $0 % 3 == 0 }))
        let code = QRCodeOp(matrix: matrix, rect: Rect(x: 40, y: 40, width: 63, height: 63), altText: hostile)
        let svg = try #require(try SVGFixture.render([Page(size: PaperSize.a4.size, ops: [.qrCode(code)])]).first)
        #expect(try isWellFormed(svg))
        let outline = try #require(SVGOutline.parse(svg))
        #expect(!outline.elements.contains { $0.name == "script" })
        let path = try #require(outline.elements.firstIndex { $0.attributes["shape-rendering"] == "crispEdges" })
        let group = try #require(outline.elements[path].parent)
        #expect(outline.elements[group].attributes["role"] == "img")
        #expect(outline.elements[group].attributes["aria-label"] == "Scan </title><script>x</script> & \"pay\" [31m")
        #expect(outline.titles.count == 2, "the page's and the code's")
        // Without alt text, no group.
        var unnamed = code
        unnamed.altText = ""
        let plain = try #require(try SVGFixture.render([Page(size: PaperSize.a4.size, ops: [.qrCode(unnamed)])]).first)
        #expect(!plain.contains("role=\"img\""))
    }

    @Test func altTextIsAnEscapedTitle() throws {
        let hostile = "Acme </title><script>alert(1)</script> & \"Co\" \u{202E}\u{1B}[31m"
        let svg = try #require(
            try SVGFixture.render([
                Self.page(
                    ImageOp(
                        image: ImageFixture.pngImage, rect: Rect(x: 42, y: 30, width: 36, height: 18), altText: hostile),
                    ImageOp(
                        image: ImageFixture.vector(), rect: Rect(x: 100, y: 30, width: 36, height: 36), altText: hostile
                    ),
                    ImageOp(image: ImageFixture.jpegImage, rect: Rect(x: 150, y: 30, width: 36, height: 36)))
            ]).first)
        #expect(try isWellFormed(svg))
        let outline = try #require(SVGOutline.parse(svg))
        #expect(!outline.elements.contains { $0.name == "script" })
        #expect(!svg.unicodeScalars.contains("\u{1B}") && !svg.unicodeScalars.contains("\u{202E}"))
        let shown = "Acme </title><script>alert(1)</script> & \"Co\" [31m"
        // The page's title, then one per image that has alt text; the alt text is not selectable text.
        #expect(outline.titles == ["INV-0001 & <Acme>", shown, shown])
        #expect(outline.texts.isEmpty)
        for image in outline.elements.indices
        where ["image", "svg"].contains(outline.elements[image].name) && image > 0 {
            let parent = try #require(outline.elements[image].parent)
            let hasTitle =
                outline.elements[parent].name == "g"
                && outline.elements.indices.contains {
                    outline.elements[$0].name == "title" && outline.elements[$0].parent == parent
                }
            #expect(
                hasTitle == (outline.elements[image].attributes["xlink:href"]?.hasPrefix("data:image/jpeg") != true))
            // One image for assistive technology, labelled by the same (escaped) text.
            if hasTitle {
                #expect(outline.elements[parent].attributes["role"] == "img")
                #expect(outline.elements[parent].attributes["aria-label"] == shown)
            }
        }
        #expect(outline.elements.first?.attributes["lang"] == outline.elements.first?.attributes["xml:lang"])
    }

    /// librsvg draws each kind of image into its rectangle: the PNG stretched with its
    /// transparency kept, the JPEG as JPEG, the vector picture fitted to its viewBox.
    @Test func rsvgDrawsTheImagesWhereTheOpsSay() throws {
        let page = Page(
            size: Size(width: 300, height: 100),
            ops: [
                // 16 × 8 pixels stretched over a square: the red left half takes its whole height.
                .image(ImageOp(image: ImageFixture.pngImage, rect: Rect(x: 10, y: 10, width: 80, height: 80))),
                .image(ImageOp(image: ImageFixture.jpegImage, rect: Rect(x: 110, y: 10, width: 80, height: 80))),
                .image(
                    ImageOp(
                        image: ImageFixture.vector(), rect: Rect(x: 210, y: 10, width: 80, height: 80), altText: "Acme")
                ),
            ])
        let svg = try #require(try SVGFixture.render([page]).first)
        let image = try #require(try rasterize(svg))
        #expect(image.isNear(x: 30, y: 15, ImageFixture.red))
        #expect(image.isNear(x: 30, y: 85, ImageFixture.red))
        #expect(image.isNear(x: 75, y: 50, .white))  // the transparent pixel shows the page
        #expect(image.isNear(x: 5, y: 50, .white))
        #expect(image.isNear(x: 150, y: 50, ImageFixture.blue))
        #expect(image.isNear(x: 112, y: 12, ImageFixture.blue))
        #expect(image.isNear(x: 105, y: 50, .white))
        #expect(image.isNear(x: 250, y: 30, ImageFixture.purple))  // the picture's top half
        #expect(image.isNear(x: 250, y: 70, .white))
        #expect(image.isNear(x: 205, y: 30, .white))
        if let directory = ProcessInfo.processInfo.environment["INVOI_SVG_LOOK"] {
            try Data(svg.utf8).write(to: URL(fileURLWithPath: directory).appendingPathComponent("images.svg"))
        }
    }
}
