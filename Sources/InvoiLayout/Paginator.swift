import InvoiDocument

/// Flows blocks down pages (a long table continues on the next page): rows never split unless a
/// row is taller than a page, the table header repeats on continuation pages, the
/// totals take at least the last row with them, and other sections stay whole.
struct Paginator {
    enum Item {
        /// A section kept whole, `gap` below the previous content.
        case section(Block, gap: Double)
        /// The items table: its header, its rows, and the block that must not start a page alone
        /// (the totals), `gap` below the last row.
        case table(header: Block, rows: Rows, gap: Double, trailer: Block)
        /// A section that may be cut between lines of text wherever a page ends, `gap` below the
        /// previous content; its first `keptTogether` points (a label and a first line) stay together.
        case flowing(Block, gap: Double, keptTogether: Double)
        /// The foot of the page, `height` up from the paper's bottom edge, kept for a part the
        /// page draws there (the Swiss QR-bill): on this page when what is on it ends `clearance`
        /// above it, else on a new page. Nothing follows it on its page.
        case foot(height: Double, clearance: Double)
    }

    /// The table's rows, each made when the paginator comes to it: a long table is never
    /// held whole.
    struct Rows {
        let count: Int
        let row: (Int) -> Block
    }

    let pageSize: Size
    let top: Double
    let bottom: Double

    /// The pages not yet handed on: the last is the one being filled.
    private var pages: [[DrawOp]] = [[]]
    /// How many pages were handed on before `pages[0]`.
    private var finishedCount = 0
    private var y: Double
    private var pageIsEmpty = true

    init(pageSize: Size, top: Double, bottom: Double) {
        self.pageSize = pageSize
        self.top = top
        self.bottom = bottom
        self.y = top
    }

    var pageHeight: Double { bottom - top }

    /// Flows `items` down pages, handing each page's ops to `finished` once nothing more can
    /// be added to it (in order, from the first); returns the number of pages. `finished`
    /// returns false to stop early (the output failed).
    @discardableResult
    static func paginate(
        _ items: [Item], pageSize: Size, top: Double, bottom: Double, finished: ([DrawOp]) -> Bool = { _ in true }
    ) -> Int {
        var paginator = Paginator(pageSize: pageSize, top: top, bottom: bottom)
        var going = true
        func handOn(_ paginator: inout Paginator) {
            going = going && paginator.handOnFinishedPages(to: finished)
        }
        for item in items where going {
            switch item {
            case .section(let block, let gap):
                paginator.place(block, gap: gap)
            case .table(let header, let rows, let gap, let trailer):
                paginator.placeTable(header: header, rows: rows, gap: gap, trailer: trailer) {
                    handOn(&$0)
                    return going
                }
            case .flowing(let block, let gap, let keptTogether):
                paginator.flow(block, gap: gap, keptTogether: keptTogether)
            case .foot(let height, let clearance):
                if !paginator.pageIsEmpty, paginator.y + clearance > pageSize.height - height + 0.001 {
                    paginator.newPage()
                }
                paginator.y = pageSize.height
                paginator.pageIsEmpty = false
            }
            handOn(&paginator)
        }
        let count = paginator.finishedCount + paginator.pages.count
        for page in paginator.pages where going { going = finished(page) }
        return count
    }

    /// The pages before the current one, handed on and forgotten; false when `finished` stops.
    private mutating func handOnFinishedPages(to finished: ([DrawOp]) -> Bool) -> Bool {
        guard pages.count > 1 else { return true }
        let done = pages.count - 1
        var going = true
        for page in pages[..<done] where going { going = finished(page) }
        pages.removeFirst(done)
        finishedCount += done
        return going
    }

    /// The ops of page `index` (counted from the first page of the document).
    private mutating func append(_ ops: [DrawOp], toPage index: Int) {
        pages[index - finishedCount] += ops
    }

    private func fits(_ height: Double, gap: Double) -> Bool {
        (pageIsEmpty ? top : y + gap) + height <= bottom + 0.001
    }

    private mutating func newPage() {
        pages.append([])
        y = top
        pageIsEmpty = true
    }

    private mutating func emit(_ block: Block, gap: Double) {
        let start = reserve(block.height, gap: gap).start
        pages[pages.count - 1] += block.ops.map { $0.offsetBy(dx: 0, dy: start) }
    }

    /// Room for `height` points on the current page, `gap` below what is there: where it starts.
    private mutating func reserve(_ height: Double, gap: Double) -> (page: Int, start: Double) {
        let start = pageIsEmpty ? top : y + gap
        y = start + height
        pageIsEmpty = false
        return (finishedCount + pages.count - 1, start)
    }

    /// Places a block whole, on a new page when it does not fit; a block taller than a
    /// whole page is cut between lines of text.
    private mutating func place(_ block: Block, gap: Double, continuation: Block? = nil) {
        if !fits(block.height, gap: gap), !pageIsEmpty {
            newPage()
            if let continuation { emit(continuation, gap: 0) }
        }
        guard !fits(block.height, gap: gap) else {
            emit(block, gap: gap)
            return
        }
        let cuts = BlockCuts(block)
        var chosen: [Double] = []
        var starts = [0.0]
        var places: [(page: Int, start: Double)] = []
        var offset = 0.0
        var restGap = gap
        while !fits(block.height - offset, gap: restGap) {
            let room = bottom - (pageIsEmpty ? top : y + restGap)
            let next: (cut: Double, nextStart: Double)
            if let cut = cuts.cut(after: offset, atMost: offset + room) {
                next = (cut, cut)
            } else if let forced = cuts.forcedCut(after: offset, atMost: offset + room) {
                next = forced
            } else {
                break
            }
            places.append(reserve(next.cut - offset, gap: restGap))
            chosen.append(next.cut)
            starts.append(next.nextStart)
            newPage()
            if let continuation { emit(continuation, gap: 0) }
            offset = next.nextStart
            restGap = 0
        }
        places.append(reserve(block.height - offset, gap: restGap))
        let pieces = cuts.pieces(cutAt: chosen, startingAt: starts)
        for (ops, place) in zip(pieces, places) {
            append(ops.map { $0.offsetBy(dx: 0, dy: place.start) }, toPage: place.page)
        }
    }

    /// `afterRow` is called after each row is placed (finished pages may be handed on then);
    /// it returns false to stop.
    private mutating func placeTable(
        header: Block, rows: Rows, gap: Double, trailer: Block, afterRow: (inout Paginator) -> Bool
    ) {
        // The header never ends a page alone: it goes where its first row fits too.
        var next = rows.count > 0 ? rows.row(0) : nil
        if !fits(header.height + (next?.height ?? 0), gap: gap), !pageIsEmpty {
            newPage()
        }
        emit(header, gap: gap)
        // On a continuation page the header is drawn again for the eye only: a pagination
        // artifact, so that a screen reader reads the table's head once.
        let repeatedHeader = header.asArtifact(.pagination)
        var rowsOnPage = 0
        var index = 0
        while let row = next {
            next = index + 1 < rows.count ? rows.row(index + 1) : nil
            let isLast = next == nil
            if isLast, rowsOnPage > 0, fits(row.height, gap: 0),
                !fits(row.height + gap + trailer.height, gap: 0)
            {
                // Take the last row over with the totals, so no page starts with totals alone.
                newPage()
                emit(repeatedHeader, gap: 0)
                rowsOnPage = 0
            }
            let pagesBefore = finishedCount + pages.count
            place(row, gap: 0, continuation: repeatedHeader)
            rowsOnPage = finishedCount + pages.count == pagesBefore ? rowsOnPage + 1 : 1
            index += 1
            guard afterRow(&self) else { return }
        }
        place(trailer, gap: gap)
    }

    /// Fills the rest of the page with as many lines as fit and carries on over the next pages,
    /// each continuation starting with a line (blank lines at a page break are dropped). The
    /// first part is never shorter than `keptTogether` (a label never ends a page alone) unless
    /// the page is empty.
    private mutating func flow(_ block: Block, gap: Double, keptTogether: Double) {
        let cuts = BlockCuts(block)
        var chosen: [Double] = []
        var starts = [0.0]
        var places: [(page: Int, start: Double)] = []
        var offset = 0.0
        var restGap = gap
        var minimumHead = keptTogether
        while !fits(block.height - offset, gap: restGap) {
            let room = bottom - (pageIsEmpty ? top : y + restGap)
            if let cut = cuts.cut(after: offset, atMost: offset + room),
                pageIsEmpty || cut - offset >= minimumHead - 0.001
            {
                places.append(reserve(cut - offset, gap: restGap))
                chosen.append(cut)
                newPage()
                offset = cuts.firstTop(after: cut)
                starts.append(offset)
                restGap = 0
                minimumHead = 0
            } else if !pageIsEmpty {
                newPage()
            } else if let forced = cuts.forcedCut(after: offset, atMost: offset + room) {
                places.append(reserve(forced.cut - offset, gap: restGap))
                chosen.append(forced.cut)
                newPage()
                offset = forced.nextStart
                starts.append(offset)
                restGap = 0
                minimumHead = 0
            } else {
                break
            }
        }
        places.append(reserve(block.height - offset, gap: restGap))
        for (ops, place) in zip(cuts.pieces(cutAt: chosen, startingAt: starts), places) {
            append(ops.map { $0.offsetBy(dx: 0, dy: place.start) }, toPage: place.page)
        }
    }
}
