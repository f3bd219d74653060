import CCairo

#if canImport(Glibc)
    import Glibc
#endif

/// An anchor in a tagged page's content stream, drawn after an op whose output invoi cannot
/// count (an image, an SVG drawing, a group, text in a font Cairo embeds as Type 1 or Type 3,
/// a shape Cairo may leave out) and before one when the count so far can be checked.
/// `MarkedContentWriter` finds where each marked-content sequence begins by counting the glyphs
/// and painting operators Cairo writes; at an anchor it starts counting again. Cairo 1.16 has
/// no call that writes an operator of one's own, so the anchor is a tiny rectangle Cairo writes,
/// in the page's device space, as exactly `X Y 0.625 0.375 re f`, and the writer takes it out.
/// Its position carries its place among the page's anchors (modulo 49), so that one Cairo
/// dropped or an unrelated rectangle of that size fails the page rather than shifting it.
enum ContentMarker {
    static let width = 0.625
    static let height = 0.375

    /// Fills the `sequence`th anchor of the page. Called only between complete drawings,
    /// outside groups and clips, with a solid source: Cairo then writes the fill as it is, and
    /// never drops it. The painter sets a transform, an operator or a fill rule only between a
    /// save and a restore around one drawing, so none is in force here (checked in debug
    /// builds): each would change the bytes Cairo writes.
    static func draw(on cr: OpaquePointer, sequence: Int) {
        assert(isPlain(cr), "a content anchor drawn under a transform, an operator or a fill rule")
        let place = position(of: sequence)
        cairo_new_path(cr)
        cairo_rectangle(cr, Double(place.x) / 8, Double(place.y) / 8, width, height)
        cairo_fill(cr)
    }

    /// The anchor's x and y in eighths of a point, each 1…7.
    static func position(of sequence: Int) -> (x: Int, y: Int) {
        (1 + sequence % 7, 1 + (sequence / 7) % 7)
    }

    private static func isPlain(_ cr: OpaquePointer) -> Bool {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        return matrix.xx == 1 && matrix.yy == 1 && matrix.xy == 0 && matrix.yx == 0 && matrix.x0 == 0
            && matrix.y0 == 0 && cairo_get_operator(cr) == CAIRO_OPERATOR_OVER
            && cairo_get_fill_rule(cr) == CAIRO_FILL_RULE_WINDING
    }

    /// How Cairo writes every anchor's size: ` 0.625 0.375 ` and then `re f`.
    static let size = Array(" 0.625 0.375 ".utf8)
    static let signature = Array(" 0.625 0.375 re f\n".utf8)

    /// Whether `content` holds any anchor at all (a font or an image never does).
    static func isMarked(_ content: UnsafeRawBufferPointer) -> Bool {
        PDFBytes.firstIndex(of: signature, in: content) != nil
    }

    /// The anchor's place (x, y in eighths) when the four operands `X Y 0.625 0.375` end
    /// just before `end`; nil when they are anything else.
    static func anchor(operandsEndingAt end: Int, in content: UnsafeRawBufferPointer) -> (x: Int, y: Int)? {
        guard end >= size.count else { return nil }
        for index in 0..<size.count where content[end - size.count + index] != size[index] { return nil }
        guard let (y, yStart) = eighths(endingAt: end - size.count, in: content), yStart > 0,
            content[yStart - 1] == 0x20, let (x, xStart) = eighths(endingAt: yStart - 1, in: content),
            xStart == 0 || content[xStart - 1] == 0x0A || content[xStart - 1] == 0x20
        else { return nil }
        return (x, y)
    }

    /// The number of eighths written as `0.d…` just before `end`, and where it starts.
    private static func eighths(endingAt end: Int, in content: UnsafeRawBufferPointer) -> (Int, Int)? {
        var start = end
        while start > 0, content[start - 1] != 0x20, content[start - 1] != 0x0A, end - start < 6 { start -= 1 }
        let length = end - start
        guard length >= 3, content[start] == 0x30, content[start + 1] == 0x2E else { return nil }
        var thousandths = 0
        var digits = 0
        for index in (start + 2)..<end {
            let digit = Int(content[index]) - 0x30
            guard (0...9).contains(digit) else { return nil }
            thousandths = thousandths * 10 + digit
            digits += 1
        }
        while digits < 3 {
            thousandths *= 10
            digits += 1
        }
        guard digits == 3, thousandths % 125 == 0 else { return nil }
        return (thousandths / 125, start)
    }
}

/// What one page's marked content is, in drawing order: where each sequence begins, counted
/// in the glyphs and painting operators Cairo writes since the page's last anchor, and the
/// anchors themselves.
struct PageMarks {
    struct Event {
        /// Glyphs and painting operators (a fill and a stroke of one path count two, as Cairo
        /// may write them as one `B`) drawn since the last anchor, before this event.
        var glyphs: Int32
        var paints: Int32
        /// A boundary: what the content after it belongs to (`Self.none`, `Self.artifact` or a
        /// structure sequence, by index); an anchor: `Self.anchor`.
        var opening: Int32
        /// An anchor's: whether its counts hold (no uncommon op since the last anchor).
        var isVerified: Bool
    }

    static let none: Int32 = -1
    static let artifact: Int32 = -2
    static let anchor: Int32 = -3

    private(set) var events: [Event] = []
    /// Each structure sequence's tag (`/P`), one after another; its first MCID is its index.
    private(set) var tags: [UInt8] = []
    private(set) var tagEnds: [Int32] = []
    /// The counts at the page's end, since its last anchor, and whether they hold.
    private(set) var end = Event(glyphs: 0, paints: 0, opening: none, isVerified: true)

    var isEmpty: Bool { events.isEmpty }
    var structureCount: Int { tagEnds.count }

    /// A structure sequence's tag, as its operators begin: `/P`.
    func tagBytes(of sequence: Int) -> ArraySlice<UInt8> {
        let start = sequence == 0 ? 0 : Int(tagEnds[sequence - 1])
        return tags[start..<Int(tagEnds[sequence])]
    }

    /// Adds a structure sequence tagged `type`; its index, which is its first MCID.
    mutating func addStructureSequence(type: String) -> Int32 {
        tags.append(0x2F)
        tags += type.utf8
        tagEnds.append(Int32(tags.count))
        return Int32(tagEnds.count - 1)
    }

    mutating func begin(_ opening: Int32, glyphs: Int32, paints: Int32) {
        events.append(Event(glyphs: glyphs, paints: paints, opening: opening, isVerified: false))
    }

    mutating func addAnchor(glyphs: Int32, paints: Int32, isVerified: Bool) {
        events.append(Event(glyphs: glyphs, paints: paints, opening: Self.anchor, isVerified: isVerified))
    }

    mutating func finish(glyphs: Int32, paints: Int32, isVerified: Bool) {
        end = Event(glyphs: glyphs, paints: paints, opening: Self.none, isVerified: isVerified)
    }
}

/// Puts a page's marked content into its content stream, once: the first stream compressed
/// while the page is written that holds an anchor, or for a page without one the first that
/// begins as Cairo begins a page, is its content stream (fonts and images hold none). Cairo's
/// compression hands it over gathered (the `deflate` speedup) or, when it did not, the file's
/// rewriter finds it compressed and hands it over inflated.
final class PageMarkApplication {
    private var marks: PageMarks?
    private let hasAnchors: Bool
    private(set) var failure: MarkedContentWriter.Failure?
    /// The MCIDs beyond the sequences' own: a sequence Cairo's text objects cut in pieces.
    private(set) var extraPieces: [MarkedContentWriter.Piece] = []

    init(_ marks: PageMarks) {
        self.marks = marks.isEmpty ? nil : marks
        hasAnchors = marks.events.contains { $0.opening == PageMarks.anchor }
    }

    /// Whether the marks are still to be put (the page's content stream has not come).
    var isPending: Bool { marks != nil }

    private static let pageStart = Array("1 0 0 -1 0 ".utf8)

    /// The stream with the marked content put in, if it is the page's content; nil to leave it.
    func apply(to content: UnsafeRawBufferPointer) -> [UInt8]? {
        guard let marks else { return nil }
        if hasAnchors {
            guard ContentMarker.isMarked(content) else { return nil }
        } else {
            guard content.count >= Self.pageStart.count,
                content.prefix(Self.pageStart.count).elementsEqual(Self.pageStart)
            else { return nil }
        }
        self.marks = nil
        do {
            let written = try MarkedContentWriter.write(content, marks: marks)
            extraPieces = written.extraPieces
            return written.bytes
        } catch {
            failure = error
            return nil
        }
    }
}
