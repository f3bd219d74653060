import InvoiDocument

/// A received invoice's "ADDITIONAL INFORMATION": the form of Payment Details (a light rule,
/// the label), then a group per part of the document ("Seller", "Payment", "Attachments"),
/// each its heading and its label/value rows. One block per group, so that the paginator may
/// break between groups; each keeps its heading with its first row.
struct InformationSection {
    /// A group's laid-out block and how much of its top must stay together.
    struct Layout {
        var block: Block
        var keptTogether: Double
    }

    let style: InvoiceStyle
    let typesetter: Typesetter

    func layOut(_ content: InvoiceContent, x: Double, width: Double) -> [Layout] {
        // One label column for every group, as Payment Details sizes its own.
        let widestLabel =
            content.information.flatMap(\.rows).map { typesetter.width(of: $0.label, style.paymentLabel) }.max() ?? 0
        let labelWidth = min(
            max(style.paymentLabelColumnWidth, widestLabel + style.paymentLabelGap),
            max(style.paymentLabelColumnWidth, width * 0.4))
        // The groups' headings: the rows' text, in bold.
        var headingStyle = style.paymentText
        headingStyle.font.weight = .bold
        var layouts: [Layout] = []
        for (index, group) in content.information.enumerated() {
            var block: Block
            var y: Double
            if index == 0 {
                (block, y) = typesetter.ruledSectionStart(
                    content.informationHeading, style: style, x: x, width: width, paddingTop: style.paymentPaddingTop)
            } else {
                block = Block(height: 0)
                y = 0
            }
            if !group.heading.isEmpty {
                let heading = typesetter.paragraph(group.heading, headingStyle, x: x, width: width, top: y)
                block.append(heading.within(.heading, 1), at: 0)
                y += heading.height
            }
            var keptTogether = y
            for (row, entry) in group.rows.enumerated() {
                let name = typesetter.paragraph(
                    entry.label, style.paymentLabel, x: x, width: labelWidth, top: y,
                    wrapWidth: max(labelWidth - style.paymentLabelGap, 1))
                let value = typesetter.paragraph(
                    entry.value, style.paymentText, x: x + labelWidth, width: width - labelWidth, top: y)
                block.append(name.within(.paragraph, row), at: 0)
                block.append(value.within(.paragraph, row), at: 0)
                y += max(name.height, value.height)
                if row == 0 { keptTogether = y }
            }
            block.height = y
            layouts.append(Layout(block: block.within(.section, 7), keptTogether: keptTogether))
        }
        return layouts
    }
}
