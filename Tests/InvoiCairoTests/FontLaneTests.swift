import Testing

@testable import InvoiCairo

/// Renders running at once draw through faces of their own, and a lane handed back is
/// reused, warm, by the next render.
struct FontLaneTests {
    @Test func rendersAtOnceGetLanesOfTheirOwn() {
        var lanes = FontLanes()
        let first = lanes.borrow()
        let second = lanes.borrow()
        #expect(first != second)
        lanes.handBack(first)
        #expect(lanes.borrow() == first, "a free lane is reused before a new one is made")
        #expect(lanes.borrow() != second, "a lane in use is never lent twice")
    }

    @Test func theLowestFreeLaneIsLentFirst() {
        var lanes = FontLanes()
        let made = (0..<3).map { _ in lanes.borrow() }
        lanes.handBack(made[2])
        lanes.handBack(made[0])
        lanes.handBack(made[0])
        #expect(lanes.borrow() == made[0])
        #expect(lanes.borrow() == made[2])
        #expect(lanes.borrow().number == 3, "a lane handed back twice is lent once")
    }

    @Test func eachLaneHasItsOwnFaces() throws {
        let fonts = CairoFontCache()
        let font = try TestFont.regular().face
        let first = fonts.borrowLane()
        let second = fonts.borrowLane()
        let faceInFirst = try fonts.face(for: font, in: first)
        #expect(try fonts.face(for: font, in: first) === faceInFirst)
        #expect(try fonts.face(for: font, in: second) !== faceInFirst)
    }

    @Test func aPainterHandsItsLaneBack() throws {
        let fonts = CairoFontCache()
        _ = try PDFBackend(fonts: fonts).render(try Fixtures.invoice())
        _ = try PDFBackend(fonts: fonts).render(try Fixtures.invoice())
        #expect(fonts.borrowLane().number == 0, "two renders one after the other share a lane")
    }
}
