import InvoiDocument

/// "NOTES": the same form as Payment Details (a light top rule, the label), then the text in the
/// full content width, each `\n` a line break. The paginator may cut it between lines.
struct NotesSection {
    /// The laid-out block and how much of its top must stay together (rule, label, first line).
    struct Layout {
        var block: Block
        var keptTogether: Double
    }

    let style: InvoiceStyle
    let typesetter: Typesetter

    func layOut(_ notes: String, x: Double, width: Double) -> Layout {
        var block = Block(height: 0)
        block.ops.append(.line(LineOp(from: Point(x: x, y: style.rowRuleWidth / 2),
                                      to: Point(x: x + width, y: style.rowRuleWidth / 2),
                                      width: style.rowRuleWidth, color: style.border)))
        var y = style.rowRuleWidth + style.notesPaddingTop
        let label = typesetter.paragraph("Notes", style.label, x: x, width: width, top: y)
        block.append(label, at: 0)
        y += label.height + style.labelGap
        let text = typesetter.paragraph(notes, style.notesText, x: x, width: width, top: y)
        block.append(text, at: 0)
        let keptTogether = y + min(text.height, style.notesText.lineBoxHeight)
        block.height = y + text.height
        return Layout(block: block, keptTogether: keptTogether)
    }
}
