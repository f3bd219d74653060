import InvoiDocument

/// The right-aligned totals block: Subtotal, VAT, a separator, then the bold Total.
struct TotalsSection {
    let style: InvoiceStyle
    let typesetter: Typesetter

    func block(_ content: InvoiceContent, right: Double) -> Block {
        let gap = style.numberColumnPadding
        let rowWidths = content.totalsRows.map {
            typesetter.width(of: $0.label, style.totalsLabel) + gap + typesetter.width(of: $0.value, style.totalsValue)
        }
        let totalWidth = typesetter.width(of: content.total.label, style.totalLabel) + gap
            + typesetter.width(of: content.total.value, style.totalValue)
        let width = max(style.totalsWidth, totalWidth, rowWidths.max() ?? 0)
        let x = right - width

        var block = Block(height: 0)
        var y = 0.0
        for (index, row) in content.totalsRows.enumerated() {
            if index > 0 { y += style.totalsRowGap }
            let box = Rect(x: x, y: y, width: width, height: style.totalsLabel.lineBoxHeight)
            block.ops += typesetter.place(typesetter.shapeLine(row.label, style.totalsLabel), style.totalsLabel,
                                          box: box, alignment: .left)
            block.ops += typesetter.place(typesetter.shapeLine(row.value, style.totalsValue), style.totalsValue,
                                          box: box, alignment: .right)
            y += box.height
        }

        y += style.separatorMargin
        block.ops.append(.line(LineOp(from: Point(x: x, y: y + style.rowRuleWidth / 2),
                                      to: Point(x: right, y: y + style.rowRuleWidth / 2),
                                      width: style.rowRuleWidth, color: style.border)))
        y += style.rowRuleWidth + style.separatorMargin

        // Label and amount share one baseline, in the taller amount's line box.
        let box = Rect(x: x, y: y, width: width, height: style.totalValue.lineBoxHeight)
        let baseline = y + typesetter.baselineOffset(style.totalValue)
        let labelTop = baseline - typesetter.baselineOffset(style.totalLabel)
        block.ops += typesetter.place(typesetter.shapeLine(content.total.label, style.totalLabel), style.totalLabel,
                                      box: Rect(x: x, y: labelTop, width: width,
                                                height: style.totalLabel.lineBoxHeight),
                                      alignment: .left)
        var totalStyle = style.totalValue
        totalStyle.color = style.accent
        block.ops += typesetter.place(typesetter.shapeLine(content.total.value, totalStyle), totalStyle,
                                      box: box, alignment: .right)
        block.height = y + box.height
        return block
    }
}
