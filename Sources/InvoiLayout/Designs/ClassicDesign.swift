import InvoiModel

extension InvoiceDesign {
    /// The app's design: logo and sender at the start, the title at the end, a ruled table.
    public static let classic = InvoiceDesign(name: .classic, style: .standard, header: .columns)
}
