import InvoiDocument

extension Typesetter {
    /// How Payment Details and Notes begin: a light rule across the width, then the section's
    /// label `paddingTop` below it, in `labelWidth` when given (beside a payment code).
    /// Returns the block and the y where the content starts.
    func ruledSectionStart(
        _ label: String, style: InvoiceStyle, x: Double, width: Double, labelWidth: Double? = nil,
        paddingTop: Double
    ) -> (block: Block, contentTop: Double) {
        var block = Block(height: 0)
        block.ops.append(
            .line(
                LineOp(
                    from: Point(x: x, y: style.rowRuleWidth / 2),
                    to: Point(x: x + width, y: style.rowRuleWidth / 2),
                    width: style.rowRuleWidth, color: style.border, role: .artifact(.layout))))
        let top = style.rowRuleWidth + paddingTop
        let heading = paragraph(label, style.label, x: x, width: labelWidth ?? width, top: top)
        block.append(heading.within(.heading), at: 0)
        return (block, top + heading.height + style.labelGap)
    }
}
