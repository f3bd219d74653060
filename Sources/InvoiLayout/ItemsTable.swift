import InvoiDocument

/// The line-items table: column geometry, the header row and one block per item.
struct ItemsTable {
    struct Columns {
        var description: (x: Double, width: Double)
        var quantity: (x: Double, width: Double)
        var rate: (x: Double, width: Double)
        var amount: (x: Double, width: Double)
    }

    static let headers = (description: "Description", quantity: "Qty", rate: "Rate", amount: "Amount")

    let style: InvoiceStyle
    let typesetter: Typesetter
    let columns: Columns
    let x: Double
    let width: Double

    /// Sizes the columns: Qty, Rate and Amount keep their design widths but grow to fit
    /// their widest value (a number never wraps); the description gives up the room.
    init(style: InvoiceStyle, typesetter: Typesetter, items: [InvoiceContent.Item], x: Double, width: Double) {
        self.style = style
        self.typesetter = typesetter
        self.x = x
        self.width = width
        func fit(_ values: [String], _ textStyle: TextStyle, header: String, minimum: Double) -> Double {
            let widest = values.map { typesetter.width(of: $0, textStyle) }.max() ?? 0
            let headerWidth = typesetter.width(of: header, style.tableHeader)
            return max(minimum, max(widest, headerWidth) + style.numberColumnPadding)
        }
        let quantity = fit(items.map(\.quantity), style.itemMuted, header: Self.headers.quantity,
                           minimum: style.quantityColumnWidth)
        let rate = fit(items.map(\.rate), style.itemMuted, header: Self.headers.rate, minimum: style.rateColumnWidth)
        let amount = fit(items.map(\.amount), style.itemAmount, header: Self.headers.amount,
                         minimum: style.amountColumnWidth)
        let description = max(style.minimumDescriptionWidth, width - quantity - rate - amount)
        columns = Columns(
            description: (x, description),
            quantity: (x + description, quantity),
            rate: (x + description + quantity, rate),
            amount: (x + description + quantity + rate, amount)
        )
    }

    /// The header row with its dark rule; repeated at the top of every continuation page.
    func headerBlock() -> Block {
        let labelStyle = style.tableHeader
        var block = Block(height: 0)
        let cells: [(String, (x: Double, width: Double), TextAlignment)] = [
            (Self.headers.description, columns.description, .left),
            (Self.headers.quantity, columns.quantity, .center),
            (Self.headers.rate, columns.rate, .right),
            (Self.headers.amount, columns.amount, .right),
        ]
        for (text, column, alignment) in cells {
            let line = typesetter.shapeLine(text, labelStyle)
            block.ops += typesetter.place(line, labelStyle, box: Rect(x: column.x, y: 0, width: column.width,
                                                                        height: labelStyle.lineBoxHeight),
                                          alignment: alignment)
        }
        let ruleY = labelStyle.lineBoxHeight + style.tableHeaderPaddingBottom + style.tableHeaderRuleWidth / 2
        block.ops.append(.line(LineOp(from: Point(x: x, y: ruleY), to: Point(x: x + width, y: ruleY),
                                      width: style.tableHeaderRuleWidth, color: style.accent)))
        block.height = labelStyle.lineBoxHeight + style.tableHeaderPaddingBottom + style.tableHeaderRuleWidth
        return block
    }

    /// One item row: the description wraps in its column; the numbers sit on its first line.
    func rowBlock(_ item: InvoiceContent.Item) -> Block {
        var block = Block(height: 0)
        let top = style.rowPadding
        // A little room between a long description and the centred quantity.
        let descriptionWidth = columns.description.width - style.numberColumnPadding / 2
        let description = typesetter.paragraph(item.description, style.itemText, x: columns.description.x,
                                               width: descriptionWidth, top: top)
        block.append(description, at: 0)
        let firstLine = Rect(x: 0, y: top, width: 0, height: style.itemText.lineBoxHeight)
        let numbers: [(String, TextStyle, (x: Double, width: Double), TextAlignment)] = [
            (item.quantity, style.itemMuted, columns.quantity, .center),
            (item.rate, style.itemMuted, columns.rate, .right),
            (item.amount, style.itemAmount, columns.amount, .right),
        ]
        for (text, textStyle, column, alignment) in numbers {
            let line = typesetter.shapeLine(text, textStyle)
            block.ops += typesetter.place(line, textStyle,
                                          box: Rect(x: column.x, y: firstLine.minY, width: column.width,
                                                    height: firstLine.height),
                                          alignment: alignment)
        }
        let textHeight = max(description.height, style.itemText.lineBoxHeight)
        block.height = top + textHeight + style.rowPadding + style.rowRuleWidth
        let ruleY = block.height - style.rowRuleWidth / 2
        block.ops.append(.line(LineOp(from: Point(x: x, y: ruleY), to: Point(x: x + width, y: ruleY),
                                      width: style.rowRuleWidth, color: style.border)))
        return block
    }
}
