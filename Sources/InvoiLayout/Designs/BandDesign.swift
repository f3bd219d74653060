import InvoiDocument
import InvoiModel

extension InvoiceDesign {
    /// A full-width masthead in the accent colour with the title and the sender reversed out:
    /// the one design with text on colour, so its accent is dark enough for white text.
    public static let band: InvoiceDesign = {
        var style = InvoiceStyle.standard
        style.accent = Color(rgb: 0x1F3A5F)
        style.mastheadPadding = InvoiceStyle.px(28)
        return InvoiceDesign(name: .band, style: style, header: .masthead, rules: .header, stripes: true)
    }()
}
