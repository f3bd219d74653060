import InvoiDocument

/// "BILL TO" and the client on the left; the date columns on the right.
struct BillToSection {
    let style: InvoiceStyle
    let typesetter: Typesetter

    func block(_ content: InvoiceContent, x: Double, width: Double) -> Block {
        // The dates, then the buyer's references, each a row of columns laid right to left
        // so that the last one ends on the right edge; the payment terms under them.
        var right = Block(height: 0)
        var datesWidth = 0.0
        for fields in [content.dates, content.references] where !fields.isEmpty {
            let top = right.height == 0 ? 0 : right.height + style.labelGap * 2
            let row = columns(fields, right: x + width, top: top)
            right.ops += row.block.ops
            right.height = row.block.height
            datesWidth = max(datesWidth, row.width)
        }
        if let terms = content.paymentTerms {
            // As wide as the columns above, and at least a third of the row.
            let termsWidth = max(datesWidth, width / 3)
            let termsX = x + width - termsWidth
            let top = right.height == 0 ? 0 : right.height + style.labelGap * 2
            let label = typesetter.paragraph(
                terms.label, style.label, x: termsX, width: termsWidth, top: top, alignment: .right)
            let text = typesetter.paragraph(
                terms.value, style.meta, x: termsX, width: termsWidth, top: top + label.height + style.labelGap,
                alignment: .right)
            right.append(label, at: 0)
            right.append(text, at: 0)
            right.height = top + label.height + style.labelGap + text.height
            datesWidth = termsWidth
        }
        let leftWidth = datesWidth == 0 ? width : width - datesWidth - style.headerColumnGap

        var left = Block(height: 0)
        let label = typesetter.paragraph(content.wording[.billTo], style.label, x: x, width: leftWidth, top: 0)
        left.append(label, at: 0)
        var y = label.height + style.labelGap
        let name = typesetter.paragraph(content.client.name, style.clientName, x: x, width: leftWidth, top: y)
        left.append(name, at: 0)
        y += name.height
        for (index, line) in ([content.client.email] + content.client.details + [content.client.taxIdLine]).enumerated()
        {
            let link = index == 0 ? mailtoLink(line) : nil
            let paragraph = typesetter.paragraph(line, style.meta, x: x, width: leftWidth, top: y, link: link)
            left.append(paragraph, at: 0)
            y += paragraph.height
        }
        left.height = y

        var block = Block(height: max(left.height, right.height))
        block.ops = left.ops + right.ops
        return block
    }

    /// A row of label-over-value columns ending at `right`, and its width.
    private func columns(
        _ fields: [InvoiceContent.LabeledValue], right: Double, top: Double
    ) -> (block: Block, width: Double) {
        var block = Block(height: top)
        var columnRight = right
        for field in fields.reversed() {
            // A value may have lines of its own (a service period's two dates).
            let valueWidth =
                field.value.split(separator: "\n").map { typesetter.width(of: String($0), style.dateValue) }.max() ?? 0
            let columnWidth = max(typesetter.width(of: field.label, style.label), valueWidth)
            let columnX = columnRight - columnWidth
            let label = typesetter.paragraph(
                field.label, style.label, x: columnX, width: columnWidth, top: top, alignment: .right)
            let valueTop = top + label.height + style.labelGap
            let value = typesetter.paragraph(
                field.value, style.dateValue, x: columnX, width: columnWidth, top: valueTop, alignment: .right)
            block.append(label, at: 0)
            block.append(value, at: 0)
            block.height = max(block.height, valueTop + value.height)
            columnRight = columnX - style.dateColumnGap
        }
        return (block, right - (columnRight + style.dateColumnGap))
    }
}
