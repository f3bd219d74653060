import InvoiDocument

/// "PAYMENT DETAILS": a light top rule, the label, then label/value rows.
struct PaymentSection {
    let style: InvoiceStyle
    let typesetter: Typesetter

    func block(_ content: InvoiceContent, x: Double, width: Double) -> Block {
        var block = Block(height: 0)
        block.ops.append(.line(LineOp(from: Point(x: x, y: style.rowRuleWidth / 2),
                                      to: Point(x: x + width, y: style.rowRuleWidth / 2),
                                      width: style.rowRuleWidth, color: style.border)))
        var y = style.rowRuleWidth + style.paymentPaddingTop
        let label = typesetter.paragraph("Payment Details", style.label, x: x, width: width, top: y)
        block.append(label, at: 0)
        y += label.height + style.labelGap
        let valueX = x + style.paymentLabelColumnWidth
        let valueWidth = width - style.paymentLabelColumnWidth
        for row in content.paymentRows {
            let name = typesetter.paragraph(row.label, style.paymentLabel, x: x,
                                            width: style.paymentLabelColumnWidth, top: y)
            let value = typesetter.paragraph(row.value, style.paymentText, x: valueX, width: valueWidth, top: y)
            block.append(name, at: 0)
            block.append(value, at: 0)
            y += max(name.height, value.height)
        }
        block.height = y
        return block
    }
}
