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

    func layOut(_ notes: String, label: String, x: Double, width: Double) -> Layout {
        var (block, y) = typesetter.ruledSectionStart(
            label, style: style, x: x, width: width,
            paddingTop: style.notesPaddingTop)
        let text = typesetter.paragraph(notes, style.notesText, x: x, width: width, top: y)
        block.append(text.within(.paragraph), at: 0)
        let keptTogether = y + min(text.height, style.notesText.lineBoxHeight)
        block.height = y + text.height
        block = block.within(.section, 6)
        return Layout(block: block, keptTogether: keptTogether)
    }
}
