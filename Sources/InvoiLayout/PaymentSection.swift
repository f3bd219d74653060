import InvoiDocument

/// "PAYMENT DETAILS": a light top rule, the label, then label/value rows; with a payment
/// QR code, the code at the right end (the left on a right-to-left page, by mirroring)
/// with its caption under it, and the rows beside it, clear of its quiet zone.
struct PaymentSection {
    let style: InvoiceStyle
    let typesetter: Typesetter

    func block(_ content: InvoiceContent, x: Double, width: Double) -> Block {
        let code = content.paymentCode.map { CodePlacement(matrix: $0.matrix, style: style) }
        // The rows and the label keep out of the code's column, quiet zone and a gap included.
        let rowsWidth = code.map { max(width - $0.columnWidth - style.paymentLabelGap, width / 3) } ?? width
        var (block, y) = typesetter.ruledSectionStart(
            content.wording[.paymentDetails], style: style, x: x, width: width, labelWidth: rowsWidth,
            paddingTop: style.paymentPaddingTop)
        // The spec's label column, widened for a language whose labels are longer
        // ("Rekeningnummer") rather than breaking a word.
        let widestLabel = content.paymentRows.map { typesetter.width(of: $0.label, style.paymentLabel) }.max() ?? 0
        // A label longer than two fifths of the width wraps instead, clear of its value.
        let labelWidth = min(
            max(style.paymentLabelColumnWidth, widestLabel + style.paymentLabelGap),
            max(style.paymentLabelColumnWidth, rowsWidth * 0.4))
        let valueX = x + labelWidth
        let valueWidth = rowsWidth - labelWidth
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
        if let code, let paymentCode = content.paymentCode {
            // Below the rule by the quiet zone at least; the modules end at the content's right edge.
            let top = style.rowRuleWidth + max(style.paymentPaddingTop, code.margin)
            let rect = Rect(x: x + width - code.side, y: top, width: code.side, height: code.side)
            block.ops.append(
                .qrCode(
                    QRCodeOp(
                        matrix: code.matrix, rect: rect, quietZone: style.paymentCodeQuietZone,
                        altText: paymentCode.altText, role: .structure([StructureNode(.figure)]))))
            // Under the code, as wide as its quiet zone.
            let caption = typesetter.paragraph(
                paymentCode.caption, style.paymentCodeCaption, x: rect.x - code.margin,
                width: code.side + 2 * code.margin, top: rect.maxY + code.margin, alignment: .center)
            // The caption is a paragraph of its own after the rows' (the figure names the code).
            block.append(caption.within(.paragraph, content.paymentRows.count), at: 0)
            y = max(y, rect.maxY + code.margin + caption.height)
        }
        block.height = y
        return block.within(.section, 5)
    }
}

/// The size of a payment code on the page: up to `paymentCodeSide` in whole-point modules,
/// unless that would make them smaller than `paymentCodeMinimumModule`.
struct CodePlacement {
    let matrix: QRCodeMatrix
    let side: Double
    /// The quiet zone's width.
    let margin: Double

    init(matrix: QRCodeMatrix, style: InvoiceStyle) {
        self.matrix = matrix
        // Whole points: at 72 dpi (and its multiples) each module is the same whole number of
        // pixels, so the PNG draws the code exactly where the PDF does.
        let module = max((style.paymentCodeSide / Double(matrix.size)).rounded(.down), style.paymentCodeMinimumModule)
        side = module * Double(matrix.size)
        margin = module * Double(style.paymentCodeQuietZone)
    }

    /// The code and its quiet zone on the left: what the rows beside it give up.
    var columnWidth: Double { side + margin }
}
