import InvoiDocument

/// The header row: logo and sender on the left, "INVOICE" and its number on the right.
struct HeaderSection {
    /// The laid-out header and how far down its right column (title and number) reaches.
    struct Layout {
        var block: Block
        var rightColumnHeight: Double
    }

    let style: InvoiceStyle
    let typesetter: Typesetter

    func layOut(_ content: InvoiceContent, x: Double, width: Double) -> Layout {
        let titleStyle = style.title.with(color: style.accent)
        let titleWidth = typesetter.width(of: content.title, titleStyle)
        let numberLines = [content.allocationLine, content.correctionLine].filter { !$0.isEmpty }
        let numberWidth =
            ([content.invoiceNumber] + numberLines).map { typesetter.width(of: $0, style.meta) }.max() ?? 0
        // The right column fits its widest line, but never takes more than 45% of the row.
        let rightWidth = min(max(titleWidth, numberWidth), width * 0.45)
        let rightX = x + width - rightWidth
        let leftWidth = width - rightWidth - style.headerColumnGap

        var right = Block(height: 0)
        let title = typesetter.paragraph(
            content.title, titleStyle, x: rightX, width: rightWidth, top: 0,
            alignment: .right)
        right.append(title.within(.title), at: 0)
        var y = title.height
        if !content.invoiceNumber.isEmpty {
            y += style.headingGap
            let number = typesetter.paragraph(
                content.invoiceNumber, style.meta, x: rightX, width: rightWidth,
                top: y, alignment: .right)
            right.append(number.within(.paragraph, 0), at: 0)
            y += number.height
        }
        if !numberLines.isEmpty, content.invoiceNumber.isEmpty { y += style.headingGap }
        for (index, line) in numberLines.enumerated() {
            let paragraph = typesetter.paragraph(
                line, style.meta, x: rightX, width: rightWidth, top: y, alignment: .right)
            right.append(paragraph.within(.paragraph, index + 1), at: 0)
            y += paragraph.height
        }
        right.height = y

        var left = Block(height: 0)
        var logoBottom = 0.0
        if let logo = content.logo,
            let size = logo.fittedSize(
                in: Size(width: min(style.logoMaxWidth, leftWidth), height: style.logoMaxHeight),
                minimumSide: InvoiceStyle.px(1))
        {
            left.ops.append(
                .image(
                    ImageOp(
                        image: logo, rect: Rect(x: x, y: 0, width: size.width, height: size.height),
                        altText: content.logoAlt, role: .structure([StructureNode(.figure)]))))
            logoBottom = size.height
        }
        // The gap under the logo only when something follows it.
        let senderTop = logoBottom > 0 ? logoBottom + style.logoGap : 0
        y = senderTop
        let name = typesetter.paragraph(content.sender.name, style.companyName, x: x, width: leftWidth, top: y)
        left.append(name.within(.paragraph, 0), at: 0)
        y += name.height
        let lines = [content.sender.email] + content.sender.details + [content.sender.taxIdLine]
        if lines.contains(where: { !$0.isEmpty }), name.height > 0 {
            y += style.headingGap
        }
        for (index, line) in lines.enumerated() {
            let link = index == 0 ? mailtoLink(line) : nil
            let paragraph = typesetter.paragraph(line, style.meta, x: x, width: leftWidth, top: y, link: link)
            left.append(paragraph.within(.paragraph, index + 1), at: 0)
            y += paragraph.height
        }
        left.height = y > senderTop ? y : logoBottom

        var block = Block(height: max(left.height, right.height))
        // The sender's column, then the title's: the order they are read in, which a
        // right-to-left page keeps when it is mirrored (the sender is then on the right).
        block.ops = left.within(.section, 0).ops + right.ops
        return Layout(block: block, rightColumnHeight: right.height)
    }
}
