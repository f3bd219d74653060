import Testing

@testable import InvoiAssets

/// A logo's stylesheet is scoped to the logo's root, so that inlined into a page it can
/// select only the logo's own elements.
@Suite struct CSSScopingTests {
    private func scoped(_ css: String, sourceRootID: String? = nil) -> String {
        (try? CSSSanitizer.stylesheet(css, renaming: IDRenaming(sourceRootID: sourceRootID)))?.text ?? "(refused)"
    }

    @Test(arguments: [
        // Type selectors never match the root (but svg): only its descendants.
        ("path { fill: red }", "#logo path { fill: red }"),
        ("use{display:none}", "#logo use { display: none }"),
        // Class, attribute and universal selectors may also match the root itself.
        (".cls-1{fill:#123456}", "#logo .cls-1, #logo.cls-1 { fill: #123456 }"),
        ("*{opacity:0}", "#logo *, *#logo { opacity: 0 }"),
        (#"[fill="red"]{fill:red}"#, #"#logo [fill="red"], #logo[fill="red"] { fill: red }"#),
        ("svg { fill: blue }", "#logo svg, svg#logo { fill: blue }"),
        ("svg > g{fill:red}", "#logo svg > g, svg#logo > g { fill: red }"),
        ("*|svg g{fill:red}", "#logo *|svg g, *|svg#logo g { fill: red }"),
        // Compound and complex selectors, comma lists.
        ("rect.a:hover>use , path{fill:red}", "#logo rect.a:hover > use, #logo path { fill: red }"),
        ("path,use,rect,line{fill:red}", "#logo path, #logo use, #logo rect, #logo line { fill: red }"),
        ("g.a.b[x~='1'] ~ circle::before{fill:red}", "#logo g.a.b[x~='1'] ~ circle::before { fill: red }"),
        ("svg|rect{fill:red}", "#logo svg|rect { fill: red }"),
        // Attribute selectors of every form are kept as written.
        (
            "[ x ],[ns|x|='a' i],[*|x^=b],[|x$=\"url(c)\"s],[x*=d]{fill:red}",
            "#logo [ x ], #logo[ x ], #logo [ns|x|='a' i], #logo[ns|x|='a' i], #logo [*|x^=b], #logo[*|x^=b], #logo [|x$=\"url(c)\"s], #logo[|x$=\"url(c)\"s], #logo [x*=d], #logo[x*=d] { fill: red }"
        ),
        // A sibling of the root is the page's: the root variant is left out.
        (".a + g{fill:red}", "#logo .a + g { fill: red }"),
        // Ids are renamed; a compound with another id is never the root.
        (
            "#mark, .x > #other{fill:red}",
            "#logo #logo-mark, #logo .x > #logo-other, #logo.x > #logo-other { fill: red }"
        ),
        ("g:not(#a, :root):nth-child(2n+1){fill:red}", "#logo g:not(#logo-a, #logo):nth-child(2n+1) { fill: red }"),
        // Selectors of the root itself.
        (":root{fill:red}", "#logo { fill: red }"),
        (":root > g, :scope .a{fill:red}", "#logo > g, #logo .a { fill: red }"),
        ("svg:root{fill:red}", "svg#logo { fill: red }"),
        (
            ":root + rect{fill:red} .a ~ :root{fill:red} .b{fill:red}",
            "#logo .a ~ #logo { fill: red }\n#logo .b, #logo.b { fill: red }"
        ),
    ])
    func selectorsAreScopedToTheRoot(css: String, expected: String) {
        #expect(scoped(css) == expected)
    }

    @Test func theSourceRootsIDNamesTheRoot() {
        #expect(
            scoped("#brand .a, g#brand{fill:red} #brand + g{fill:red}", sourceRootID: "brand")
                == "#logo .a, g#logo { fill: red }")
        #expect(scoped("#other{fill:url(#brand)}", sourceRootID: "brand") == "#logo #logo-other { fill: url(#logo) }")
    }

    @Test func mediaAndSupportsKeepTheirRulesScoped() {
        let css =
            "@media print { .a{fill:red} path{stroke:blue} } "
            + "@supports (fill: red) { @MEDIA screen { rect { mask: url(#g) } } }"
        #expect(
            scoped(css) == """
                @media print {
                #logo .a, #logo.a { fill: red }
                #logo path { stroke: blue }
                }
                @supports (fill: red) {
                @media screen {
                #logo rect { mask: url(#logo-g) }
                }
                }
                """)
    }

    /// `10url(http://x/y)` is a dimension to CSS (the unit `url`), which any reader of the
    /// sanitised file would take for a URL: a condition keeps only the units media queries use.
    @Test func aMediaConditionKeepsOnlyTheUnitsOfMediaQueries() {
        #expect(
            scoped("@media (min-width: 10url(http://x/y)20px) { .a { fill: red } } .b { fill: blue }")
                == "#logo .b, #logo.b { fill: blue }")
        #expect(
            scoped("@media (min-width: 10em) and (min-resolution: 2dppx) { .a { fill: red } }")
                == "@media (min-width: 10em) and (min-resolution: 2dppx) {\n#logo .a, #logo.a { fill: red }\n}")
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

    /// Where the structure is unclear, a browser could end a rule elsewhere than this code.
    @Test(arguments: [
        "a { fill: red",  // never closed
        "a { fill: red } }",
        "a { content: \"x } b { }",  // a string that never ends
        "a { content: \"x\n } b { }",  // a string that a line break ends
        "a { fill: url(x y) }",  // a broken URL
        "a[x { fill: red }",
        "a { fill: (red }",
        "a { b: c } d",  // a selector without a block
        "a; b { c: d }",
        "@media print { a { fill: red }",
        "@media print { a b }",
    ])
    func unreadableStylesheetsAreDroppedWhole(css: String) {
        #expect(scoped(".ok { fill: blue } " + css) == "", "\(css)")
    }

    /// A rule whose selectors or declarations are not understood is left out, the others kept.
    @Test(arguments: [
        "a { content: \"}\" }",  // a string with a brace: no property that is kept
        "a { b { fill: red } }",  // nesting
        "a,,b { fill: red }",
        "a, { fill: red }",
        "a & b { fill: red }",
        "a || b { fill: red }",
        ".1a { fill: red }",
        "# { fill: red }",
        "a/**/*b { fill: red }",  // a comment between tokens that would read as one without it
        "a\\:b { fill: red }",  // an escape in a selector
        "a { fill: r/**/ed }",
        "a { b: //**/* }",
        "a { background: red; font-family: x; cursor: url(x.cur) }",  // properties that are not kept
        "a { fill: expression(alert(1)); stroke: attr(x); color: var(--x) }",  // functions that are not kept
        "a { fill: \"red\" }",
        "a { c: d } /* never closed",
        // Malformed attribute selectors, which a browser drops with their rule.
        "a[x=\"1\" y=\"2\"] { fill: red }",
        "a[x=\"1\" url(file:x)] { fill: red }",
        "a[x=url(file:x)] { fill: red }",
        "a[x y] { fill: red }",
        "a[=x] { fill: red }",
        "a[x=] { fill: red }",
        "a[x<y] { fill: red }",
        "a[x==y] { fill: red }",
        "a[1x] { fill: red }",
    ])
    func unreadableRulesAreLeftOut(css: String) {
        #expect(scoped(".ok { fill: blue } " + css) == "#logo .ok, #logo.ok { fill: blue }", "\(css)")
    }

    /// Escapes are decoded before any check, and never written: `\75 rl(` is `url(`.
    @Test(arguments: [
        ("a { fill: \\75rl(http://evil.invalid/x) }", "#logo a { fill: none }"),
        ("a { fill: \\75 rl(http://evil.invalid/x) }", "#logo a { fill: none }"),
        ("a { fill: u\\rl(http://evil.invalid/x) }", "#logo a { fill: none }"),
        ("a { fill: U\\52L(\"http://evil.invalid/x\") }", "#logo a { fill: none }"),
        ("a { fill: url(\\68ttp://evil.invalid/x) }", "#logo a { fill: none }"),
        ("a { fill: url(#\\67) }", "#logo a { fill: url(#logo-g) }"),
        ("a { f\\69ll: \\72 ed }", "#logo a { fill: red }"),
        ("a { fill: \\23 fff }", ""),  // an identifier "#fff", not a colour
    ])
    func escapesAreDecodedBeforeChecking(css: String, expected: String) {
        #expect(scoped(css) == expected, "\(css)")
    }

    @Test func commentsAndHTMLCommentMarkersGo() {
        #expect(scoped("<!-- /* a */ .a /* b */ { fill: /* c */ red } -->") == "#logo .a, #logo.a { fill: red }")
        #expect(scoped("a { stroke-dasharray: 1, /* x */ 2 }") == "#logo a { stroke-dasharray: 1, 2 }")
    }
}
