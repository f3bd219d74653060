import Foundation
import InvoiDocument

/// What the text preview may be given beside the document.
public struct TerminalOptions: Hashable, Sendable {
    /// Width of the character grid in columns.
    public var columns: Int
    /// Whether to write SGR colour (the caller has already resolved `--color auto`).
    public var usesColor: Bool
    /// Write right-to-left text in logical order, each line isolated, for terminals that
    /// apply the bidi algorithm themselves (VTE, Konsole, mlterm); otherwise in the order
    /// it is shown, for terminals that do not (xterm, tmux).
    public var writesLogicalOrder: Bool

    public init(columns: Int = 100, usesColor: Bool = false, writesLogicalOrder: Bool = false) {
        self.columns = columns
        self.usesColor = usesColor
        self.writesLogicalOrder = writesLogicalOrder
    }
}

/// `--format txt`: the terminal preview. Each page is mapped onto a grid
/// `options.columns` wide; with `options.usesColor`, bold and muted text get
/// SGR codes — the only escape sequences ever written.
public struct TerminalBackend: Backend {
    public init() {}

    public var format: OutputFormat { .txt }

    public func render(_ document: Document) throws -> RenderedOutput {
        try render(document, options: TerminalOptions())
    }

    public func writer(
        for outline: DocumentOutline, options: TerminalOptions, to target: any OutputTarget
    ) throws
        -> Writer
    {
        guard options.columns >= 1 else {
            throw BackendError("the text preview needs a width of at least 1 column, got \(options.columns)")
        }
        return Writer(
            options: options, pageCount: outline.pageCount, isMirrored: outline.metadata.direction == .rightToLeft,
            sink: try target.sink(forPage: nil, of: outline.pageCount))
    }

    /// The preview as UTF-8: lines without trailing spaces, ending in a newline.
    func text(of document: Document, columns: Int, usesColor: Bool, writesLogicalOrder: Bool = false) -> [UInt8] {
        let options = TerminalOptions(columns: columns, usesColor: usesColor, writesLogicalOrder: writesLogicalOrder)
        guard case .document(let data)? = try? render(document, options: options) else { return [] }
        return Array(data)
    }

    /// Each page's rows written as soon as its grid is made, pages parted by a separator line.
    public struct Writer: PageWriter {
        let options: TerminalOptions
        let pageCount: Int
        let isMirrored: Bool
        let sink: any ByteSink
        private var rows: RowWriter
        private var index = 0
        private var wroteAnything = false

        init(options: TerminalOptions, pageCount: Int, isMirrored: Bool, sink: any ByteSink) {
            self.options = options
            self.pageCount = pageCount
            self.isMirrored = isMirrored
            self.sink = sink
            rows = RowWriter(usesColor: options.usesColor)
        }

        public mutating func write(_ page: Page) throws {
            if index > 0 {
                rows.writeBlankRow()
                rows.write(row: [TerminalBackend.separator(page: index + 1, of: pageCount, columns: options.columns)])
                rows.writeBlankRow()
            }
            let grid = PageGrid(
                page: page, columns: options.columns, writesLogicalOrder: options.writesLogicalOrder,
                isMirrored: isMirrored)
            for row in grid.rows {
                rows.write(row: row)
            }
            index += 1
            try flush()
        }

        public mutating func finish() throws {
            if !wroteAnything && rows.output.isEmpty { rows.writeBlankRow() }
            try flush()
        }

        private mutating func flush() throws {
            guard !rows.output.isEmpty else { return }
            try sink.write(rows.output)
            rows.removeOutput()
            wroteAnything = true
        }
    }

    /// A dim `┈┈┈ page 2 of 3 ┈┈┈` row across the grid.
    static func separator(page: Int, of count: Int, columns: Int) -> Segment {
        let label = " page \(page) of \(count) "
        let fill = max(columns - label.count, 0)
        let left = fill / 2
        let right = fill - left
        let text = String(repeating: "┈", count: left) + label + String(repeating: "┈", count: right)
        let width = left + label.count + right
        return Segment(column: 0, width: width, utf8: Array(text.utf8), style: .muted)
    }
}

struct RowWriter {
    let usesColor: Bool
    private(set) var output: [UInt8] = []

    init(usesColor: Bool) {
        self.usesColor = usesColor
        output.reserveCapacity(8192)
    }

    mutating func writeBlankRow() {
        output.append(0x0A)
    }

    /// Forgets what was written (after it went out), keeping the buffer.
    mutating func removeOutput() {
        output.removeAll(keepingCapacity: true)
    }

    mutating func write(row: [Segment]) {
        var cursor = 0
        for segment in row.sorted(by: { $0.column < $1.column }) {
            // Without a background a code's light rows and right margin are only spaces.
            var utf8 = segment.utf8[...]
            if !usesColor, segment.style.isCode {
                while utf8.last == 0x20 { utf8.removeLast() }
                if utf8.isEmpty { continue }
            }
            if segment.column > cursor {
                output.append(contentsOf: repeatElement(0x20, count: segment.column - cursor))
            }
            let sgr = usesColor ? segment.style.sgr : []
            output.append(contentsOf: sgr)
            output.append(contentsOf: utf8)
            if !sgr.isEmpty { output.append(contentsOf: CellStyle.reset) }
            cursor = max(cursor, segment.end)
        }
        output.append(0x0A)
    }
}
