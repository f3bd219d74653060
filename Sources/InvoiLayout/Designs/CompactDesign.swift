import InvoiModel

extension InvoiceDesign {
    /// For long invoices: a 9 pt body, rows a little over half as tall as classic's, narrower
    /// margins and a two-line header, so that a long table takes a third fewer pages.
    public static let compact: InvoiceDesign = {
        var style = InvoiceStyle.standard
        style.margins = PageMargins(all: InvoiceStyle.px(40))
        style.sectionGap = InvoiceStyle.px(24)
        style.headingGap = InvoiceStyle.px(3)
        style.companyName.font.size = InvoiceStyle.px(18)
        style.title.font.size = InvoiceStyle.px(22)
        style.meta.font.size = InvoiceStyle.px(11)
        style.meta.lineHeight = 1.45
        style.clientName.font.size = InvoiceStyle.px(13)
        style.dateValue.font.size = InvoiceStyle.px(11)
        style.dateValue.lineHeight = 1.45
        for path in [\InvoiceStyle.itemText, \.itemMuted, \.itemAmount] {
            style[keyPath: path].font.size = InvoiceStyle.px(12)
            style[keyPath: path].lineHeight = 1.35
        }
        style.rowPadding = InvoiceStyle.px(4)
        style.tableHeaderPaddingBottom = InvoiceStyle.px(6)
        style.totalsLabel.font.size = InvoiceStyle.px(11)
        style.totalsValue.font.size = InvoiceStyle.px(11)
        style.totalValue.font.size = InvoiceStyle.px(16)
        style.totalLabel.font.size = InvoiceStyle.px(13)
        style.balanceLabel = style.totalLabel
        style.balanceValue = style.totalLabel
        style.paymentText.font.size = InvoiceStyle.px(11)
        style.paymentLabel.font.size = InvoiceStyle.px(11)
        style.notesText.font.size = InvoiceStyle.px(11)
        style.paymentPaddingTop = InvoiceStyle.px(12)
        style.notesPaddingTop = InvoiceStyle.px(12)
        style.logoMaxHeight = InvoiceStyle.px(32)
        style.logoGap = InvoiceStyle.px(8)
        return InvoiceDesign(name: .compact, style: style, header: .lines, stripes: true)
    }()
}
