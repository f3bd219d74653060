import InvoiDocument

/// Maps page x coordinates (points) onto grid columns: the page's content
/// width (inside the 56 px = 42 pt padding) spans the whole grid.
struct GridGeometry {
    static let pagePadding = 42.0

    let columns: Int
    /// See `TerminalOptions.writesLogicalOrder`.
    var writesLogicalOrder = false
    /// A right-to-left page: the stamp goes to the left edge.
    var isMirrored = false
    private let left: Double
    private let cellsPerPoint: Double

    init(pageWidth: Double, columns: Int) {
        self.columns = columns
        var left = Self.pagePadding
        var width = pageWidth - 2 * Self.pagePadding
        if !(width.isFinite && width > 1) {
            // A page too small for the padding (or a broken size): use all of it.
            left = 0
            width = pageWidth.isFinite && pageWidth > 1 ? pageWidth : 595.28
        }
        self.left = left
        self.cellsPerPoint = Double(columns) / width
    }

    /// The grid line nearest to `x`, within `0...columns`.
    func column(at x: Double) -> Int {
        let cell = ((x - left) * cellsPerPoint).rounded()
        guard cell.isFinite else { return 0 }
        return Int(min(max(cell, 0), Double(columns)))
    }

    /// The cells between `minX` and `maxX`: at least one, inside the grid.
    func cells(from minX: Double, to maxX: Double) -> Range<Int> {
        var lower = column(at: min(minX, maxX))
        var upper = column(at: max(minX, maxX))
        if upper <= lower {
            if lower >= columns { lower = columns - 1 }
            upper = lower + 1
        }
        return lower..<upper
    }

    /// Where a line `width` cells wide starts when `alignment` puts it in
    /// `span`, moved as little as needed to stay inside `limits` and the grid.
    func start(
        ofWidth width: Int, in span: Range<Int>, limits: Range<Int>,
        alignment: TextAlignment
    ) -> Int {
        var start: Int
        switch alignment {
        case .left: start = span.lowerBound
        case .right: start = span.upperBound - width
        case .center: start = span.lowerBound + (span.count - width) / 2
        }
        start = min(start, limits.upperBound - width)
        start = max(start, limits.lowerBound)
        start = min(start, columns - width)
        return max(start, 0)
    }
}
