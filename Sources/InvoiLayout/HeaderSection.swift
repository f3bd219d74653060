import InvoiDocument

/// The header row: sender on the left, "INVOICE" and its number on the right.
struct HeaderSection {
    let style: InvoiceStyle
    let typesetter: Typesetter

    func block(_ content: InvoiceContent, x: Double, width: Double) -> Block {
        let titleWidth = typesetter.width(of: content.title, style.title)
        let numberWidth = typesetter.width(of: content.invoiceNumber, style.meta)
        // The right column fits its widest line, but never takes more than 45% of the row.
        let rightWidth = min(max(titleWidth, numberWidth), width * 0.45)
        let rightX = x + width - rightWidth
        let leftWidth = width - rightWidth - style.headerColumnGap

        var right = Block(height: 0)
        let title = typesetter.paragraph(content.title, style.title, x: rightX, width: rightWidth, top: 0,
                                         alignment: .right)
        right.append(title, at: 0)
        var y = title.height
        if !content.invoiceNumber.isEmpty {
            y += style.headingGap
            let number = typesetter.paragraph(content.invoiceNumber, style.meta, x: rightX, width: rightWidth,
                                              top: y, alignment: .right)
            right.append(number, at: 0)
            y += number.height
        }
        right.height = y

        var left = Block(height: 0)
        y = 0
        let name = typesetter.paragraph(content.sender.name, style.companyName, x: x, width: leftWidth, top: 0)
        left.append(name, at: 0)
        y += name.height
        let lines = [content.sender.email] + content.sender.details
        if lines.contains(where: { !$0.isEmpty }), name.height > 0 {
            y += style.headingGap
        }
        for (index, line) in lines.enumerated() {
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
