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

    public func render(_ document: Document, options: TerminalOptions = TerminalOptions()) throws -> RenderedOutput {
        guard options.columns >= 1 else {
            throw BackendError("the text preview needs a width of at least 1 column, got \(options.columns)")
        }
        return .document(
            Data(
                text(
                    of: document, columns: options.columns, usesColor: options.usesColor,
                    writesLogicalOrder: options.writesLogicalOrder)))
    }

    /// The preview as UTF-8: lines without trailing spaces, ending in a newline.
    func text(of document: Document, columns: Int, usesColor: Bool, writesLogicalOrder: Bool = false) -> [UInt8] {
        var writer = RowWriter(usesColor: usesColor)
        let count = document.pages.count
        for (index, page) in document.pages.enumerated() {
            if index > 0 {
                writer.writeBlankRow()
                writer.write(row: [Self.separator(page: index + 1, of: count, columns: columns)])
                writer.writeBlankRow()
            }
            let grid = PageGrid(
                page: page, columns: columns, writesLogicalOrder: writesLogicalOrder,
                isMirrored: document.metadata.direction == .rightToLeft)
            for row in grid.rows {
                writer.write(row: row)
            }
        }
        if writer.output.isEmpty { writer.writeBlankRow() }
        return writer.output
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

/// Writes rows of segments: spaces between them, SGR around styled ones.
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

    mutating func write(row: [Segment]) {
        var cursor = 0
        for segment in row.sorted(by: { $0.column < $1.column }) {
            if segment.column > cursor {
                output.append(contentsOf: repeatElement(0x20, count: segment.column - cursor))
            }
            let sgr = usesColor ? segment.style.sgr : []
            output.append(contentsOf: sgr)
            output.append(contentsOf: segment.utf8)
            if !sgr.isEmpty { output.append(contentsOf: CellStyle.reset) }
            cursor = max(cursor, segment.end)
        }
        output.append(0x0A)
    }
}
