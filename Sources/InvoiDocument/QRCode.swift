/// A QR code's module matrix: `size` × `size` squares, dark or light, as the encoder made
/// them (without the quiet zone, which the page keeps free around it).
public struct QRCodeMatrix: Hashable, Sendable {
    public let size: Int
    /// Row-major, top row first: true is a dark module.
    public let modules: [Bool]

    /// nil unless `modules` holds `size` × `size` entries.
    public init?(size: Int, modules: [Bool]) {
        guard size > 0, modules.count == size * size else { return nil }
        self.size = size
        self.modules = modules
    }

    public subscript(row: Int, column: Int) -> Bool {
        guard (0..<size).contains(row), (0..<size).contains(column) else { return false }
        return modules[row * size + column]
    }

    /// A horizontal run of dark modules: the squares a vector backend merges into one rectangle.
    public struct Run: Hashable, Sendable {
        public let row: Int
        public let column: Int
        public let length: Int
    }

    /// The dark modules as runs, row by row, left to right.
    public var darkRuns: [Run] {
        var runs: [Run] = []
        for row in 0..<size {
            var column = 0
            while column < size {
                guard modules[row * size + column] else {
                    column += 1
                    continue
                }
                let start = column
                while column < size, modules[row * size + column] { column += 1 }
                runs.append(Run(row: row, column: start, length: column - start))
            }
        }
        return runs
    }

    /// A rectangle of dark modules: a run, or the same run in consecutive rows.
    public struct Block: Hashable, Sendable {
        public let row: Int
        public let column: Int
        public let width: Int
        public let height: Int
    }

    /// The dark runs with the runs of the same columns in consecutive rows merged (a finder
    /// pattern's sides, a vertical bar): the fewest rectangles a vector backend writes, each
    /// one costing its coordinates in the file.
    public var darkBlocks: [Block] {
        var blocks: [Block] = []
        // The block each (column, length) run of the previous row extends, by its index.
        var open: [Int: Int] = [:]
        for run in darkRuns {
            let key = run.column * (size + 1) + run.length
            if let index = open[key], blocks[index].row + blocks[index].height == run.row {
                let block = blocks[index]
                blocks[index] = Block(
                    row: block.row, column: block.column, width: block.width, height: block.height + 1)
            } else {
                open[key] = blocks.count
                blocks.append(Block(row: run.row, column: run.column, width: run.length, height: 1))
            }
        }
        return blocks
    }

    /// The modules each way including a quiet zone of `quietZone` on every side.
    public func sizeWithQuietZone(_ quietZone: Int) -> Int { size + 2 * quietZone }
}

/// A QR code on the page: its modules drawn dark on the page's light background in `rect`
/// (square, the modules' area; the quiet zone around it is kept free by the layout).
public struct QRCodeOp: Hashable, Sendable {
    public var matrix: QRCodeMatrix
    public var rect: Rect
    /// The light margin, in modules, that must surround the code on every side.
    public var quietZone: Int
    /// What the code is, in words: the Alt a tagged PDF's Figure and the SVG's aria-label take.
    public var altText: String
    /// What the op is in the document's structure (layout sets it: a Figure).
    public var role: ContentRole?
    /// Whether a standard prescribes the code's size (the Swiss QR Code's 46 mm): an image then
    /// draws it at that size rather than in whole pixels a module, a little smaller.
    public var hasPrescribedSize = false

    public init(matrix: QRCodeMatrix, rect: Rect, quietZone: Int = 4, altText: String = "", role: ContentRole? = nil) {
        self.matrix = matrix
        self.rect = rect
        self.quietZone = quietZone
        self.altText = altText
        self.role = role
    }

    /// The side of one module in points.
    public var moduleSize: Double { rect.width / Double(matrix.size) }

    /// The code with its quiet zone: the area nothing else may paint.
    public var clearArea: Rect {
        let margin = moduleSize * Double(quietZone)
        return Rect(
            x: rect.x - margin, y: rect.y - margin, width: rect.width + 2 * margin, height: rect.height + 2 * margin)
    }
}
