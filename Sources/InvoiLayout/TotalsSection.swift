import InvoiDocument
import InvoiText

/// The right-aligned totals block: Subtotal, Discount, VAT, a separator, the bold Total;
/// then, when an amount was paid, Paid, a second separator and the bold Balance due; then why
/// no VAT is charged, when the invoice says, across the page's width.
struct TotalsSection {
    let style: InvoiceStyle
    let typesetter: Typesetter

    /// `left` is where a tax note may start.
    func block(_ content: InvoiceContent, left: Double, right: Double) -> Block {
        let gap = style.numberColumnPadding
        func rowWidth(_ row: InvoiceContent.LabeledValue, _ label: TextStyle, _ value: TextStyle) -> Double {
            typesetter.width(of: row.label, label) + gap + typesetter.width(of: row.value, value)
        }
        var widths = content.totalsRows.map { rowWidth($0, style.totalsLabel, style.totalsValue) }
        widths.append(rowWidth(content.total, style.totalLabel, style.totalValue))
        if let settlement = content.settlement {
            widths += settlement.rows.map { rowWidth($0, style.totalsLabel, style.totalsValue) }
            widths.append(rowWidth(settlement.balanceDue, style.balanceLabel, style.balanceValue))
        }
        // As wide as its widest row, but never wider than the page's content: a longer
        // label wraps beside its value, which is never cut.
        let width = min(max(style.totalsWidth, widths.max() ?? 0), right - left)
        let x = right - width

        var block = Block(height: 0)
        var y = 0.0
        var rowIndex = 0
        for (index, row) in content.totalsRows.enumerated() {
            if index > 0 { y += style.totalsRowGap }
            y = lightRow(row, index: rowIndex, x: x, width: width, top: y, into: &block)
            rowIndex += 1
        }
        y = separator(x: x, right: right, top: y, into: &block)
        var totalStyle = style.totalValue
        totalStyle.color = style.accent
        y = boldRow(
            content.total, index: rowIndex, label: style.totalLabel, value: totalStyle, x: x, width: width, top: y,
            into: &block)
        rowIndex += 1
        if let settlement = content.settlement {
            y += style.settlementGap
            for (index, row) in settlement.rows.enumerated() {
                if index > 0 { y += style.totalsRowGap }
                y = lightRow(row, index: rowIndex, x: x, width: width, top: y, into: &block)
                rowIndex += 1
            }
            y = separator(x: x, right: right, top: y, into: &block)
            y = boldRow(
                settlement.balanceDue, index: rowIndex, label: style.balanceLabel, value: style.balanceValue, x: x,
                width: width, top: y, into: &block)
        }
        // The rows are a table of their own, each label the header of its row.
        block = block.within(.table, 1)
        if !content.taxNote.isEmpty {
            y += style.separatorMargin
            let note = typesetter.paragraph(
                content.taxNote, style.meta, x: left, width: right - left, top: y, alignment: .right)
            block.append(note.within(.paragraph, 1), at: 0)
            y += note.height
        }
        block.height = y
        return block
    }

    /// A 12 px label and value (Subtotal, VAT, Paid); returns the row's bottom.
    private func lightRow(
        _ row: InvoiceContent.LabeledValue, index: Int, x: Double, width: Double, top: Double,
        into block: inout Block
    ) -> Double {
        let box = Rect(x: x, y: top, width: width, height: style.totalsLabel.lineBoxHeight)
        let value = typesetter.shapeLine(row.value, style.totalsValue)
        let label = typesetter.label(
            row.label, style.totalsLabel, box: box, alignment: .left,
            wrapWidth: labelRoom(width: width, value: value))
        block.ops += Self.row(
            index, label: label.ops, value: typesetter.place(value, style.totalsValue, box: box, alignment: .right))
        return max(box.maxY, top + label.height)
    }

    /// A totals row's ops in its structure: the label a row header, the amount a cell.
    private static func row(_ index: Int, label: [DrawOp], value: [DrawOp]) -> [DrawOp] {
        (label.map { $0.within(StructureNode(.rowHeader)) } + value.map { $0.within(StructureNode(.cell, 1)) })
            .map { $0.within(StructureNode(.tableRow, index)) }
    }

    /// How wide a label may be beside `value` in a row `width` wide.
    private func labelRoom(width: Double, value: ShapedLine) -> Double {
        max(width - value.width - style.numberColumnPadding, 1)
    }

    /// The light rule across the block, with its margins; returns the bottom of the lower margin.
    private func separator(x: Double, right: Double, top: Double, into block: inout Block) -> Double {
        let y = top + style.separatorMargin
        block.ops.append(
            .line(
                LineOp(
                    from: Point(x: x, y: y + style.rowRuleWidth / 2),
                    to: Point(x: right, y: y + style.rowRuleWidth / 2),
                    width: style.rowRuleWidth, color: style.border, role: .artifact(.layout))))
        return y + style.rowRuleWidth + style.separatorMargin
    }

    /// A bold label and amount sharing one baseline, in the taller one's line box; returns its bottom.
    private func boldRow(
        _ row: InvoiceContent.LabeledValue, index: Int, label: TextStyle, value: TextStyle, x: Double,
        width: Double, top: Double, into block: inout Block
    ) -> Double {
        let tall = value.lineBoxHeight >= label.lineBoxHeight ? value : label
        let baseline = top + typesetter.baselineOffset(tall)
        func box(_ style: TextStyle) -> Rect {
            Rect(
                x: x, y: style == tall ? top : baseline - typesetter.baselineOffset(style), width: width,
                height: style.lineBoxHeight)
        }
        let shapedValue = typesetter.shapeLine(row.value, value)
        let labelBox = box(label)
        let labelBlock = typesetter.label(
            row.label, label, box: labelBox, alignment: .left,
            wrapWidth: labelRoom(width: width, value: shapedValue))
        block.ops += Self.row(
            index, label: labelBlock.ops,
            value: typesetter.place(shapedValue, value, box: box(value), alignment: .right))
        return max(top + tall.lineBoxHeight, labelBox.minY + labelBlock.height)
    }
}
