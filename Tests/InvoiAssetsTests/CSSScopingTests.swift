import Testing

@testable import InvoiAssets

/// A logo's stylesheet is scoped to the logo's root, so that inlined into a page it can
/// select only the logo's own elements.
@Suite struct CSSScopingTests {
    private func scoped(_ css: String, sourceRootID: String? = nil) -> String {
        CSSSanitizer.stylesheet(css, renaming: IDRenaming(sourceRootID: sourceRootID))
    }

    @Test(arguments: [
        // Type selectors never match the root (but svg): only its descendants.
        ("path { fill: red }", "#logo path { fill: red }"),
        ("use{display:none}", "#logo use {display:none}"),
        // Class, attribute and universal selectors may also match the root itself.
        (".cls-1{fill:#123456}", "#logo .cls-1, #logo.cls-1 {fill:#123456}"),
        ("*{opacity:0}", "#logo *, *#logo {opacity:0}"),
        (#"[fill="red"]{x:y}"#, #"#logo [fill="red"], #logo[fill="red"] {x:y}"#),
        ("svg { fill: blue }", "#logo svg, svg#logo { fill: blue }"),
        ("svg > g{x:y}", "#logo svg > g, svg#logo > g {x:y}"),
        ("*|svg g{x:y}", "#logo *|svg g, *|svg#logo g {x:y}"),
        // Compound and complex selectors, comma lists.
        ("rect.a:hover>use , path{x:y}", "#logo rect.a:hover > use, #logo path {x:y}"),
        ("path,use,rect,line{fill:red}", "#logo path, #logo use, #logo rect, #logo line {fill:red}"),
        ("g.a.b[x~='1'] ~ circle::before{x:y}", "#logo g.a.b[x~='1'] ~ circle::before {x:y}"),
        ("svg|rect{x:y}", "#logo svg|rect {x:y}"),
        // A sibling of the root is the page's: the root variant is left out.
        (".a + g{x:y}", "#logo .a + g {x:y}"),
        // Ids are renamed; a compound with another id is never the root.
        ("#mark, .x > #other{x:y}", "#logo #logo-mark, #logo .x > #logo-other, #logo.x > #logo-other {x:y}"),
        ("g:not(#a, :root):nth-child(2n+1){x:y}", "#logo g:not(#logo-a, #logo):nth-child(2n+1) {x:y}"),
        // Selectors of the root itself.
        (":root{fill:red}", "#logo {fill:red}"),
        (":root > g, :scope .a{x:y}", "#logo > g, #logo .a {x:y}"),
        ("svg:root{x:y}", "svg#logo {x:y}"),
        (":root + rect{x:y} .a ~ :root{x:y} .b{x:y}", "#logo .a ~ #logo {x:y}\n#logo .b, #logo.b {x:y}"),
    ])
    func selectorsAreScopedToTheRoot(css: String, expected: String) {
        #expect(scoped(css) == expected)
    }

    @Test func theSourceRootsIDNamesTheRoot() {
        #expect(scoped("#brand .a, g#brand{x:y} #brand + g{x:y}", sourceRootID: "brand") == "#logo .a, g#logo {x:y}")
        #expect(scoped("#other{fill:url(#brand)}", sourceRootID: "brand") == "#logo #logo-other {fill:url(#logo)}")
    }

    @Test func mediaAndSupportsKeepTheirRulesScoped() {
        let css =
            "@media print { .a{fill:red} path{x:y} } @supports (fill: red) { @MEDIA screen { rect { x: url(#g) } } }"
        #expect(
            scoped(css) == """
                @media print {
                #logo .a, #logo.a {fill:red}
                #logo path {x:y}
                }
                @supports (fill: red) {
                @MEDIA screen {
                #logo rect { x: url(#logo-g) }
                }
                }
                """)
    }

    @Test func otherAtRulesAreDropped() {
        let css = """
            @charset "utf-8"; @import url(a.css); @import "b.css" print; @namespace svg url(http://www.w3.org/2000/svg);
            @font-face { font-family: X; src: url(x.woff) } @keyframes k { from { opacity: 0 } to { opacity: 1 } }
            @page { margin: 0 } @layer base { path { fill: red } } @property --x { syntax: '*'; inherits: true }
            @media; .b { fill: blue }
            """
        #expect(scoped(css) == "#logo .b, #logo.b { fill: blue }")
    }

    @Test(arguments: [
        "a { fill: red",  // never closed
        "a { fill: red } }",
        "a { content: \"}\" }",  // a string with a brace
        "a { content: \"x } b { }",  // a string that never ends
        "a[x { fill: red }",
        "a { fill: (red }",
        "a { b { c: d } }",  // nesting
        "a { b: c } d",  // a selector without a block
        "a; b { c: d }",
        "a,,b { c: d }",
        "a, { c: d }",
        "a & b { c: d }",
        "a || b { c: d }",
        ".1a { c: d }",
        "# { c: d }",
        "a/**/*b { c: d }",
        "a { c: d } /* never closed",
        "a { b: //**/* }",  // removing the comment joins a new opener
        "a { fill: \\75rl(x) }",
        "@media print { a { fill: red }",
        "@media print { a b }",
    ])
    func unreadableStylesheetsAreDroppedWhole(css: String) {
        #expect(scoped(".ok { fill: blue } " + css) == "", "\(css)")
    }

    @Test func commentsAndHTMLCommentMarkersGo() {
        #expect(scoped("<!-- /* a */ .a /* b */ { fill: /* c */ red } -->") == "#logo .a, #logo.a { fill:  red }")
        #expect(scoped("a { content: \"/* kept */\" }") == "#logo a { content: \"/* kept */\" }")
    }
}
