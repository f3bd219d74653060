import InvoiDocument

/// "PAYMENT DETAILS": a light top rule, the label, then label/value rows.
struct PaymentSection {
    let style: InvoiceStyle
    let typesetter: Typesetter

    func block(_ content: InvoiceContent, x: Double, width: Double) -> Block {
        var (block, y) = typesetter.ruledSectionStart(
            content.wording[.paymentDetails], style: style, x: x, width: width,
            paddingTop: style.paymentPaddingTop)
        // The spec's label column, widened for a language whose labels are longer
        // ("Rekeningnummer") rather than breaking a word.
        let widestLabel = content.paymentRows.map { typesetter.width(of: $0.label, style.paymentLabel) }.max() ?? 0
        // A label longer than two fifths of the width wraps instead, clear of its value.
        let labelWidth = min(
            max(style.paymentLabelColumnWidth, widestLabel + style.paymentLabelGap),
            max(style.paymentLabelColumnWidth, width * 0.4))
        let valueX = x + labelWidth
        let valueWidth = width - labelWidth
        for (index, row) in content.paymentRows.enumerated() {
            let name = typesetter.paragraph(
                row.label, style.paymentLabel, x: x, width: labelWidth, top: y,
                wrapWidth: max(labelWidth - style.paymentLabelGap, 1))
            let value = typesetter.paragraph(row.value, style.paymentText, x: valueX, width: valueWidth, top: y)
            // The label first, then its value: one paragraph.
            block.append(name.within(.paragraph, index), at: 0)
            block.append(value.within(.paragraph, index), at: 0)
            y += max(name.height, value.height)
        }
        block.height = y
        return block.within(.section, 5)
    }
}
