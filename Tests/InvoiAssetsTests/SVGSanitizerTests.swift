import Foundation
import InvoiDocument
import InvoiTestSupport
import Testing

@testable import InvoiAssets

@Suite struct SVGSanitizerTests {
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

    /// Well-formed by an independent parser, without touching the network.
    private func expectWellFormed(_ source: String) throws {
        guard Tools.isInstalled("xmllint") else { return }
        let result = try Tools.withFile(Data(source.utf8), name: "clean.svg") {
            try Tools.run("xmllint", ["--nonet", "--noout", $0.path])
        }
        #expect(result.status == 0, "\(result.errors)\n\(source)")
    }

    /// Found by tools/fuzz svg: `offset="url(1"` passed the character check of geometry
    /// values. A bracket now follows only a transform's name.
    @Test func aGeometryValueWithABracketKeepsOnlyTransforms() throws {
        let clean = try sanitize(
            Self.open + """
                <linearGradient id="g"><stop offset="url(1"/><stop offset="1"/></linearGradient>
                <rect width="1" height="1" transform="translate(1, 2) rotate (45) scale(2)"/>
                <rect width="2" height="2" transform="url(x)"/><path d="M0 0 L1 1" x="calc(1)"/>
                </svg>
                """)
        #expect(!clean.contains("url(1") && !clean.contains("url(x") && !clean.contains("calc"), "\(clean)")
        #expect(clean.contains(#"<stop offset="1"/>"#), "\(clean)")
        #expect(clean.contains(#"transform="translate(1, 2) rotate (45) scale(2)""#), "\(clean)")
    }

    @Test func outputMeetsTheContract() throws {
        let svg = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- made by hand -->
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="50" x="3" y="4" \
            viewBox="0 0 20 10" preserveAspectRatio="xMidYMid meet">
              <defs><linearGradient id="g"><stop offset="0" stop-color="#3B82F6"/></linearGradient></defs>
              <rect id="r" width="20" height="10" fill="url(#g)" style="stroke: url('#g')"/>
              <use xlink:href="#r" href="#r"/>
              <g class="A&amp;B &lt; C &quot;q&quot;">text that is not drawn</g>
            </svg>
            """
        let clean = try sanitize(svg)
        #expect(
            clean.hasPrefix(
                #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 20 10""#
            ))
        #expect(!clean.contains("<?xml") && !clean.contains("<!--"))
        for removed in [#"width="100""#, #"height="50""#, #" x="3""#, #" y="4""#] { #expect(!clean.contains(removed)) }
        #expect(clean.contains(#"preserveAspectRatio="xMidYMid meet""#))
        #expect(clean.contains(#"id="logo-g""#) && clean.contains(#"id="logo-r""#))
        #expect(clean.contains(#"fill="url(#logo-g)""#))
        #expect(clean.contains(#"style="stroke: url(#logo-g)""#))
        #expect(clean.contains(##"xlink:href="#logo-r""##) && clean.contains(##"href="#logo-r""##))
        #expect(clean.contains(#"class="A&amp;B &lt; C &quot;q&quot;""#))
        #expect(!clean.contains("not drawn"))
        #expect(clean.hasSuffix("</svg>"))
        try expectWellFormed(clean)
    }

    @Test func scriptsAndEventHandlersAreRemoved() throws {
        let clean = try sanitize(
            Self.open + """
                <script>alert(1)</script><script xlink:href="evil.js"/>
                <g onload="alert(2)" ONCLICK="alert(3)" onmouseover='x'><rect width="10" height="10"/></g>
                <foreignObject><html xmlns="http://www.w3.org/1999/xhtml"><iframe src="file:///etc/passwd"/></html></foreignObject>
                <animate attributeName="href" to="javascript:alert(4)"/><set attributeName="fill" to="red"/>
                <a href="javascript:alert(5)"><circle r="1"/></a>
                <a href="&#106;ava&#x73;cript:alert(6)" xlink:href="java&#x0A;script:alert(7)"><circle r="2"/></a>
                <iframe src="http://evil.invalid/"/>
                </svg>
                """)
        for banned in [
            "script", "alert", "onload", "ONCLICK", "onmouseover", "foreignObject", "iframe", "passwd",
            "animate", "<set", "javascript", "evil",
        ] {
            #expect(!clean.contains(banned), "\(banned) in \(clean)")
        }
        #expect(clean.contains("<rect") && clean.contains("<circle") && clean.contains("<a>"))
        try expectWellFormed(clean)
    }

    @Test func externalReferencesAreRemoved() throws {
        let clean = try sanitize(
            Self.open + """
                <image href="file:///etc/passwd" width="10" height="10"/>
                <image xlink:href="http://tracker.invalid/pixel.png" width="1" height="1"/>
                <image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/>
                <use href="other.svg#x"/><use xlink:href="../secrets.svg#y"/>
                <image src="file:///etc/passwd" data="http://evil.invalid/d" width="1" height="1"/>
                <g src="http://evil.invalid/s"><rect data="file:///etc/x" width="1" height="1"/></g>
                <rect width="10" height="10" fill="url(http://evil.invalid/p.svg#p)" style="fill: url(file:///etc/x); stroke: #ABC"/>
                <g xml:base="http://evil.invalid/"/>
                </svg>
                """)
        for banned in ["passwd", "tracker", "data:", "other.svg", "secrets", "evil", "file:", "xml:base"] {
            #expect(!clean.contains(banned), "\(banned) in \(clean)")
        }
        #expect(!clean.contains("href"), "no href is left: \(clean)")
        #expect(clean.contains(#"fill="none""#))
        #expect(clean.contains("stroke: #ABC"))
        try expectWellFormed(clean)
    }

    @Test func stylesheetsLoseImportsAndExternalURLsAndRenameIDSelectors() throws {
        let clean = try sanitize(
            Self.open + """
                <style>@import url(http://evil.invalid/a.css); @import "b.css";
                /* comment */ #mark, .x > #other { fill: #3B82F6; background: url("http://evil.invalid/i.png") }
                @media print { #mark { mask: url(#m) } }</style>
                <style><![CDATA[ .c { filter: url(#f) } ]]></style>
                <style>#a { fill: \\75rl(http://evil.invalid) }</style>
                <rect id="mark" width="1" height="1"/></svg>
                """)
        #expect(
            !clean.contains("@import") && !clean.contains("evil") && !clean.contains("b.css")
                && !clean.contains("comment"))
        #expect(
            clean.contains(
                "#logo #logo-mark, #logo .x &gt; #logo-other, #logo.x &gt; #logo-other { fill: #3B82F6 }"
            ),
            "\(clean)")
        #expect(clean.contains("@media print {\n#logo #logo-mark { mask: url(#logo-m) }\n}"), "\(clean)")
        // The root itself takes no filter (it could draw the logo outside its box).
        #expect(clean.contains("#logo .c { filter: url(#logo-f) }") && !clean.contains("#logo.c"), "\(clean)")
        #expect(!clean.contains("\\75"))
        #expect(clean.contains("#logo #logo-a { fill: none }"), "the escape spells url(: \(clean)")
        try expectWellFormed(clean)
    }

    /// Addresses written as plain strings in image functions are external references too.
    @Test func imageFunctionsWithStringAddressesAreDropped() throws {
        let clean = try sanitize(
            Self.open + """
                <style>.m { mask-image: -webkit-image-set("http://evil.invalid/x.png" 1x) } .k { fill: #111 }</style>
                <rect class="k" width="1" height="1" style="mask-image: IMAGE-SET('http://evil.invalid/y.png' 1x)"/>
                <rect width="1" height="1" style="background: cross-fade('a.png', 'b.png', 50%)"/></svg>
                """)
        #expect(!clean.contains("evil") && !clean.contains("a.png"), "\(clean)")
        #expect(!clean.lowercased().contains("image-set") && !clean.contains("cross-fade"))
        try expectWellFormed(clean)
    }

    @Test func theRootIsNamedLogoAndReferencesToItFollow() throws {
        let clean = try sanitize(
            ##"""
            <svg xmlns="http://www.w3.org/2000/svg" id="brand" viewBox="0 0 10 10">
            <style>#brand .a { fill: url(#brand) } #logo { fill: red } #root { fill: blue }</style>
            <g id="root"><rect id="logo" class="a" width="1" height="1"/></g><use href="#root"/></svg>
            """##)
        #expect(
            clean.hasPrefix(
                #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" id="logo">"#
            ))
        // The root's id is unique: no other id can be renamed to it.
        #expect(clean.components(separatedBy: #"id="logo""#).count == 2, "\(clean)")
        #expect(!clean.contains("brand"))
        #expect(clean.contains(#"id="logo-root""#) && clean.contains(#"id="logo-logo""#))
        #expect(
            clean.contains(
                "#logo .a { fill: url(#logo) }\n#logo #logo-logo { fill: red }\n#logo #logo-root { fill: blue }"),
            "\(clean)")
        #expect(clean.contains(##"<use href="#logo-root"/>"##))
        try expectWellFormed(clean)
    }

    @Test func markupInsideAStyleIsDropped() throws {
        let clean = try sanitize(
            Self.open
                + "<style>.a { fill: red }<rect width='9' height='9'/><g><circle r='1'/></g></style><circle r='2'/></svg>"
        )
        #expect(!clean.contains("<rect") && !clean.contains("<g") && !clean.contains(#"r="1""#))
        #expect(clean.contains("#logo .a, #logo.a { fill: red }</style><circle r=\"2\"/>"), "\(clean)")
        try expectWellFormed(clean)
    }

    @Test func doctypeAndEntitiesAreNeverExpanded() throws {
        // Billion laughs: ten levels of ten references.
        var entities = #"<!ENTITY lol "lol">"#
        for level in 1...9 {
            entities +=
                "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level == 1 ? "" : String(level - 1));", count: 10)
                + "\">"
        }
        let bomb = "<?xml version=\"1.0\"?><!DOCTYPE svg [\(entities)]>" + Self.open + "<desc>&lol9;</desc></svg>"
        let start = ContinuousClock.now
        let reason = rejection(bomb)
        #expect(ContinuousClock.now - start < .milliseconds(200))
        #expect(reason?.contains("&lol9;") == true, "\(String(describing: reason))")

        // A DOCTYPE that declares an external entity is dropped, with nothing read.
        let external =
            #"<!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd"> <!ELEMENT x "]>">]>"# + Self.open
            + "<rect/></svg>"
        let clean = try sanitize(external)
        #expect(!clean.contains("DOCTYPE") && !clean.contains("ENTITY") && !clean.contains("passwd"))
        #expect(
            rejection(
                #"<!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>"# + Self.open + "<desc>&xxe;</desc></svg>")
                != nil)
    }

    @Test func processingInstructionsAndXIncludeAreRemoved() throws {
        let clean = try sanitize(
            #"<?xml-stylesheet href="http://evil.invalid/s.css"?>"#
                + #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xi="http://www.w3.org/2001/XInclude" xmlns:ink="urn:x" viewBox="0 0 1 1" ink:version="1">"#
                + #"<xi:include href="file:///etc/passwd" parse="text"/><ink:meta><rect/></ink:meta><rect width="1" height="1"/></svg>"#
        )
        #expect(!clean.contains("stylesheet") && !clean.contains("include") && !clean.contains("passwd"))
        #expect(!clean.contains("ink:") && !clean.contains("urn:x"))
        #expect(clean.components(separatedBy: "<rect").count == 2, "only the SVG rect stays: \(clean)")
        try expectWellFormed(clean)
    }

    @Test func limitsBoundTheWork() {
        let deep = Self.open + String(repeating: "<g>", count: 500) + String(repeating: "</g>", count: 500) + "</svg>"
        #expect(rejection(deep)?.contains("too complex") == true)
        let wide = Self.open + String(repeating: "<rect/>", count: 100_001) + "</svg>"
        #expect(rejection(wide)?.contains("too complex") == true)
    }

    @Test(arguments: [
        "<svg viewBox='0 0 1 1'><rect></g></svg>",
        "<svg viewBox='0 0 1 1'><rect x=1/></svg>",
        "<svg viewBox='0 0 1 1'><rect x='1' x='2'/></svg>",
        "<svg viewBox='0 0 1 1'>&bogus;</svg>",
        "<svg viewBox='0 0 1 1'/><svg viewBox='0 0 1 1'/>",
        "<svg viewBox='0 0 1 1'>a & b</svg>",
        "text<svg viewBox='0 0 1 1'/>",
    ])
    func malformedXMLIsRefused(svg: String) {
        #expect(rejection(svg) != nil, "\(svg)")
    }
}
