import Foundation
import InvoiDocument
import InvoiImageTestSupport
import InvoiTestSupport
import Testing

@testable import InvoiAssets

/// Hostile SVG logos: each is either refused with a reason that says what to do, or
/// sanitised to a picture with no external reference whose drawing cost is bounded.
@Suite struct HostileSVGTests {
    static let open =
        #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">"#

    private func sanitize(_ svg: String) throws -> String {
        try SVGSanitizer().sanitize(Data(svg.utf8)).source
    }

    private func rejection(_ svg: String) -> String? {
        do {
            _ = try SVGSanitizer().sanitize(Data(svg.utf8))
            return nil
        } catch {
            return error.reason
        }
    }

    /// Every reference is `#id` or a PNG/JPEG `data:` URL; nothing that runs or loads.
    static func expectNoExternalReference(_ clean: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let lowered = clean.replacingOccurrences(of: #" xmlns="\#(SVGSanitizer.svgNamespace)""#, with: "")
            .replacingOccurrences(of: #" xmlns:xlink="\#(SVGSanitizer.xlinkNamespace)""#, with: "").lowercased()
        for banned in [
            "http:", "https:", "file:", "javascript:", "<script", "<foreignobject", "<iframe", "\\", "@import",
            "src=", "data=", "xml:base",
        ] {
            #expect(!lowered.contains(banned), "\(banned) in \(clean)", sourceLocation: sourceLocation)
        }
        for marker in ["href=\"", "url("] {
            var rest = Substring(clean)
            while let found = rest.range(of: marker) {
                let value = rest[found.upperBound...]
                #expect(
                    value.hasPrefix("#") || value.hasPrefix("data:image/png;base64,")
                        || value.hasPrefix("data:image/jpeg;base64,"),
                    "\(marker)\(value.prefix(40))", sourceLocation: sourceLocation)
                rest = value
            }
        }
    }

    // MARK: References

    @Test func escapesAndEntitiesAreDecodedBeforeChecking() throws {
        let clean = try sanitize(
            Self.open + #"""
                <rect width="1" height="1" fill="\75 rl(http://evil.invalid/a)"/>
                <rect width="1" height="1" fill="u\rl(file:///etc/passwd)" stroke="url(&#x68;ttp://evil.invalid/b)"/>
                <rect width="1" height="1" style="fill: \75 rl(http://evil.invalid/c); stroke: u/**/rl(x)"/>
                <rect width="1" height="1" style="fill:&#x5C;75 rl(http://evil.invalid/d)"/>
                <rect width="1" height="1" style="mask: url(&quot;http://evil.invalid/e&quot;)"/>
                <a href="&#x6A;avascript:alert(1)"><rect width="1" height="1"/></a>
                <use href=" &#x23;x"/><rect id="x" width="1" height="1" fill="\23 fff"/>
                <style>rect { fill: \000075rl(http://evil.invalid/f) } .a { stroke: url(\68ttp://evil.invalid/g) }</style>
                </svg>
                """#)
        Self.expectNoExternalReference(clean)
        #expect(!clean.contains("evil") && !clean.contains("passwd"), "\(clean)")
        #expect(clean.components(separatedBy: #"fill="none""#).count == 3, "\(clean)")
        #expect(clean.contains(#"style="fill: none""#))
        #expect(clean.contains(#"style="mask: none""#))
        #expect(clean.contains(##"<use href="#logo-x"/>"##), "a decoded #x is a fragment: \(clean)")
        #expect(clean.contains("#logo rect { fill: none }\n#logo .a, #logo.a { stroke: none }"), "\(clean)")
    }

    @Test func onlyAllowedElementsAndAttributesAreKept() throws {
        let clean = try sanitize(
            Self.open + """
                <foreignObject><iframe xmlns="http://www.w3.org/1999/xhtml" src="file:///etc/passwd"/></foreignObject>
                <metadata><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></metadata>
                <title>Acme</title><desc>logo</desc><view id="v"/><cursor href="http://evil.invalid/c"/>
                <video src="http://evil.invalid/v"/><unknown><rect width="2" height="2"/></unknown>
                <rect width="1" height="1" cursor="url(http://evil.invalid/c), auto" data-name="Layer 1"
                  requiredExtensions="http://evil.invalid/x" systemLanguage="en" onclick="x()" fill="#10B981"/>
                </svg>
                """)
        Self.expectNoExternalReference(clean)
        for gone in ["foreignObject", "iframe", "metadata", "Acme", "desc", "<view", "cursor", "video", "unknown"] {
            #expect(!clean.contains(gone), "\(gone) in \(clean)")
        }
        #expect(clean.components(separatedBy: "<rect").count == 2, "\(clean)")
        #expect(clean.contains(##"<rect width="1" height="1" fill="#10B981"/>"##), "\(clean)")
    }

    @Test func embeddedPNGAndJPEGAreKeptAndNothingElse() throws {
        let png = TestImages.png(width: 2, height: 2, type: .grey, samples: [0, 64, 128, 255])
        let jpeg = try TestImages.jpeg(width: 8, height: 8, channels: 3) { x, y in [UInt8(x * 30), UInt8(y * 30), 9] }
        let gif = Data("GIF89a".utf8) + Data(repeating: 0, count: 20)
        let clean = try sanitize(
            Self.open + """
                <image width="1" height="1" href="data:image/png;base64,\(png.base64EncodedString())"/>
                <image width="1" height="1" xlink:href="DATA:image/jpeg;base64, \(jpeg.base64EncodedString())"/>
                <image width="1" height="1" href="data:image/gif;base64,\(gif.base64EncodedString())"/>
                <image width="1" height="1" href="data:image/svg+xml;base64,\(Data(Self.open.utf8).base64EncodedString())"/>
                <image width="1" height="1" href="data:image/png;base64,\(jpeg.base64EncodedString())"/>
                <image width="1" height="1" href="data:image/png;base64,\(png.prefix(30).base64EncodedString())"/>
                <image width="1" height="1" href="data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;"/>
                </svg>
                """)
        Self.expectNoExternalReference(clean)
        #expect(clean.contains("href=\"data:image/png;base64,\(png.base64EncodedString())\""))
        #expect(clean.contains("xlink:href=\"data:image/jpeg;base64,\(jpeg.base64EncodedString())\""))
        #expect(clean.components(separatedBy: "data:").count == 3, "only the PNG and the JPEG: \(clean)")
        #expect(!clean.contains("script"))
    }

    /// A PNG header that claims 30 000 × 30 000 pixels is refused before anything is decompressed.
    @Test func anEmbeddedDecompressionBombIsRefused() {
        var bomb = TestImages.png(width: 1, height: 1, type: .grey, samples: [0])
        bomb.replaceSubrange(
            (bomb.startIndex + 16)..<(bomb.startIndex + 24), with: [0, 0, 0x75, 0x30, 0, 0, 0x75, 0x30])
        let reason = rejection(
            Self.open
                + #"<image width="1" height="1" href="data:image/png;base64,\#(bomb.base64EncodedString())"/></svg>"#)
        #expect(reason?.contains("30000 × 30000 pixels") == true, "\(String(describing: reason))")
        #expect(reason?.contains("embedded") == true)
    }

    @Test func embeddedImagesShareOnePixelLimit() throws {
        let png = TestImages.png(width: 30, height: 30, type: .grey, samples: [UInt8](repeating: 9, count: 900))
        let image = #"<image width="1" height="1" href="data:image/png;base64,\#(png.base64EncodedString())"/>"#
        let sanitizer = SVGSanitizer(largestEmbeddedPixelCount: 2_000)
        #expect(try sanitizer.sanitize(Data((Self.open + image + image + "</svg>").utf8)).source.contains("data:"))
        let error = #expect(throws: ImageDecodingFailure.self) {
            try sanitizer.sanitize(Data((Self.open + image + image + image + "</svg>").utf8))
        }
        #expect(error?.reason.contains("embedded in the SVG have more than") == true, "\(String(describing: error))")
    }

    /// The page places the logo's root: nothing may move it, or draw outside its box.
    @Test func theRootCannotLeaveItsBox() throws {
        let clean = try sanitize(
            ##"""
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" transform="translate(0 500)" filter="url(#f)"
              overflow="visible" style="overflow: visible; filter: url(#f); opacity: .5">
            <filter id="f"><feOffset dy="500"/></filter>
            <style>svg { filter: url(#f); fill: red } :root { filter: url(#f) } * { overflow: visible } g { filter: url(#f) }</style>
            <g filter="url(#f)"><rect width="10" height="10"/></g></svg>
            """##)
        let root = String(clean.prefix { $0 != ">" })
        #expect(!root.contains("transform") && !root.contains("filter") && !root.contains("overflow"), "\(root)")
        #expect(root.contains(#"style="opacity: .5""#), "\(root)")
        #expect(!clean.contains("overflow"))
        #expect(clean.contains("#logo svg { filter: url(#logo-f); fill: red }\nsvg#logo { fill: red }"), "\(clean)")
        #expect(clean.contains("#logo g { filter: url(#logo-f) }"))
        #expect(!clean.contains("#logo { filter"))
        #expect(clean.contains(##"<g filter="url(#logo-f)">"##))
    }

    // MARK: Refused

    @Test(arguments: [
        ("<text x='1' y='5'>Acme</text>", "convert the text to paths"),
        ("<g><tspan>A</tspan></g>", "convert the text to paths"),
        ("<pattern id='p' width='1' height='1'/>", "<pattern>"),
        ("<filter id='f'><feImage href='#x'/></filter>", "<feImage>"),
        ("<filter id='f'><feConvolveMatrix order='99'/></filter>", "<feConvolveMatrix>"),
        ("<filter id='f'><feMorphology radius='9999'/></filter>", "<feMorphology>"),
        (
            "<filter id='f'><feDiffuseLighting><fePointLight/></feDiffuseLighting></filter>",
            "<feDiffuseLighting>"
        ),
        ("<filter id='f'><feTurbulence numOctaves='100000'/></filter>", "numOctaves=\"100000\""),
    ])
    func elementsThatWouldDrawDifferentlyOrCostTooMuchAreRefused(content: String, reason: String) {
        let why = rejection(Self.open + content + "</svg>")
        #expect(why?.contains(reason) == true, "\(String(describing: why))")
    }

    @Test func textInsideWhatIsLeftOutDoesNotMatter() throws {
        let clean = try sanitize(Self.open + "<foreignObject><text>a</text></foreignObject><rect/></svg>")
        #expect(!clean.contains("text"))
    }

    // MARK: Cost

    /// Uses of uses of uses: a billion rectangles in 3 KB.
    static let useBomb: String = {
        var svg = open + #"<defs><rect id="a0" width="1" height="1"/>"#
        for level in 1...9 {
            svg += #"<g id="a\#(level)">"# + String(repeating: ##"<use href="#a\##(level - 1)"/>"##, count: 10) + "</g>"
        }
        return svg + ##"</defs><use href="#a9"/></svg>"##
    }()

    @Test func aUseBombIsRefused() {
        let reason = rejection(Self.useBomb)
        #expect(reason?.contains("would take too long to draw") == true, "\(String(describing: reason))")
        #expect(reason?.contains("save the logo as PNG") == true)
    }

    @Test func reasonableUsesAreKept() throws {
        // 600 copies of a symbol of ten shapes: 7,200 elements drawn.
        var svg = Self.open + #"<symbol id="s">"# + String(repeating: #"<rect width="1" height="1"/>"#, count: 10)
        svg += "</symbol>" + String(repeating: ##"<use href="#s"/>"##, count: 600) + "</svg>"
        #expect(try sanitize(svg).contains(##"<use href="#logo-s"/>"##))
    }

    @Test func masksClipsAndMarkersCountEachTimeTheyAreDrawn() {
        let manyShapes = String(repeating: #"<rect width="1" height="1"/>"#, count: 200)
        let masked = String(repeating: ##"<rect width="1" height="1" mask="url(#m)"/>"##, count: 200)
        let clipped = String(repeating: ##"<rect width="1" height="1" style="clip-path: url(#c)"/>"##, count: 200)
        let styled = "<style>rect.m { mask: url(#m) }</style>" + String(repeating: #"<rect class="m"/>"#, count: 200)
        let points = (0..<400).map { "\($0) 0" }.joined(separator: " ")
        let marked = ##"<polyline marker-mid="url(#k)" points=""## + points + #""/>"#
        let inherited =
            ##"<g style="marker: url(#k)"><path d="M0 0"## + String(repeating: " L1 1", count: 400) + #""/></g>"#
        for (name, svg) in [
            ("mask", #"<mask id="m">\#(manyShapes)</mask>\#(masked)"#),
            ("clip path", #"<clipPath id="c">\#(manyShapes)</clipPath>\#(clipped)"#),
            ("stylesheet", #"<mask id="m">\#(manyShapes)</mask>\#(styled)"#),
            ("marker", #"<marker id="k">\#(manyShapes)</marker>\#(marked)"#),
            ("inherited marker", #"<marker id="k">\#(manyShapes)</marker>\#(inherited)"#),
        ] {
            let reason = rejection(Self.open + svg + "</svg>")
            #expect(reason?.contains("would take too long to draw") == true, "\(name): \(String(describing: reason))")
        }
    }

    @Test func filtersAreBoundedByWhatTheyCost() throws {
        let blur = #"<filter id="f"><feGaussianBlur stdDeviation="2"/><feOffset dx="1"/></filter>"#
        let few = String(repeating: ##"<rect width="1" height="1" filter="url(#f)"/>"##, count: 10)
        #expect(try sanitize(Self.open + blur + few + "</svg>").contains("feGaussianBlur"))
        let many = String(repeating: ##"<rect width="1" height="1" filter="url(#f)"/>"##, count: 200)
        #expect(rejection(Self.open + blur + many + "</svg>")?.contains("would take too long") == true)
        // A primitive without attributes costs as much.
        let bare = #"<filter id="f"><feGaussianBlur/><feOffset/><feFlood/><feBlend/></filter>"#
        #expect(rejection(Self.open + bare + many + "</svg>")?.contains("would take too long") == true)
        let turbulence = #"<filter id="t"><feTurbulence baseFrequency="0.05" numOctaves="10"/></filter>"#
        let textured = String(repeating: ##"<rect width="1" height="1" filter="url(#t)"/>"##, count: 30)
        #expect(rejection(Self.open + turbulence + textured + "</svg>")?.contains("would take too long") == true)
    }

    @Test(arguments: [
        ##"<g id="g"><use href="#g"/></g>"##,
        ##"<use id="a" href="#b"/><use id="b" href="#a"/>"##,
        ##"<mask id="m"><rect width="1" height="1" mask="url(#m)"/></mask><rect mask="url(#m)"/>"##,
    ])
    func loopsAreRefused(content: String) {
        let reason = rejection(Self.open + content + "</svg>")
        #expect(reason?.contains("refers to itself in a loop") == true, "\(String(describing: reason))")
    }

    @Test func aUseOfTheRootIsALoop() {
        let reason = rejection(
            ##"<svg xmlns="http://www.w3.org/2000/svg" id="r" viewBox="0 0 1 1"><use href="#r"/></svg>"##)
        #expect(reason?.contains("loop") == true, "\(String(describing: reason))")
    }

    @Test func nestingIsBoundedAsDrawn() {
        // 40 levels in the file, but each <use> adds the depth of what it draws.
        var svg = Self.open + #"<defs><g id="l0"><rect/></g>"#
        for level in 1...40 {
            svg +=
                #"<g id="l\#(level)">"# + String(repeating: "<g>", count: 1) + ##"<use href="#l\##(level - 1)"/>"##
                + "</g></g>"
        }
        svg += ##"</defs><use href="#l40"/></svg>"##
        let reason = rejection(svg)
        #expect(reason?.contains("levels deep") == true, "\(String(describing: reason))")
    }

    @Test func stylesAreBoundedInSizeAndRules() {
        let longStyle = Self.open + #"<rect style=""# + String(repeating: "fill:red;", count: 240_000) + #""/></svg>"#
        #expect(rejection(longStyle)?.contains("MiB of styles") == true)
        let manyRules = Self.open + "<style>" + String(repeating: ".a{fill:red}", count: 2_001) + "</style></svg>"
        #expect(rejection(manyRules)?.contains("too many rules") == true)
        let broadRules =
            Self.open + "<style>" + String(repeating: "rect{fill:red;opacity:.5}", count: 1_000) + "</style>"
            + String(repeating: "<rect/>", count: 2_000) + "</svg>"
        #expect(rejection(broadRules)?.contains("match too often") == true)
    }

    // MARK: XML

    @Test(arguments: ["<desc>\u{1}</desc>", "<rect id='&#1;'/>", "<desc>&#xFFFE;</desc>"])
    func controlCharactersAreRefused(content: String) {
        let reason = rejection(Self.open + content + "</svg>")
        #expect(reason?.contains("control character") == true || reason?.contains("non-character") == true)
    }

    @Test func aRepeatedIDNamesOnlyTheFirstElement() throws {
        let clean = try sanitize(Self.open + #"<rect id="a" width="1"/><rect id="a" width="2"/></svg>"#)
        #expect(clean.contains(#"<rect id="logo-a" width="1"/><rect width="2"/>"#), "\(clean)")
    }
}
