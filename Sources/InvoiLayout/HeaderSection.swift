import InvoiDocument
import InvoiModel

/// The header row: logo and sender on the left, "INVOICE" and its number on the right.
struct HeaderSection {
    /// The laid-out header and how far down its right column (title and number) reaches.
    struct Layout {
        var block: Block
        var rightColumnHeight: Double
    }

    let style: InvoiceStyle
    let typesetter: Typesetter
    /// Where the logo sits: at the start, above the sender, or on a row of its own above both
    /// columns, centred or at the end.
    var logoPosition = Theme.Placement.start
    /// The sender's details on one line (wrapping when long) rather than a line each.
    var joinsSenderDetails = false

    func layOut(_ content: InvoiceContent, x: Double, width: Double) -> Layout {
        let titleStyle = style.title.with(color: style.accent)
        let titleWidth = typesetter.width(of: content.title, titleStyle)
        let markStyle = style.copyMarkText.with(color: style.accent)
        let markFrame = style.copyMarkPaddingX + style.copyMarkBorderWidth
        let markWidth =
            content.copyMark.isEmpty ? 0 : typesetter.width(of: content.copyMark, markStyle) + 2 * markFrame
        let besideTitle = markWidth > 0 ? markWidth + style.copyMarkGap : 0
        let numberLines = [content.allocationLine, content.correctionLine].filter { !$0.isEmpty }
        let numberWidth =
            ([content.invoiceNumber] + numberLines).map { typesetter.width(of: $0, style.meta) }.max() ?? 0
        // The right column fits its widest line, but takes more than 45% of the row only when
        // the title and the mark would otherwise break inside a word.
        let wanted = max(titleWidth + besideTitle, numberWidth)
        var rightWidth = min(wanted, width * 0.45)
        // What the title's column must keep: the whole title where it fits on one line.
        var titleNeeds = titleWidth
        var markWord = markWidth
        if wanted > rightWidth {
            let titleWord = longestWordWidth(of: content.title, titleStyle)
            markWord = markWidth > 0 ? longestWordWidth(of: content.copyMark, markStyle) + 2 * markFrame : 0
            // The title on one line beside the mark's longest word, else at least both longest
            // words: a line break inside a word (or between two ideographs) comes last.
            let besideWord = markWord > 0 ? markWord + style.copyMarkGap : 0
            let widest = width * Self.widestTitleShare
            let oneLine = titleWidth + besideWord
            let unbroken = titleWord + besideWord
            // A title that must wrap gets just its longest word's width, so that the lines break
            // at its blanks rather than after a hyphen or between two syllables.
            if oneLine > widest { titleNeeds = titleWord }
            rightWidth = min(
                wanted,
                oneLine <= widest
                    ? max(rightWidth, oneLine) : max(min(unbroken, widest), min(numberWidth, rightWidth)))
        }
        let rightX = x + width - rightWidth
        let leftWidth = width - rightWidth - style.headerColumnGap

        var right = Block(height: 0)
        // The mark keeps its width unless the title needs the room; then each keeps a share
        // of the column and wraps in it.
        var markBoxWidth =
            markWidth > 0
            ? min(
                markWidth,
                max(rightWidth - style.copyMarkGap - titleWidth, rightWidth * style.copyMarkMinimumShare)) : 0
        if markBoxWidth > 0 {
            // Neither breaks inside a word while both longest words fit side by side.
            // The title keeps its share of the column whatever the mark's words.
            let markLeast = min(
                markWord, markWidth, rightWidth * (1 - style.copyMarkMinimumShare) - style.copyMarkGap)
            markBoxWidth = max(min(markBoxWidth, rightWidth - style.copyMarkGap - titleNeeds), markLeast)
        }
        let titleColumn = markBoxWidth > 0 ? max(rightWidth - markBoxWidth - style.copyMarkGap, 1) : rightWidth
        let title = typesetter.paragraph(
            content.title, titleStyle, x: rightX, width: titleColumn, top: 0,
            alignment: .right)
        right.append(title.within(.title), at: 0)
        var y = title.height
        if markBoxWidth > 0 {
            let mark = copyMark(
                content.copyMark, markStyle,
                box: Rect(x: rightX + rightWidth - markBoxWidth, y: 0, width: markBoxWidth, height: 0),
                centredOn: titleStyle.lineBoxHeight / 2)
            right.append(mark, at: 0)
            y = max(y, mark.height)
        }
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
        // A logo on its own row: the columns start under it.
        var logoRow: Block?
        if let logo = content.logo,
            let size = logo.fittedSize(
                in: Size(
                    width: min(style.logoMaxWidth, logoPosition == .start ? leftWidth : width),
                    height: style.logoMaxHeight),
                minimumSide: InvoiceStyle.px(1))
        {
            let logoX =
                switch logoPosition {
                case .start: x
                case .center: x + (width - size.width) / 2
                case .end: x + width - size.width
                }
            let image = DrawOp.image(
                ImageOp(
                    image: logo, rect: Rect(x: logoX, y: 0, width: size.width, height: size.height),
                    altText: content.logoAlt, role: .structure([StructureNode(.figure)])))
            if logoPosition == .start {
                left.ops.append(image)
                logoBottom = size.height
            } else {
                logoRow = Block(height: size.height + style.logoGap, ops: [image])
            }
        }
        // The gap under the logo only when something follows it.
        let senderTop = logoBottom > 0 ? logoBottom + style.logoGap : 0
        y = senderTop
        let name = typesetter.paragraph(content.sender.name, style.companyName, x: x, width: leftWidth, top: y)
        left.append(name.within(.paragraph, 0), at: 0)
        y += name.height
        var lines = [content.sender.email] + content.sender.details + [content.sender.taxIdLine]
        if joinsSenderDetails {
            // Each detail's own lines (an address) join too: the header stays two lines.
            let parts = lines.flatMap { $0.split(separator: "\n").map(String.init) }.filter { !$0.isEmpty }
            lines = [parts.joined(separator: " · ")]
        }
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
        guard let logoRow else { return Layout(block: block, rightColumnHeight: right.height) }
        var withLogo = logoRow.within(.section, 0)
        withLogo.append(block, at: logoRow.height)
        withLogo.height = logoRow.height + block.height
        return Layout(block: withLogo, rightColumnHeight: logoRow.height + right.height)
    }

    /// The most of the row the title and the copy mark may take to keep their words whole (the
    /// title on one line where it can); the sender's column keeps the rest.
    static let widestTitleShare = 0.75

    /// The width of the widest word of `text` (split at blanks), where a line may not break.
    private func longestWordWidth(of text: String, _ textStyle: TextStyle) -> Double {
        text.split(whereSeparator: \.isWhitespace).map { typesetter.width(of: String($0), textStyle) }.max() ?? 0
    }

    /// The copy mark: its word (wrapped to the box's width when it must) in an outlined,
    /// rounded box, centred vertically on `centre` (the title's first line) but never above
    /// the row's top. The block's height reaches the box's bottom.
    private func copyMark(_ word: String, _ textStyle: TextStyle, box: Rect, centredOn centre: Double) -> Block {
        let border = style.copyMarkBorderWidth
        let inset = style.copyMarkPaddingX + border
        var textWidth = max(box.width - 2 * inset, 1)
        // One line when the word fits (as it does unless the title took the room), else wrapped.
        var words = typesetter.label(
            word, textStyle, box: Rect(x: box.minX + inset, y: 0, width: textWidth, height: textStyle.lineBoxHeight),
            alignment: .center, wrapWidth: textWidth)
        // Wrapped, the frame closes round its widest line, still at the column's end.
        let widest = words.ops.reduce(0) { widest, op in
            if case .text(let text) = op { max(widest, text.width) } else { widest }
        }
        var frame = box
        if widest > 0, widest < textWidth {
            let shift = textWidth - widest
            textWidth = widest
            frame = Rect(x: box.minX + shift, y: box.minY, width: box.width - shift, height: box.height)
            words.ops = words.ops.map { op in
                guard case .text(var text) = op else { return op }
                text.origin.x += shift / 2
                text.box = Rect(x: frame.minX + inset, y: text.box.minY, width: textWidth, height: text.box.height)
                return .text(text)
            }
        }
        let height = words.height + 2 * (style.copyMarkPaddingY + border)
        let top = max(0, centre - height / 2)
        var text = Block(height: 0)
        text.append(words, at: top + style.copyMarkPaddingY + border)
        let outline = RectOp(
            rect: Rect(
                x: frame.minX + border / 2, y: top + border / 2, width: frame.width - border, height: height - border),
            stroke: Stroke(width: border, color: textStyle.color), cornerRadius: style.copyMarkCornerRadius)
        // The word is read as part of the title's heading ("Tax invoice … Original"); its
        // frame is decoration.
        return Block(
            height: top + height, ops: [DrawOp.rect(outline).asArtifact(.layout)] + text.within(.title).ops)
    }
}
