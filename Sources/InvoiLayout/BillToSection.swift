import InvoiDocument

/// "BILL TO" and the client on the left; the date columns on the right.
struct BillToSection {
    let style: InvoiceStyle
    let typesetter: Typesetter

    func block(_ content: InvoiceContent, x: Double, width: Double) -> Block {
        // Date columns, laid right to left so the last one ends on the right edge.
        var right = Block(height: 0)
        var columnRight = x + width
        for field in content.dates.reversed() {
            let columnWidth = max(
                typesetter.width(of: field.label, style.label),
                typesetter.width(of: field.value, style.dateValue))
            let columnX = columnRight - columnWidth
            let label = typesetter.paragraph(
                field.label, style.label, x: columnX, width: columnWidth, top: 0,
                alignment: .right)
            let valueTop = label.height + style.labelGap
            let value = typesetter.paragraph(
                field.value, style.dateValue, x: columnX, width: columnWidth,
                top: valueTop, alignment: .right)
            right.append(label, at: 0)
            right.append(value, at: 0)
            right.height = max(right.height, valueTop + value.height)
            columnRight = columnX - style.dateColumnGap
        }
        let datesWidth = x + width - (columnRight + style.dateColumnGap)
        let leftWidth = content.dates.isEmpty ? width : width - datesWidth - style.headerColumnGap

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
}
