import CCairo

#if canImport(Glibc)
    import Glibc
#endif

/// Where a tagged page's marked content begins and ends. Cairo 1.16 draws a page into a
/// recording and writes its content stream only when the page is shown, and has no call that
/// writes an operator of one's own between two drawings; its tag API does, but keeps the whole
/// structure tree until the file ends. So a tiny rectangle is filled where a marked-content
/// sequence begins or ends: Cairo writes it, in the page's device space, as exactly
/// `X Y 0.625 0.375 re f`, between the drawings before and after it (a fill always ends a text
/// object). Before the stream is compressed, each mark is replaced by its operators
/// (`EMC`, `/P <</MCID 3>> BDC`, `/Artifact BMC`). The mark's x fraction carries its place in the
/// page's sequence of marks (modulo 7) and its y fraction its kind, so that a mark Cairo dropped or
/// an unrelated rectangle of that size cannot shift the operators: the page then fails loudly.
enum ContentMarker {
    /// What the mark stands for; the operators themselves are the page's `PageMarks`.
    enum Kind: Int {
        case end = 1
        case beginStructure
        case beginArtifact
        case endAndBeginStructure
        case endAndBeginArtifact
    }

    static let width = 0.625
    static let height = 0.375

    /// Fills the mark for the `sequence`th mark of the page. Called only between complete
    /// drawings, outside groups and clips (the painter's clips end with the drawing that set them),
    /// with a solid source: Cairo then writes the fill as it is, and never drops it.
    /// The painter sets a transform, an operator or a fill rule only between a save and a
    /// restore around one drawing, so none is in force here (checked in debug builds): each would
    /// change the bytes Cairo writes. A save and restore of its own would cost every mark more.
    static func draw(on cr: OpaquePointer, sequence: Int, kind: Kind) {
        assert(isPlain(cr), "a content mark drawn under a transform, an operator or a fill rule")
        cairo_new_path(cr)
        cairo_rectangle(cr, Double(1 + sequence % 7) / 8, Double(kind.rawValue) / 8, width, height)
        cairo_fill(cr)
    }

    private static func isPlain(_ cr: OpaquePointer) -> Bool {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        return matrix.xx == 1 && matrix.yy == 1 && matrix.xy == 0 && matrix.yx == 0 && matrix.x0 == 0
            && matrix.y0 == 0 && cairo_get_operator(cr) == CAIRO_OPERATOR_OVER
            && cairo_get_fill_rule(cr) == CAIRO_FILL_RULE_WINDING
    }

    /// How Cairo ends every mark's line.
    static let signature = Array(" 0.625 0.375 re f\n".utf8)

    /// Whether `content` holds any mark at all (a font or an image never does).
    static func isMarked(_ content: UnsafeRawBufferPointer) -> Bool {
        PDFBytes.firstIndex(of: signature, in: content) != nil
    }

    enum Failure: Error, Equatable {
        /// The `index`th mark found is not the one drawn in that place.
        case mismatch(index: Int)
        /// Marks drawn and found.
        case count(drawn: Int, found: Int)
    }

    /// `content` with each mark replaced by its operators, in order.
    static func replacingMarks(in content: UnsafeRawBufferPointer, with marks: PageMarks) throws(Failure) -> [UInt8] {
        guard let base = content.baseAddress else { throw .count(drawn: marks.count, found: 0) }
        var out: [UInt8] = []
        out.reserveCapacity(content.count + marks.text.count)
        var copied = 0
        var found = 0
        var position = 0
        while let at = PDFBytes.firstIndex(of: signature, in: content, from: position) {
            position = at + signature.count
            // Back over `X Y`: two numbers, each a fraction of eighths Cairo writes as `0.125` … `0.875`.
            guard let (y, yStart) = eighths(endingAt: at, in: content), yStart > 0,
                content[yStart - 1] == 0x20, let (x, xStart) = eighths(endingAt: yStart - 1, in: content),
                xStart == 0 || content[xStart - 1] == 0x0A || content[xStart - 1] == 0x20
            else { continue }
            guard found < marks.count, x == 1 + found % 7, y == Int(marks.kinds[found]) else {
                throw .mismatch(index: found)
            }
            out.append(contentsOf: UnsafeRawBufferPointer(start: base + copied, count: xStart - copied))
            let textStart = found == 0 ? 0 : Int(marks.ends[found - 1])
            out.append(contentsOf: marks.text[textStart..<Int(marks.ends[found])])
            copied = position
            found += 1
        }
        guard found == marks.count else { throw .count(drawn: marks.count, found: found) }
        // The page's last sequence ends before the `Q` that ends Cairo's page, with no mark of its own.
        var end = content.count
        if !marks.closing.isEmpty, end - copied >= 2, content[end - 2] == UInt8(ascii: "Q"), content[end - 1] == 0x0A,
            end - copied == 2 || content[end - 3] == 0x0A
        {
            end -= 2
        }
        out.append(contentsOf: UnsafeRawBufferPointer(start: base + copied, count: end - copied))
        out.append(contentsOf: marks.closing)
        out.append(contentsOf: UnsafeRawBufferPointer(start: base + end, count: content.count - end))
        return out
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

/// The marks drawn on one page, in order: each one's kind and the operators that replace it.
struct PageMarks {
    private(set) var kinds: [UInt8] = []
    /// Every mark's operators, one after another; `ends[i]` is where the `i`th one's end.
    private(set) var text: [UInt8] = []
    private(set) var ends: [Int32] = []

    /// What ends the page's last sequence, put in without a mark (`EMC`), or nothing.
    var closing: [UInt8] = []

    var count: Int { kinds.count }
    var isEmpty: Bool { kinds.isEmpty && closing.isEmpty }

    mutating func append(_ kind: ContentMarker.Kind, operators: (inout [UInt8]) -> Void) {
        kinds.append(UInt8(kind.rawValue))
        operators(&text)
        ends.append(Int32(text.count))
    }
}

/// Puts a page's marks into its content stream, once: the first stream compressed while the
/// page is written that holds marks is its content stream (fonts and images hold none). Cairo's
/// compression hands it over gathered (the `deflate` speedup) or, when it did not, the file's
/// rewriter finds it compressed and hands it over inflated.
final class PageMarkApplication {
    private var marks: PageMarks?
    private(set) var failure: ContentMarker.Failure?

    init(_ marks: PageMarks) {
        self.marks = marks.isEmpty ? nil : marks
    }

    /// Whether the marks are still to be put (the page's content stream has not come).
    var isPending: Bool { marks != nil }

    /// The stream with the marks put in, if it is the page's content; nil to leave it as it is.
    func apply(to content: UnsafeRawBufferPointer) -> [UInt8]? {
        guard let marks, ContentMarker.isMarked(content) else { return nil }
        self.marks = nil
        do {
            return try ContentMarker.replacingMarks(in: content, with: marks)
        } catch {
            failure = error
            return nil
        }
    }
}
