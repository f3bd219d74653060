import Testing

@testable import InvoiCairo

/// `MarkedContentWriter` on content streams written as Cairo writes them.
@Suite struct MarkedContentWriterTests {
    /// A page's marks: `begin` a structure sequence tagged `type` (or an artifact, or nothing)
    /// after so many glyphs and painting operators, anchors, and the counts at the end.
    private struct Page {
        var marks = PageMarks()
        mutating func structure(_ type: String, glyphs: Int32, paints: Int32 = 0) {
            marks.begin(marks.addStructureSequence(type: type), glyphs: glyphs, paints: paints)
        }
        mutating func artifact(glyphs: Int32, paints: Int32 = 0) {
            marks.begin(PageMarks.artifact, glyphs: glyphs, paints: paints)
        }
        mutating func nothing(glyphs: Int32, paints: Int32 = 0) {
            marks.begin(PageMarks.none, glyphs: glyphs, paints: paints)
        }
        mutating func anchor(glyphs: Int32, paints: Int32, isVerified: Bool = true) {
            marks.addAnchor(glyphs: glyphs, paints: paints, isVerified: isVerified)
        }
        mutating func end(glyphs: Int32, paints: Int32 = 0, isVerified: Bool = true) {
            marks.finish(glyphs: glyphs, paints: paints, isVerified: isVerified)
        }
    }

    private func written(
        _ content: String, _ page: Page
    ) throws(MarkedContentWriter.Failure) -> (
        String, [MarkedContentWriter.Piece]
    ) {
        let bytes = Array(content.utf8)
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(MarkedContentWriter.Failure) in try MarkedContentWriter.write(raw, marks: page.marks) }
        }
        let out = try result.get()
        return (String(decoding: out.bytes, as: UTF8.self), out.extraPieces)
    }

    @Test func runsCairoKeptInOneTextObjectArePartedWhereTheirGlyphsEnd() throws {
        // Three drawings of 2, 3 and 2 glyphs, which Cairo ran together: a `Td` between the
        // first two, the last two in one `TJ` array (one of them inside one string).
        var page = Page()
        page.structure("TH", glyphs: 0)
        page.structure("TH", glyphs: 2)
        page.structure("TD", glyphs: 5)
        page.end(glyphs: 7)
        let content = "BT\n9 0 0 -9 42 80 Tm\n/f-0-0 1 Tf\n(ab)Tj\n38.5 0 Td\n[(cd)-80(ef)-20(g)]TJ\nET\n"
        let (out, pieces) = try written(content, page)
        #expect(
            out
                == "BT\n9 0 0 -9 42 80 Tm\n/f-0-0 1 Tf\n/TH <</MCID 0>> BDC\n(ab)Tj\n38.5 0 Td\nEMC\n"
                + "/TH <</MCID 1>> BDC\n[(cd)-80(e)]TJ\nEMC\n/TD <</MCID 2>> BDC\n[(f)-20(g)]TJ\nEMC\nET\n")
        #expect(pieces.isEmpty)
    }

    @Test func aBoundaryBetweenTwoStringsLeavesTheAdjustmentWithTheFirst() throws {
        var page = Page()
        page.structure("P", glyphs: 0)
        page.structure("P", glyphs: 2)
        page.end(glyphs: 3)
        let (out, _) = try written("BT\n[(ab)-8800(c)]TJ\nET\n", page)
        #expect(out == "BT\n/P <</MCID 0>> BDC\n[(ab)-8800]TJ\nEMC\n/P <</MCID 1>> BDC\n[(c)]TJ\nEMC\nET\n")
    }

    @Test func escapesAndCompositeCodesCountOneGlyphEach() throws {
        // `\(` and `\247` are one Latin glyph each; a composite font's code is four digits,
        // also across Cairo's line wrapping.
        var page = Page()
        page.structure("P", glyphs: 0)
        page.structure("P", glyphs: 3)
        page.structure("Span", glyphs: 4)
        page.end(glyphs: 6)
        let (out, _) = try written("BT\n(\\(\\247a)Tj\n<0012\n0034 0056>Tj\nET\n", page)
        #expect(
            out
                == "BT\n/P <</MCID 0>> BDC\n(\\(\\247a)Tj\nEMC\n/P <</MCID 1>> BDC\n<0012\n>Tj\nEMC\n"
                + "/Span <</MCID 2>> BDC\n<0034 0056>Tj\nEMC\nET\n")
    }

    @Test func aLatinSubsetsCodesAreOneByteAlsoInHex() throws {
        // Cairo writes a font's subset 0 (its Latin subset) as a literal string or as two hex
        // digits a glyph, its other subsets as four.
        var page = Page()
        page.structure("P", glyphs: 0)
        page.structure("P", glyphs: 3)
        page.structure("P", glyphs: 5)
        page.end(glyphs: 6)
        let content = "BT\n/f-1-0 1 Tf\n<209720>Tj\n/f-12-1 1 Tf\n<00090007>Tj\n/f-3-0 1 Tf\n<41>Tj\nET\n"
        #expect(
            try written(content, page).0
                == "BT\n/f-1-0 1 Tf\n/P <</MCID 0>> BDC\n<209720>Tj\n/f-12-1 1 Tf\nEMC\n/P <</MCID 1>> BDC\n"
                + "<00090007>Tj\n/f-3-0 1 Tf\nEMC\n/P <</MCID 2>> BDC\n<41>Tj\nEMC\nET\n")
    }

    @Test func aSequenceOverSeveralTextObjectsBeginsAndEndsOutsideThem() throws {
        // A label and its value in one element, which Cairo writes in two text objects (a
        // colour change ends one), then a rule, then text in a text object of its own.
        var page = Page()
        page.structure("P", glyphs: 0)
        page.artifact(glyphs: 4)
        page.structure("P", glyphs: 4, paints: 1)
        page.end(glyphs: 5, paints: 1)
        let content = "BT\n(ab)Tj\nET\n0.5 g BT\n(cd)Tj\nET\n10 10 m 90 10 l S\nBT\n(e)Tj\nET\nQ\n"
        let (out, pieces) = try written(content, page)
        #expect(
            out
                == "/P <</MCID 0>> BDC\nBT\n(ab)Tj\nET\n0.5 g BT\n(cd)Tj\nET\nEMC\n"
                + "/Artifact BMC\n10 10 m 90 10 l S\nEMC\n/P <</MCID 1>> BDC\nBT\n(e)Tj\nET\nEMC\nQ\n")
        #expect(pieces.isEmpty)
    }

    @Test func aTextObjectIsEndedAndBegunAgainWhereCairoSetsTheWholeTextMatrix() throws {
        // A label in the text object of the text before it, at a new size (a `Tm`), and its
        // value in the next text object: the text object is parted at the `Tm`, so that the
        // element is one sequence outside both.
        var page = Page()
        page.structure("P", glyphs: 0)
        page.structure("P", glyphs: 2)
        page.end(glyphs: 6)
        let content =
            "BT\n9 0 0 -9 42 80 Tm\n/f-0-0 1 Tf\n(ab)Tj\n7.5 0 0 -7.5 400 150 Tm\n/f-2-0 1 Tf\n(cd)Tj\nET\n"
            + "0.5 g BT\n9 0 0 -9 400 170 Tm\n(ef)Tj\nET\n"
        let (out, pieces) = try written(content, page)
        #expect(
            out
                == "/P <</MCID 0>> BDC\nBT\n9 0 0 -9 42 80 Tm\n/f-0-0 1 Tf\n(ab)Tj\nET\nEMC\n/P <</MCID 1>> BDC\nBT\n"
                + "7.5 0 0 -7.5 400 150 Tm\n/f-2-0 1 Tf\n(cd)Tj\nET\n0.5 g BT\n9 0 0 -9 400 170 Tm\n(ef)Tj\nET\nEMC\n")
        #expect(pieces.isEmpty)
    }

    @Test func aSequenceThatEndsInsideATextObjectItBeganBeforeHasAPieceInIt() throws {
        // A figure's frame and its caption's first glyphs, then the next element's glyphs in the
        // same text object: the figure's glyphs there become its second piece, MCID 2.
        var page = Page()
        page.structure("Figure", glyphs: 0)
        page.structure("P", glyphs: 2, paints: 1)
        page.end(glyphs: 4, paints: 1)
        let (out, pieces) = try written("10 10 5 5 re f\nBT\n(ab)Tj\n(cd)Tj\nET\n", page)
        #expect(
            out
                == "/Figure <</MCID 0>> BDC\n10 10 5 5 re f\nEMC\nBT\n/Figure <</MCID 2>> BDC\n(ab)Tj\nEMC\n"
                + "/P <</MCID 1>> BDC\n(cd)Tj\nEMC\nET\n")
        #expect(pieces == [MarkedContentWriter.Piece(sequence: 0, mcid: 2)])
    }

    @Test func aFillAndAStrokeCairoJoinedCountTwoAndAnAnchorRestartsTheCount() throws {
        // A framed box (`B`), an image between anchors (its output is not counted), then text
        // counted from the second anchor.
        var page = Page()
        page.artifact(glyphs: 0)
        page.structure("Figure", glyphs: 0, paints: 2)
        page.anchor(glyphs: 0, paints: 2)
        page.anchor(glyphs: 0, paints: 0, isVerified: false)
        page.structure("P", glyphs: 0, paints: 0)
        page.end(glyphs: 1)
        let content =
            "q\n1 0 0 rg 10 10 50 50 re B\n0 0 0 rg 0.125 0.125 0.625 0.375 re f\n"
            + "q 50 0 0 50 10 10 cm /x5 Do Q\n0.25 0.125 0.625 0.375 re f\nBT\n(a)Tj\nET\nQ\n"
        let (out, _) = try written(content, page)
        #expect(
            out
                == "q\n1 0 0 rg /Artifact BMC\n10 10 50 50 re B\n0 0 0 rg EMC\n"
                + "/Figure <</MCID 0>> BDC\nq 50 0 0 50 10 10 cm /x5 Do Q\nEMC\n"
                + "/P <</MCID 1>> BDC\nBT\n(a)Tj\nET\nEMC\nQ\n")
    }

    @Test func cairosOwnActualTextSpansStayInsideTheSequence() throws {
        var page = Page()
        page.structure("P", glyphs: 0)
        page.structure("P", glyphs: 2)
        page.end(glyphs: 3)
        let content =
            "BT\n/Span << /ActualText <FEFF0066> >> BDC\n(fi)Tj\nEMC\n/Span << /ActualText <FEFF> >> BDC\n(x)Tj\nEMC\nET\n"
        let (out, _) = try written(content, page)
        #expect(
            out
                == "BT\n/P <</MCID 0>> BDC\n/Span << /ActualText <FEFF0066> >> BDC\n(fi)Tj\nEMC\nEMC\n"
                + "/P <</MCID 1>> BDC\n/Span << /ActualText <FEFF> >> BDC\n(x)Tj\nEMC\nEMC\nET\n")
    }

    @Test func anEmptySequenceKeepsItsMCIDAndTheLastEndsBeforeCairosQ() throws {
        var page = Page()
        page.structure("P", glyphs: 0)
        page.structure("P", glyphs: 1)
        page.structure("Figure", glyphs: 1)
        page.end(glyphs: 1, paints: 1)
        let (out, _) = try written("q\nBT\n(a)Tj\nET\n10 10 5 5 re f\nQ\n", page)
        #expect(
            out
                == "q\n/P <</MCID 0>> BDC\nBT\n(a)Tj\nET\nEMC\n/P <</MCID 1>> BDC\nEMC\n"
                + "/Figure <</MCID 2>> BDC\n10 10 5 5 re f\nEMC\nQ\n")
        // A structure sequence with nothing drawn at the page's end, and content outside any.
        var last = Page()
        last.nothing(glyphs: 0)
        last.structure("P", glyphs: 1)
        last.end(glyphs: 1)
        #expect(try written("BT\n(a)Tj\nET\nQ\n", last).0 == "BT\n(a)Tj\nET\n/P <</MCID 0>> BDC\nEMC\nQ\n")
    }

    @Test func whatCairoDidNotWriteAsCountedFailsThePage() {
        var page = Page()
        page.structure("P", glyphs: 0)
        page.structure("P", glyphs: 2)
        page.end(glyphs: 3)
        // A glyph short: the second sequence would take the first's last glyph.
        #expect(throws: MarkedContentWriter.Failure.count(glyphs: 2, paints: 0, expectedGlyphs: 3, expectedPaints: 0)) {
            try written("BT\n(ab)Tj\nET\n", page)
        }
        #expect(throws: MarkedContentWriter.Failure.unreached(events: 1)) { try written("BT\n(a)Tj\nET\n", page) }
        // An anchor Cairo dropped, one of another place, one where none was drawn.
        var anchored = Page()
        anchored.structure("P", glyphs: 0)
        anchored.anchor(glyphs: 1, paints: 0)
        anchored.anchor(glyphs: 0, paints: 0, isVerified: false)
        anchored.end(glyphs: 0)
        let one = "BT\n(a)Tj\nET\n0.125 0.125 0.625 0.375 re f\n"
        #expect(throws: MarkedContentWriter.Failure.unreached(events: 1)) { try written(one, anchored) }
        #expect(throws: MarkedContentWriter.Failure.anchor(index: 1)) {
            try written(one + "0.375 0.125 0.625 0.375 re f\n", anchored)
        }
        #expect(throws: MarkedContentWriter.Failure.anchor(index: 0)) {
            try written("0.125 0.125 0.625 0.375 re f\n", Page())
        }
        // An anchor whose count up to it is checked, and a text object Cairo wrote twice.
        #expect(throws: MarkedContentWriter.Failure.count(glyphs: 2, paints: 0, expectedGlyphs: 1, expectedPaints: 0)) {
            try written("BT\n(ab)Tj\nET\n0.125 0.125 0.625 0.375 re f\n0.25 0.125 0.625 0.375 re f\n", anchored)
        }
    }

    @Test func bytesNoCairoPageHoldsFailThePage() {
        var page = Page()
        page.structure("P", glyphs: 0)
        page.end(glyphs: 1)
        for content in ["BT\n(a)Tj\nET\n)", "BT\n(a\n", "BT\n<0012\n", "BI /W 1 ID x EI\n", "BT\n(a)'\nET\n"] {
            #expect(throws: MarkedContentWriter.Failure.self) { try written(content, page) }
        }
    }

    @Test func theAnchorsPlaceRunsModuloFortyNine() {
        let places = (0..<60).map(ContentMarker.position(of:))
        #expect(Set(places.prefix(49).map { "\($0.x),\($0.y)" }).count == 49)
        #expect(places[49] == places[0] && places[50] == places[1])
        #expect(places.allSatisfy { (1...7).contains($0.x) && (1...7).contains($0.y) })
    }

    @Test func theContentStreamIsTheFirstWithAnAnchorOrThatBeginsAsAPage() {
        var anchored = Page()
        anchored.structure("P", glyphs: 0)
        anchored.anchor(glyphs: 0, paints: 1)
        anchored.end(glyphs: 0)
        let application = PageMarkApplication(anchored.marks)
        let image = Array("1 0 0 -1 0 842 cm\nno anchor".utf8)
        #expect(image.withUnsafeBytes { application.apply(to: $0) } == nil)
        #expect(application.isPending)
        let content = Array("1 0 0 -1 0 842 cm\n9 9 9 9 re f\n0.125 0.125 0.625 0.375 re f\n".utf8)
        #expect(
            content.withUnsafeBytes { application.apply(to: $0) }
                == Array("1 0 0 -1 0 842 cm\n/P <</MCID 0>> BDC\n9 9 9 9 re f\nEMC\n".utf8))
        #expect(!application.isPending && application.failure == nil)
        #expect(content.withUnsafeBytes { application.apply(to: $0) } == nil)

        var plain = Page()
        plain.structure("P", glyphs: 0)
        plain.end(glyphs: 0, paints: 1)
        let unanchored = PageMarkApplication(plain.marks)
        #expect(Array("<< a font >>".utf8).withUnsafeBytes { unanchored.apply(to: $0) } == nil)
        #expect(
            Array("1 0 0 -1 0 842 cm\n9 9 9 9 re f\n".utf8).withUnsafeBytes { unanchored.apply(to: $0) }
                == Array("1 0 0 -1 0 842 cm\n/P <</MCID 0>> BDC\n9 9 9 9 re f\nEMC\n".utf8))
    }
}
