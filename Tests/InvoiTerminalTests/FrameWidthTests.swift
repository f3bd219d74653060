import InvoiDocument
import Testing

@testable import InvoiTerminal

/// An outlined rectangle around text is drawn as a box (FrameElement), which must stay
/// within the grid however long a word inside it is (found by `tools/fuzz txt`).
struct FrameWidthTests {
    static func framedPage(_ word: String) -> Page {
        let frame = Rect(x: 200, y: 300, width: 120, height: 30)
        return Page(
            size: Fixture.page,
            ops: [
                .rect(RectOp(rect: frame, stroke: Stroke(width: 1, color: Fixture.primary))),
                Fixture.text(word, px: 12, box: (frame.minX, frame.maxX), baseline: frame.minY + 20),
            ])
    }

    @Test(arguments: [20, 46, 80])
    func aLongWordInAFrameStaysWithinTheWidth(columns: Int) throws {
        let word = String(repeating: "Pneumonoultramicroscopic", count: 5) + "-"
        let lines = Preview.lines(try Preview.render(Self.framedPage(word), columns: columns))
        #expect(lines.contains { $0.contains("│") }, "the frame is drawn")
        for line in lines {
            #expect(DisplayWidth.of(line) <= columns, "\(columns) columns: \(line)")
        }
        // The word is all there, cut over lines inside the box.
        let inside = lines.filter { $0.contains("│") }.map {
            $0.replacingOccurrences(of: "│", with: "").trimmingCharacters(in: .whitespaces)
        }
        #expect(inside.joined() == word)
    }
}
