import InvoiDocument
import InvoiModel

/// The letter design's first-page head: the client's address in the envelope's window with a
/// one-line return address above it, the sender and the invoice's dates beside it, the title and
/// number under them, fold marks at the page's edge. The window is where the envelope's is, so
/// on a right-to-left page it stays on the left while the rest mirrors.
struct LetterSection {
    /// Where an envelope's window is on the page and where the page folds, in points from the
    /// page's top left corner (physical, never mirrored).
    struct Geometry {
        var field: Rect
        /// Room at the field's top for the return address and notes before the address begins.
        var returnZone: Double
        /// The address's distance from the field's left edge.
        var inset: Double
        var folds: [Double]
        /// The hole-punch mark's height; nil for none.
        var punch: Double?

        static func of(_ window: EnvelopeWindow, pageHeight: Double) -> Geometry {
            let mm = InvoiceStyle.millimetres
            let inch = 72.0
            switch window {
            // DIN 5008: the address field is 85 × 45 mm, 20 mm from the left edge; form A's is
            // 27 mm from the top (folds at 87 and 192 mm), form B's 45 mm (folds at 105 and 210 mm).
            case .din5008A:
                return Geometry(
                    field: Rect(x: mm(20), y: mm(27), width: mm(85), height: mm(45)), returnZone: mm(12.7),
                    inset: mm(5), folds: [mm(87), mm(192)], punch: mm(148.5))
            case .din5008B:
                return Geometry(
                    field: Rect(x: mm(20), y: mm(45), width: mm(85), height: mm(45)), returnZone: mm(17.7),
                    inset: mm(5), folds: [mm(105), mm(210)], punch: mm(148.5))
            // A #10 window envelope's window is 4½ × 1⅛ in, ⅞ in from its left edge; a Letter page
            // folded in thirds shows this part of its top panel through it.
            case .us10:
                return Geometry(
                    field: Rect(x: 0.875 * inch, y: 2.0 * inch, width: 4.5 * inch, height: 1.25 * inch),
                    returnZone: 0.25 * inch, inset: 0.125 * inch, folds: [pageHeight / 3, pageHeight * 2 / 3],
                    punch: nil)
            }
        }
    }

    let style: InvoiceStyle
    let typesetter: Typesetter
    let geometry: Geometry
    let pageSize: Size
    /// The top margin, where the block starts.
    let top: Double
    let rightToLeft: Bool
    var logoPosition = Theme.Placement.end

    /// The return address's size: small, but never under 6 pt.
    static let returnSize = 7.0
    /// The smallest size the return address shrinks to before it is cut.
    static let leastReturnSize = 6.0

    /// `rect` (physical) in the layout's left-to-right coordinates: the page mirrors it back.
    private func placed(_ rect: Rect) -> Rect {
        guard rightToLeft else { return rect }
        return Rect(x: pageSize.width - rect.maxX, y: rect.y, width: rect.width, height: rect.height)
    }

    func layOut(_ content: InvoiceContent, x: Double, width: Double) -> HeaderSection.Layout {
        var block = Block(height: 0)
        let field = placed(geometry.field)
        let fieldTop = field.minY - top
        let textX = field.minX + geometry.inset
        let textWidth = field.width - geometry.inset

        // The logo, above the information block (or where the theme puts it), never reaching
        // down to the window.
        var logoBottom = 0.0
        if let logo = content.logo,
            let size = logo.fittedSize(
                in: Size(width: min(style.logoMaxWidth, width / 2), height: min(style.logoMaxHeight, fieldTop - 6)),
                minimumSide: InvoiceStyle.px(1))
        {
            let logoX =
                switch logoPosition {
                case .start: x
                case .center: x + (width - size.width) / 2
                case .end: x + width - size.width
                }
            block.ops.append(
                .image(
                    ImageOp(
                        image: logo, rect: Rect(x: logoX, y: 0, width: size.width, height: size.height),
                        altText: content.logoAlt, role: .structure([StructureNode(.figure)]))))
            logoBottom = size.height
        }

        // The window: the return address on one line, then the client.
        var window = Block(height: 0)
        // The return address may use the whole field: it is small and must not lose the city.
        let returnLine = returnAddress(content, width: field.width - InvoiceStyle.millimetres(1))
        window.append(returnLine.within(.paragraph, 0), at: fieldTop + InvoiceStyle.millimetres(2))
        var addressStyle = style.itemText
        addressStyle.lineHeight = 1.35
        var nameStyle = addressStyle
        nameStyle.font.weight = .bold
        var y = fieldTop + geometry.returnZone
        let name = typesetter.paragraph(content.client.name, nameStyle, x: textX, width: textWidth, top: y)
        window.append(name.within(.paragraph, 1), at: 0)
        y += name.height
        for (index, line) in content.client.details.enumerated() {
            let paragraph = typesetter.paragraph(line, addressStyle, x: textX, width: textWidth, top: y)
            window.append(paragraph.within(.paragraph, index + 2), at: 0)
            y += paragraph.height
        }
        var windowBottom = max(y, fieldTop + geometry.field.height)
        // The client's tax id is not part of the address: under the window, still the client's.
        if !content.client.taxIdLine.isEmpty {
            let paragraph = typesetter.paragraph(
                content.client.taxIdLine, style.meta, x: textX, width: textWidth, top: windowBottom + style.labelGap)
            window.append(paragraph.within(.paragraph, content.client.details.count + 2), at: 0)
            windowBottom += style.labelGap + paragraph.height
        }
        block.ops += window.within(.section, 1).ops

        // The information block beside the window: the sender, the client's tax id, the dates.
        let gap = InvoiceStyle.millimetres(20)
        // The page's right margin, physically: the end margin, or the start one when mirrored.
        let rightMargin = rightToLeft ? x : pageSize.width - x - width
        let infoPhysical = Rect(
            x: geometry.field.maxX + gap, y: 0, width: pageSize.width - geometry.field.maxX - gap - rightMargin,
            height: 0)
        let info = placed(infoPhysical)
        var infoY = max(fieldTop, logoBottom > 0 ? logoBottom + style.logoGap : 0)
        var sender = Block(height: 0)
        let senderName = typesetter.paragraph(
            content.sender.name, style.clientName, x: info.minX, width: info.width, top: infoY)
        sender.append(senderName.within(.paragraph, 0), at: 0)
        infoY += senderName.height
        let senderLines = [content.sender.email] + content.sender.details + [content.sender.taxIdLine]
        for (index, line) in senderLines.enumerated() where !line.isEmpty {
            let link = index == 0 ? mailtoLink(line) : nil
            let paragraph = typesetter.paragraph(
                line, style.meta, x: info.minX, width: info.width, top: infoY, link: link)
            sender.append(paragraph.within(.paragraph, index + 1), at: 0)
            infoY += paragraph.height
        }
        block.ops += sender.within(.section, 0).ops
        var details = Block(height: 0)
        let rows =
            content.dates + content.references + content.customFields
            + (content.paymentTerms.map { [$0] } ?? [])
        if !rows.isEmpty { infoY += style.labelGap * 2 }
        for (index, row) in rows.enumerated() {
            let label = typesetter.paragraph(row.label, style.label, x: info.minX, width: info.width, top: infoY)
            infoY += label.height
            let value = typesetter.paragraph(row.value, style.dateValue, x: info.minX, width: info.width, top: infoY)
            infoY += value.height + style.labelGap / 2
            details.ops += Block(height: 0, ops: label.ops + value.ops).within(.paragraph, index).ops
        }
        block.ops += details.within(.section, 2).ops

        // The title and number under the window and the information block.
        let subjectTop = max(windowBottom, infoY) + InvoiceStyle.millimetres(8)
        var subjectContent = content
        subjectContent.logo = nil
        subjectContent.sender = InvoiceContent.Party(name: "", email: "", details: [])
        var subjectStyle = style
        subjectStyle.title.font.size = style.clientName.font.size * 1.4
        let subject = HeaderSection(style: subjectStyle, typesetter: typesetter).layOut(
            subjectContent, x: x, width: width)
        block.append(subject.block, at: subjectTop)
        block.height = subjectTop + subject.block.height

        // Fold and punch marks at the page's left edge (physical): drawn, never read.
        let marks =
            geometry.folds.map { ($0, InvoiceStyle.millimetres(5)) }
            + (geometry.punch.map { [($0, InvoiceStyle.millimetres(8))] } ?? [])
        for (height, length) in marks {
            let line = placed(Rect(x: InvoiceStyle.millimetres(3), y: height - top, width: length, height: 0))
            block.ops.append(
                .line(
                    LineOp(
                        from: Point(x: line.minX, y: line.minY), to: Point(x: line.maxX, y: line.minY),
                        width: 0.5, color: style.muted, role: .artifact(.layout))))
        }
        return HeaderSection.Layout(block: block, rightColumnHeight: block.height)
    }

    /// The sender's name and address on one line, at 7 pt, shrunk to 6 pt and then cut with "…"
    /// when it is longer than the window.
    private func returnAddress(_ content: InvoiceContent, width: Double) -> Block {
        let parts = ([content.sender.name] + content.sender.details.dropFirst())
            .flatMap { $0.split(separator: "\n").map(String.init) }.filter { !$0.isEmpty }
        var text = parts.joined(separator: " · ")
        guard !text.isEmpty else { return Block(height: 0) }
        var lineStyle = style.footer
        lineStyle.font.size = Self.returnSize
        lineStyle.lineHeight = 1.2
        if typesetter.width(of: text, lineStyle) > width {
            lineStyle.font.size = Self.leastReturnSize
        }
        while typesetter.width(of: text, lineStyle) > width, text.count > 1 {
            text = String(text.dropLast(2)) + "…"
        }
        let field = placed(geometry.field)
        let textX = field.minX + InvoiceStyle.millimetres(1)
        var line = typesetter.paragraph(text, lineStyle, x: textX, width: width, top: 0)
        // Underlined, as a return address is, to set it apart from the address.
        let underline = lineStyle.lineBoxHeight
        line.ops.append(
            .line(
                LineOp(
                    from: Point(x: textX, y: underline), to: Point(x: textX + width, y: underline), width: 0.4,
                    color: style.muted, role: .artifact(.layout))))
        return line
    }
}
