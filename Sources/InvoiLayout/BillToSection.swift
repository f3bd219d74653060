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
        // The client keeps at least two fifths of the row; the dates and references wrap in the rest.
        let rightRoom = (width - style.headerColumnGap) * 0.6
        // The custom fields, three to a row, after the references.
        let custom = stride(from: 0, to: content.customFields.count, by: 3).map {
            (Array(content.customFields[$0..<min($0 + 3, content.customFields.count)]), false, 5 + $0 / 3)
        }
        for (fields, areDates, section) in [(content.dates, true, 2), (content.references, false, 3)] + custom
        where !fields.isEmpty {
            let top = right.height == 0 ? 0 : right.height + style.labelGap * 2
            let row = columns(fields, right: x + width, top: top, room: rightRoom, keepsValues: areDates)
            right.ops += row.block.within(.section, section).ops
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
            // The label first, then its value: one paragraph.
            right.append(label.within(.paragraph).within(.section, 4), at: 0)
            right.append(text.within(.paragraph).within(.section, 4), at: 0)
            right.height = top + label.height + style.labelGap + text.height
            datesWidth = termsWidth
        }
        let leftWidth = datesWidth == 0 ? width : width - datesWidth - style.headerColumnGap

        var left = Block(height: 0)
        let label = typesetter.paragraph(content.wording[.billTo], style.label, x: x, width: leftWidth, top: 0)
        left.append(label.within(.heading), at: 0)
        var y = label.height + style.labelGap
        let name = typesetter.paragraph(content.client.name, style.clientName, x: x, width: leftWidth, top: y)
        left.append(name.within(.paragraph, 0), at: 0)
        y += name.height
        for (index, line) in ([content.client.email] + content.client.details + [content.client.taxIdLine]).enumerated()
        {
            let link = index == 0 ? mailtoLink(line) : nil
            let paragraph = typesetter.paragraph(line, style.meta, x: x, width: leftWidth, top: y, link: link)
            left.append(paragraph.within(.paragraph, index + 1), at: 0)
            y += paragraph.height
        }
        left.height = y

        var block = Block(height: max(left.height, right.height))
        block.ops = left.within(.section, 1).ops + right.ops
        return block
    }

    /// A row of label-over-value columns ending at `right`, and its width: each column as wide
    /// as its label and value, or, when they do not fit in `room`, sharing it — a label, and a
    /// value unless `keepsValues` (dates, which never wrap), wrapping in its share.
    private func columns(
        _ fields: [InvoiceContent.LabeledValue], right: Double, top: Double, room: Double, keepsValues: Bool
    ) -> (block: Block, width: Double) {
        // A value may have lines of its own (a service period's two dates).
        let valueWidths = fields.map { field in
            field.value.split(separator: "\n").map { typesetter.width(of: String($0), style.dateValue) }.max() ?? 0
        }
        let wanted = zip(fields, valueWidths).map { field, valueWidth in
            max(typesetter.width(of: field.label, style.label), valueWidth)
        }
        let gaps = Double(fields.count - 1) * style.dateColumnGap
        let widths = ColumnShares.widths(
            wanted: wanted, least: keepsValues ? valueWidths : wanted.map { _ in 0 }, room: max(room - gaps, 0))
        var block = Block(height: top)
        var columnRight = right
        // Laid out from the right edge, written in the fields' order: the order they are read in.
        var pieces: [Block] = []
        for (index, (field, columnWidth)) in zip(fields, widths).enumerated().reversed() {
            let columnX = columnRight - columnWidth
            let label = typesetter.paragraph(
                field.label, style.label, x: columnX, width: columnWidth, top: top, alignment: .right)
            let valueTop = top + label.height + style.labelGap
            let value = typesetter.paragraph(
                field.value, style.dateValue, x: columnX, width: columnWidth, top: valueTop, alignment: .right)
            // A label over its value: one paragraph, the label first.
            pieces.append(Block(height: 0, ops: (label.ops + value.ops)).within(.paragraph, index))
            block.height = max(block.height, valueTop + value.height)
            columnRight = columnX - style.dateColumnGap
        }
        for piece in pieces.reversed() { block.ops += piece.ops }
        return (block, right - (columnRight + style.dateColumnGap))
    }
}
