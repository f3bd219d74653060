import InvoiModel

extension InvoiceDesign {
    /// A business letter: the client's address in an envelope's window, the sender beside it,
    /// fold marks in the margin. The window is the theme's (`din5008-b` on A4, `us10` on Letter).
    public static let letter: InvoiceDesign = {
        var style = InvoiceStyle.standard
        // DIN 5008's text edge: 25 mm from the left, 20 mm from the right.
        style.margins = PageMargins(
            top: InvoiceStyle.millimetres(15), bottom: InvoiceStyle.millimetres(15),
            start: InvoiceStyle.millimetres(25), end: InvoiceStyle.millimetres(20))
        return InvoiceDesign(name: .letter, style: style, header: .letter, logoPosition: .end)
    }()
}
