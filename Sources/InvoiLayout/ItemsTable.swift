import InvoiDocument
import InvoiModel
import InvoiText

/// The line-items table: column geometry, the header row and one block per item. The columns
/// are the theme's (classic: description, quantity, rate, amount); the description takes the
/// room the others leave.
struct ItemsTable {
    /// A placed column: what it shows, where, and how its cells align.
    struct Column {
        var kind: Theme.TableColumn
        var x: Double
        var width: Double
        var alignment: TextAlignment
    }

    /// How the table is drawn beyond its columns.
    struct Look {
        var rules: Theme.TableRules = .rows
        var stripes = false
    }

    let style: InvoiceStyle
    let typesetter: Typesetter
    let items: [InvoiceContent.Item]
    /// Each column's head, in the document's words, in the columns' order.
    let headers: [String]
    let look: Look
    /// Every item's one-line cells (every column but the description), when the table is short
    /// enough to keep them (`keepsNumbers`); empty otherwise.
    private let keptCells: [[ShapedLine]]
    let columns: [Column]
    /// Whether a unit column shows the unit, so that the quantity column shows the number alone.
    private let hasUnitColumn: Bool
    /// What the tax column shows for a line at the invoice's rate.
    private let lineTax: String
    let x: Double
    let width: Double
    /// How much wider than `width` the columns' least widths are; 0 when the table fits.
    let overflow: Double

    /// Sizes the columns: each column but the description keeps its design width but grows to
    /// fit its widest value (a number never wraps); the description gives up the room.
    init(
        style: InvoiceStyle, typesetter: Typesetter, items: [InvoiceContent.Item],
        columns kinds: [Theme.TableColumn], headers: [String], look: Look = Look(), lineTax: String = "", x: Double,
        width: Double, keepsNumbers: Bool
    ) {
        self.lineTax = lineTax
        self.style = style
        self.typesetter = typesetter
        self.items = items
        self.headers = headers
        self.look = look
        self.x = x
        self.width = width
        let hasUnitColumn = kinds.contains(.unit)
        self.hasUnitColumn = hasUnitColumn
        let others = kinds.filter { $0 != .description }
        // A short table keeps its shaped cells for the rows (shaping them again, after the
        // shaper's cache has let them go, cost a 500-item table a fifth of its layout); a long
        // one keeps the widest of each column and shapes a row's cells again when the row is
        // made, a page at a time, so that it is never held whole.
        var widest = [Double](repeating: 0, count: others.count)
        var kept: [[ShapedLine]] = []
        if keepsNumbers { kept.reserveCapacity(items.count) }
        for item in items {
            let cells = Self.cells(
                of: item, kinds: others, hasUnitColumn: hasUnitColumn, lineTax: lineTax, style: style,
                typesetter: typesetter)
            if keepsNumbers { kept.append(cells) }
            for (index, cell) in cells.enumerated() where !cell.text.isEmpty {
                widest[index] = max(widest[index], cell.width)
            }
        }
        keptCells = kept
        // A column is at least as wide as its widest value (a number never wraps); its head
        // widens it as far as the description keeps its minimum. A head too long for that
        // wraps, in columns that then take at most two thirds of the table, so that the
        // descriptions are not squeezed for a label.
        var least = zip(others, widest).map { kind, widest in
            max(Self.designWidth(of: kind, style: style), widest + style.numberColumnPadding)
        }
        let leastDescription = min(style.minimumDescriptionWidth, width / 4)
        // Many columns of wide numbers: half the room between them before the table is too wide.
        if least.reduce(0, +) + leastDescription > width {
            least = zip(others, widest).map { kind, widest in
                max(Self.designWidth(of: kind, style: style) / 2, widest + style.numberColumnPadding / 2)
            }
        }
        let otherHeaders = zip(kinds, headers).filter { $0.0 != .description }.map(\.1)
        // Beyond the classic three, a head's longest word is never broken: "QTY" stays whole.
        let manyColumns = others.count > 3
        if manyColumns {
            least = zip(otherHeaders, least).map { header, least in
                let word =
                    header.split(whereSeparator: \.isWhitespace)
                    .map { typesetter.width(of: String($0), style.tableHeader) }.max() ?? 0
                // What the head's wrapping leaves it: the column less its padding and a grid's inset.
                let cellInset = look.rules == .grid ? style.numberColumnPadding / 2 : 0
                return max(least, word + style.numberColumnPadding + cellInset)
            }
        }
        overflow = max(0, least.reduce(0, +) + leastDescription - width)
        let wanted = zip(otherHeaders, least).map { header, least in
            max(least, typesetter.width(of: header, style.tableHeader) + style.numberColumnPadding)
        }
        let room = width - style.minimumDescriptionWidth
        let shares =
            wanted.reduce(0, +) <= room
            ? wanted : Self.shares(wanted: wanted, least: least, room: manyColumns ? room : min(room, width * 2 / 3))
        let description = max(leastDescription, shares.reduce(width, -))
        var placed: [Column] = []
        var cursor = x
        var next = shares.makeIterator()
        for kind in kinds {
            let columnWidth = kind == .description ? description : next.next() ?? 0
            placed.append(Column(kind: kind, x: cursor, width: columnWidth, alignment: Self.alignment(of: kind)))
            cursor += columnWidth
        }
        columns = placed
    }

    /// A column's width before its values or head widen it.
    private static func designWidth(of kind: Theme.TableColumn, style: InvoiceStyle) -> Double {
        switch kind {
        case .quantity, .unit, .tax: style.quantityColumnWidth
        case .rate: style.rateColumnWidth
        case .amount: style.amountColumnWidth
        case .item, .date, .discount: style.quantityColumnWidth
        case .description: style.minimumDescriptionWidth
        }
    }

    private static func alignment(of kind: Theme.TableColumn) -> TextAlignment {
        switch kind {
        case .item, .description: .left
        case .quantity, .unit: .center
        case .date, .rate, .discount, .tax, .amount: .right
        }
    }

    /// Widths for heads too long for their columns: each column its least width and a part of
    /// what is left in proportion to what its head lacks, so that the heads wrap to about the
    /// same number of lines (the header row, repeated on every page, is as short as it can be).
    private static func shares(wanted: [Double], least: [Double], room: Double) -> [Double] {
        let lacking = zip(wanted, least).map { max($0 - $1, 0) }
        let total = lacking.reduce(0, +)
        let left = room - least.reduce(0, +)
        guard total > 0, left > 0 else { return least }
        return zip(least, lacking).map { $0 + left * $1 / total }
    }

    /// The style a column's cells are set in.
    private static func textStyle(of kind: Theme.TableColumn, style: InvoiceStyle) -> TextStyle {
        switch kind {
        case .amount: style.itemAmount
        case .description, .item: style.itemText
        case .date, .quantity, .unit, .rate, .discount, .tax: style.itemMuted
        }
    }

    /// The header row with its rule; repeated at the top of every continuation page.
    func headerBlock() -> Block {
        let labelStyle = style.tableHeader
        var block = Block(height: 0)
        var height = labelStyle.lineBoxHeight
        for (index, (text, column)) in zip(headers, columns).enumerated() {
            // A head wraps in its column, clear of the next column's head.
            let wrapWidth =
                column.width - 2 * inset - (column.alignment == .left ? 1 : 2) * style.numberColumnPadding / 2
            let cell = typesetter.label(
                text, labelStyle,
                box: Rect(x: column.x + inset, y: 0, width: column.width - 2 * inset, height: labelStyle.lineBoxHeight),
                alignment: column.alignment, wrapWidth: max(wrapWidth, 1))
            block.ops += cell.within(.columnHeader, index).ops
            height = max(height, cell.height)
        }
        let ruleY = height + style.tableHeaderPaddingBottom + style.tableHeaderRuleWidth / 2
        block = block.within(.tableRow)
        // With no items the heads are the table's only row: a table head needs a body after it.
        if !items.isEmpty { block = block.within(.tableHead) }
        block = block.within(.table)
        let bottom = height + style.tableHeaderPaddingBottom + style.tableHeaderRuleWidth
        if look.rules == .grid {
            block.ops.insert(contentsOf: gridLines(top: 0, bottom: bottom, closesTop: true), at: 0)
        }
        if look.rules != .none {
            block.ops.append(
                .line(
                    LineOp(
                        from: Point(x: x, y: ruleY), to: Point(x: x + width, y: ruleY),
                        width: style.tableHeaderRuleWidth, color: style.accent, role: .artifact(.layout))))
        }
        block.height = bottom
        return block
    }

    /// The row of every item, in order.
    func rowBlocks() -> [Block] {
        items.indices.map(rowBlock)
    }

    /// The item's one-line cells, for every column but the description, in `kinds`' order.
    private static func cells(
        of item: InvoiceContent.Item, kinds: [Theme.TableColumn], hasUnitColumn: Bool, lineTax: String,
        style: InvoiceStyle, typesetter: Typesetter
    ) -> [ShapedLine] {
        kinds.map { kind in
            let text =
                switch kind {
                case .item: item.details.itemId
                case .date: item.details.date
                case .quantity: hasUnitColumn && !item.details.number.isEmpty ? item.details.number : item.quantity
                case .unit: item.details.unit
                case .rate: item.rate
                case .discount: item.details.discount
                case .tax: item.details.tax.isEmpty ? lineTax : item.details.tax
                case .amount: item.amount
                case .description: ""
                }
            return typesetter.shapeLine(text, textStyle(of: kind, style: style))
        }
    }

    /// The width of the rule under each row, or 0 where the rules draw none.
    private var rowRuleWidth: Double {
        switch look.rules {
        case .rows, .grid: style.rowRuleWidth
        case .none, .header: 0
        }
    }

    private var descriptionColumn: Column? { columns.first { $0.kind == .description } }

    /// The room between a cell's text and a grid's lines; none without the lines.
    private var inset: Double { look.rules == .grid ? style.numberColumnPadding / 4 : 0 }

    /// The height `rowBlock(index)` has, measured without placing anything.
    func rowHeight(_ index: Int) -> Double {
        let descriptionWidth = (descriptionColumn?.width ?? 0) - style.numberColumnPadding / 2 - inset
        var description = typesetter.paragraphHeight(items[index].description, style.itemText, width: descriptionWidth)
        let notes = items[index].details.notes
        if !notes.isEmpty { description += typesetter.paragraphHeight(notes, style.meta, width: descriptionWidth) }
        return style.rowPadding + max(description, style.itemText.lineBoxHeight) + style.rowPadding + rowRuleWidth
    }

    /// One item row: the description wraps in its column; the other cells sit on its first line.
    func rowBlock(_ index: Int) -> Block {
        let item = items[index]
        let others = columns.filter { $0.kind != .description }
        let shaped =
            keptCells.isEmpty
            ? Self.cells(
                of: item, kinds: others.map(\.kind), hasUnitColumn: hasUnitColumn, lineTax: lineTax, style: style,
                typesetter: typesetter)
            : keptCells[index]
        var block = Block(height: 0)
        let top = style.rowPadding
        var descriptionHeight = 0.0
        var next = shaped.makeIterator()
        for (position, column) in columns.enumerated() {
            if column.kind == .description {
                // A little room between a long description and the next column.
                let description = typesetter.paragraph(
                    item.description, style.itemText, x: column.x + inset,
                    width: column.width - style.numberColumnPadding / 2 - inset, top: top)
                // The description's lines are a paragraph in their cell: when the row is cut over
                // two pages, the cell and the row stay one, and only the paragraph is in two parts.
                block.append(description.within(.paragraph).within(.cell, position), at: 0)
                descriptionHeight = description.height
                let notes = item.details.notes
                if !notes.isEmpty {
                    let paragraph = typesetter.paragraph(
                        notes, style.meta, x: column.x + inset,
                        width: column.width - style.numberColumnPadding / 2 - inset, top: top + descriptionHeight)
                    block.append(paragraph.within(.paragraph, 1).within(.cell, position), at: 0)
                    descriptionHeight += paragraph.height
                }
                continue
            }
            guard let line = next.next() else { continue }
            block.ops += typesetter.place(
                line, Self.textStyle(of: column.kind, style: style),
                box: Rect(
                    x: column.x + inset, y: top, width: column.width - 2 * inset,
                    height: style.itemText.lineBoxHeight),
                alignment: column.alignment
            ).map { $0.within(StructureNode(.cell, position)) }
        }
        block = block.within(.tableRow, index).within(.tableBody).within(.table)
        let textHeight = max(descriptionHeight, style.itemText.lineBoxHeight)
        block.height = top + textHeight + style.rowPadding + rowRuleWidth
        if look.stripes, index % 2 == 1 {
            // Behind the row's text: drawn first.
            let stripe = RectOp(
                rect: Rect(x: x, y: 0, width: width, height: block.height - rowRuleWidth), fill: style.fill,
                role: .artifact(.layout))
            block.ops.insert(.rect(stripe), at: 0)
        }
        if look.rules == .grid {
            block.ops += gridLines(top: 0, bottom: block.height, closesTop: false)
        }
        if rowRuleWidth > 0 {
            let ruleY = block.height - rowRuleWidth / 2
            block.ops.append(
                .line(
                    LineOp(
                        from: Point(x: x, y: ruleY), to: Point(x: x + width, y: ruleY),
                        width: rowRuleWidth, color: style.border, role: .artifact(.layout))))
        }
        return block
    }

    /// A grid's vertical lines from `top` to `bottom`: the table's two edges and one between
    /// each pair of columns; with `closesTop`, the line across the top too.
    private func gridLines(top: Double, bottom: Double, closesTop: Bool) -> [DrawOp] {
        let edges = [x] + columns.dropFirst().map(\.x) + [x + width]
        var lines = edges.map { edge in
            DrawOp.line(
                LineOp(
                    from: Point(x: edge, y: top), to: Point(x: edge, y: bottom), width: style.rowRuleWidth,
                    color: style.border, role: .artifact(.layout)))
        }
        if closesTop {
            lines.append(
                .line(
                    LineOp(
                        from: Point(x: x, y: top), to: Point(x: x + width, y: top), width: style.rowRuleWidth,
                        color: style.border, role: .artifact(.layout))))
        }
        return lines
    }
}
