import InvoiDocument

/// A QR code drawn with half blocks: each cell holds two modules, the upper and the lower
/// (▀ ▄ █, or a space for two light ones), with the quiet zone around. The ink is the dark
/// modules: with colour, black ink on a white background, whatever the terminal's theme;
/// without, the terminal's own foreground (a dark-on-light terminal shows the code as printed).
/// A grid too narrow for the code gets a sentence saying so instead of a broken code.
struct CodeElement {
    let matrix: QRCodeMatrix
    let quietZone: Int
    /// Where it sorts among the page's elements: the code's bottom edge, so that it follows
    /// the rows beside it and precedes its caption.
    let y: Double
    /// The cell the quiet zone's left edge maps to.
    let startColumn: Int

    init(_ op: QRCodeOp, geometry: GridGeometry) {
        matrix = op.matrix
        quietZone = max(op.quietZone, 0)
        y = op.rect.maxY.isFinite ? op.rect.maxY : .greatestFiniteMagnitude
        startColumn = geometry.column(at: op.clearArea.minX)
    }

    /// Cells the code takes across, quiet zone included.
    var width: Int { matrix.sizeWithQuietZone(quietZone) }

    func block(geometry: GridGeometry) -> GridBlock {
        guard width <= geometry.columns else { return notice(geometry: geometry) }
        let start = min(max(startColumn, 0), geometry.columns - width)
        var lines: [[Segment]] = []
        let side = width
        var row = -quietZone
        while row < matrix.size + quietZone {
            var utf8: [UInt8] = []
            utf8.reserveCapacity(side * 3)
            for column in -quietZone..<(matrix.size + quietZone) {
                let upper = matrix[row, column]
                let lower = matrix[row + 1, column]
                switch (upper, lower) {
                case (true, true): utf8 += Self.fullBlock
                case (true, false): utf8 += Self.upperHalf
                case (false, true): utf8 += Self.lowerHalf
                case (false, false): utf8.append(0x20)
                }
            }
            lines.append([Segment(column: start, width: side, utf8: utf8, style: .code)])
            row += 2
        }
        return GridBlock(lines: lines, canShiftRight: false)
    }

    /// "The payment QR code needs 57 columns; this preview is 40 wide", wrapped to the grid.
    private func notice(geometry: GridGeometry) -> GridBlock {
        let text =
            "[The payment QR code needs \(width) columns; this preview is \(geometry.columns) wide. "
            + "Widen the terminal or use --width \(width) to show it.]"
        var lines: [[Segment]] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > geometry.columns {
                lines.append([Self.segment(line)])
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append([Self.segment(line)]) }
        return GridBlock(lines: lines, canShiftRight: false)
    }

    private static func segment(_ text: String) -> Segment {
        Segment(column: 0, width: text.count, utf8: Array(text.utf8), style: .muted)
    }

    private static let fullBlock = Array("█".utf8)
    private static let upperHalf = Array("▀".utf8)
    private static let lowerHalf = Array("▄".utf8)
}
