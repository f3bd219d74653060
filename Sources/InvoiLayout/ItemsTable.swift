import InvoiDocument
import InvoiText

/// The line-items table: column geometry, the header row and one block per item.
struct ItemsTable {
    struct Columns {
        var description: (x: Double, width: Double)
        var quantity: (x: Double, width: Double)
        var rate: (x: Double, width: Double)
        var amount: (x: Double, width: Double)
    }

    /// The column heads, in the document's words.
    struct Headers {
        var description: String
        var quantity: String
        var rate: String
        var amount: String
    }

    /// An item's quantity, rate and amount, shaped once: for sizing the columns and for drawing.
    struct Numbers {
        var quantity: ShapedLine
        var rate: ShapedLine
        var amount: ShapedLine
    }

    let style: InvoiceStyle
    let typesetter: Typesetter
    let items: [InvoiceContent.Item]
    let headers: Headers
    /// Every item's numbers, when the table is short enough to keep them (`keepsNumbers`);
    /// empty otherwise.
    private let keptNumbers: [Numbers]
    let columns: Columns
    let x: Double
    let width: Double

    /// Sizes the columns: Qty, Rate and Amount keep their design widths but grow to fit
    /// their widest value (a number never wraps); the description gives up the room.
    init(
        style: InvoiceStyle, typesetter: Typesetter, items: [InvoiceContent.Item], headers: Headers, x: Double,
        width: Double, keepsNumbers: Bool
    ) {
        self.style = style
        self.typesetter = typesetter
        self.items = items
        self.headers = headers
        self.x = x
        self.width = width
        // A short table keeps its shaped numbers for the rows (shaping them again, after the
        // shaper's cache has let them go, cost a 500-item table a fifth of its layout); a long
        // one keeps the widest of each column and shapes a row's numbers again when the row is
        // made, a page at a time, so that it is never held whole.
        var widest = (quantity: 0.0, rate: 0.0, amount: 0.0)
        var kept: [Numbers] = []
        if keepsNumbers { kept.reserveCapacity(items.count) }
        for item in items {
            let numbers = Self.numbers(of: item, style: style, typesetter: typesetter)
            if keepsNumbers { kept.append(numbers) }
            widest.quantity = max(widest.quantity, numbers.quantity.text.isEmpty ? 0 : numbers.quantity.width)
            widest.rate = max(widest.rate, numbers.rate.text.isEmpty ? 0 : numbers.rate.width)
            widest.amount = max(widest.amount, numbers.amount.text.isEmpty ? 0 : numbers.amount.width)
        }
        keptNumbers = kept
        // A number column is at least as wide as its widest value (a number never wraps); its
        // head widens it as far as the description keeps its minimum. A head too long for that
        // wraps, in columns that then take at most two thirds of the table, so that the
        // descriptions are not squeezed for a label.
        let least = [
            max(style.quantityColumnWidth, widest.quantity + style.numberColumnPadding),
            max(style.rateColumnWidth, widest.rate + style.numberColumnPadding),
            max(style.amountColumnWidth, widest.amount + style.numberColumnPadding),
        ]
        let wanted = zip([headers.quantity, headers.rate, headers.amount], least).map { header, least in
            max(least, typesetter.width(of: header, style.tableHeader) + style.numberColumnPadding)
        }
        let room = width - style.minimumDescriptionWidth
        let shares =
            wanted.reduce(0, +) <= room
            ? wanted : Self.shares(wanted: wanted, least: least, room: min(room, width * 2 / 3))
        let (quantity, rate, amount) = (shares[0], shares[1], shares[2])
        let description = max(min(style.minimumDescriptionWidth, width / 4), width - quantity - rate - amount)
        columns = Columns(
            description: (x, description),
            quantity: (x + description, quantity),
            rate: (x + description + quantity, rate),
            amount: (x + description + quantity + rate, amount)
        )
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

    /// The header row with its dark rule; repeated at the top of every continuation page.
    func headerBlock() -> Block {
        let labelStyle = style.tableHeader
        var block = Block(height: 0)
        let cells: [(String, (x: Double, width: Double), TextAlignment)] = [
            (headers.description, columns.description, .left),
            (headers.quantity, columns.quantity, .center),
            (headers.rate, columns.rate, .right),
            (headers.amount, columns.amount, .right),
        ]
        var height = labelStyle.lineBoxHeight
        for (index, (text, column, alignment)) in cells.enumerated() {
            // A head wraps in its column, clear of the next column's head.
            let wrapWidth = column.width - (alignment == .left ? 1 : 2) * style.numberColumnPadding / 2
            let cell = typesetter.label(
                text, labelStyle,
                box: Rect(x: column.x, y: 0, width: column.width, height: labelStyle.lineBoxHeight),
                alignment: alignment, wrapWidth: max(wrapWidth, 1))
            block.ops += cell.within(.columnHeader, index).ops
            height = max(height, cell.height)
        }
        let ruleY = height + style.tableHeaderPaddingBottom + style.tableHeaderRuleWidth / 2
        block = block.within(.tableRow)
        // With no items the heads are the table's only row: a table head needs a body after it.
        if !items.isEmpty { block = block.within(.tableHead) }
        block = block.within(.table)
        block.ops.append(
            .line(
                LineOp(
                    from: Point(x: x, y: ruleY), to: Point(x: x + width, y: ruleY),
                    width: style.tableHeaderRuleWidth, color: style.accent, role: .artifact(.layout))))
        block.height = height + style.tableHeaderPaddingBottom + style.tableHeaderRuleWidth
        return block
    }

    /// The row of every item, in order.
    func rowBlocks() -> [Block] {
        items.indices.map(rowBlock)
    }

    private static func numbers(of item: InvoiceContent.Item, style: InvoiceStyle, typesetter: Typesetter) -> Numbers {
        Numbers(
            quantity: typesetter.shapeLine(item.quantity, style.itemMuted),
            rate: typesetter.shapeLine(item.rate, style.itemMuted),
            amount: typesetter.shapeLine(item.amount, style.itemAmount))
    }

    /// The height `rowBlock(index)` has, measured without placing anything.
    func rowHeight(_ index: Int) -> Double {
        let descriptionWidth = columns.description.width - style.numberColumnPadding / 2
        let description = typesetter.paragraphHeight(items[index].description, style.itemText, width: descriptionWidth)
        return style.rowPadding + max(description, style.itemText.lineBoxHeight) + style.rowPadding
            + style.rowRuleWidth
    }

    /// One item row: the description wraps in its column; the numbers sit on its first line.
    func rowBlock(_ index: Int) -> Block {
        let item = items[index]
        let shaped =
            keptNumbers.isEmpty ? Self.numbers(of: item, style: style, typesetter: typesetter) : keptNumbers[index]
        var block = Block(height: 0)
        let top = style.rowPadding
        // A little room between a long description and the centred quantity.
        let descriptionWidth = columns.description.width - style.numberColumnPadding / 2
        let description = typesetter.paragraph(
            item.description, style.itemText, x: columns.description.x,
            width: descriptionWidth, top: top)
        // The description's lines are a paragraph in their cell: when the row is cut over two
        // pages, the cell and the row stay one, and only the paragraph is in two parts.
        block.append(description.within(.paragraph).within(.cell, 0), at: 0)
        let firstLine = Rect(x: 0, y: top, width: 0, height: style.itemText.lineBoxHeight)
        let cells: [(ShapedLine, TextStyle, (x: Double, width: Double), TextAlignment)] = [
            (shaped.quantity, style.itemMuted, columns.quantity, .center),
            (shaped.rate, style.itemMuted, columns.rate, .right),
            (shaped.amount, style.itemAmount, columns.amount, .right),
        ]
        for (index, (line, textStyle, column, alignment)) in cells.enumerated() {
            block.ops += typesetter.place(
                line, textStyle,
                box: Rect(
                    x: column.x, y: firstLine.minY, width: column.width,
                    height: firstLine.height),
                alignment: alignment
            ).map { $0.within(StructureNode(.cell, index + 1)) }
        }
        block = block.within(.tableRow, index).within(.tableBody).within(.table)
        let textHeight = max(description.height, style.itemText.lineBoxHeight)
        block.height = top + textHeight + style.rowPadding + style.rowRuleWidth
        let ruleY = block.height - style.rowRuleWidth / 2
        block.ops.append(
            .line(
                LineOp(
                    from: Point(x: x, y: ruleY), to: Point(x: x + width, y: ruleY),
                    width: style.rowRuleWidth, color: style.border, role: .artifact(.layout))))
        return block
    }
}
