import InvoiDocument
import Testing

@testable import InvoiText

@Suite struct OutlineTests {
    func outline(of character: String) throws -> GlyphOutline {
        let shaper = try fixedShaper()
        let run = try #require(shaper.shapeLine(character, font: body, tracking: 0).runs.first)
        return try #require(shaper.outline(of: run.glyphs[0].id, in: run.font))
    }

    @Test func theOutlineOfAHasMovesLinesAndCloses() throws {
        let a = try outline(of: "A")
        #expect(a.unitsPerEm == 1000)
        #expect(a.elements.contains { if case .move = $0 { true } else { false } })
        #expect(a.elements.contains { if case .line = $0 { true } else { false } })
        #expect(a.elements.contains(.close))
        // In font units, inside the 600-unit cell and above the descender.
        for case .line(let p) in a.elements { #expect((0...600).contains(p.x) && (-300...1020).contains(p.y)) }
    }

    @Test func roundGlyphsHaveQuadraticCurves() throws {
        // JetBrains Mono is TrueType: curves come as quadratic Béziers.
        let o = try outline(of: "O")
        #expect(o.elements.contains { if case .quadCurve = $0 { true } else { false } })
        #expect(!o.elements.contains { if case .cubicCurve = $0 { true } else { false } })
    }

    @Test func aSpaceHasNoOutline() throws {
        #expect(try outline(of: " ").elements.isEmpty)
    }

    @Test func fallbackFacesHaveOutlinesToo() throws {
        let han = try outline(of: "发")
        #expect(!han.elements.isEmpty)
        #expect(han.unitsPerEm == 2048)  // WenQuanYi Micro Hei's head table
    }

    @Test func anUnreadableFaceHasNoOutline() throws {
        let missing = FontFace(
            family: "Gone", weight: 400, path: "/nonexistent/font.ttf", index: 0, postScriptName: "Gone")
        #expect(try fixedShaper().outline(of: 1, in: missing) == nil)
    }

    @Test func outlinesAreStableAcrossCalls() throws {
        #expect(try outline(of: "g") == outline(of: "g"))
    }
}
