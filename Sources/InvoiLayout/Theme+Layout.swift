import InvoiDocument
import InvoiModel

extension Theme {
    /// The theme with every key at `design`'s default (`invoi init --theme` writes it).
    public static func defaults(for design: DesignName) -> Theme {
        let value = InvoiceDesign.named(design)
        let style = value.style.meetingContrastRules
        func colour(_ color: Color) -> AccentColor { AccentColor(red: color.red, green: color.green, blue: color.blue) }
        func millimetres(_ points: Double) -> Double { (points * 25.4 / 72 * 100).rounded() / 100 }
        var theme = Theme()
        theme.design = design
        if design == .letter { theme.window = .din5008B }
        theme.colors.accent = colour(style.accent)
        theme.colors.text = colour(style.primary)
        theme.colors.muted = colour(style.muted)
        theme.colors.rule = colour(style.border)
        theme.colors.fill = colour(style.fill)
        theme.fonts.body = FontConfigurationNames.body
        theme.fonts.heading = FontConfigurationNames.body
        theme.fonts.numbers = FontConfigurationNames.body
        theme.size = (value.bodySize * 100).rounded() / 100
        theme.paper = .a4
        theme.margins.start = millimetres(style.margins.start)
        theme.margins.end = millimetres(style.margins.end)
        theme.margins.top = millimetres(style.margins.top)
        theme.margins.bottom = millimetres(style.margins.bottom)
        theme.logo.height = millimetres(style.logoMaxHeight)
        theme.logo.position = value.logoPosition
        theme.table.rules = value.rules
        theme.table.stripes = value.stripes
        theme.table.columns = value.columns
        theme.table.hideEmpty = false
        theme.footer = ""
        theme.pageNumbers = value.pageNumbers
        return theme
    }
}

/// The family the designs are set in when a theme names none.
enum FontConfigurationNames {
    static let body = "JetBrains Mono"
}

extension InvoiceLayout {
    /// The layout with `theme`'s design and changes applied. An accent given with `accented`
    /// (the invoice's or `--accent`) still wins over the theme's, whichever is applied first.
    /// No theme (`Theme()`) leaves the layout as it is.
    public func themed(_ theme: Theme) -> InvoiceLayout {
        guard theme != Theme() else { return self }
        var layout = self
        let design = InvoiceDesign.named(theme.design ?? .classic)
        layout.design = design
        layout.theme = theme
        layout.style = design.style.meetingContrastRules.applying(theme, bodySize: design.bodySize)
        if let paper = theme.paper {
            layout.paper =
                switch paper {
                case .a4: .a4
                case .letter: .letter
                }
        }
        if let accent = accentOverride { layout.style.accent = Color(accent) }
        return layout
    }

    /// Whether the table shows a column beyond classic's four, whose values the content must
    /// format (`InvoiceContent(invoice:withDetails:)`); a long invoice otherwise spares them.
    public var needsLineDetails: Bool {
        tableColumns.contains { ![.description, .quantity, .rate, .amount].contains($0) }
    }

    /// The items table's columns: the theme's, else the design's; without `hideEmpty`'s.
    var tableColumns: [Theme.TableColumn] { theme.table.columns ?? design.columns }
    var tableRules: Theme.TableRules { theme.table.rules ?? design.rules }
    var tableStripes: Bool { theme.table.stripes ?? design.stripes }
    var logoPosition: Theme.Placement { theme.logo.position ?? design.logoPosition }
    var pageNumberPlacement: Theme.Placement { theme.pageNumbers ?? design.pageNumbers }
    /// The letter design's envelope: the theme's, else the one for the paper.
    var envelopeWindow: EnvelopeWindow { theme.window ?? (paper == .letter ? .us10 : .din5008B) }
}

extension Color {
    init(_ color: AccentColor) {
        self.init(red: color.red, green: color.green, blue: color.blue)
    }
}

extension InvoiceStyle {
    /// Every style of text, for changes that apply to all of them.
    static var textStyles: [WritableKeyPath<InvoiceStyle, TextStyle>] {
        [
            \.companyName, \.meta, \.title, \.copyMarkText, \.label, \.clientName, \.dateValue, \.tableHeader,
            \.itemText,
            \.itemMuted, \.itemAmount, \.totalsLabel, \.totalsValue, \.totalLabel, \.totalValue, \.balanceLabel,
            \.balanceValue, \.paymentText, \.paymentLabel, \.paymentCodeCaption, \.notesText, \.stampText, \.footer,
            \.signedNote,
        ]
    }

    /// The style with a theme's colours, size, margins and logo height. Sizes scale from
    /// `bodySize`, the design's body text, so that the design's proportions hold.
    func applying(_ theme: Theme, bodySize: Double) -> InvoiceStyle {
        var style = self
        if let size = theme.size, size != bodySize {
            let ratio = size / bodySize
            for path in Self.textStyles { style[keyPath: path].font.size *= ratio }
            style.rowPadding *= ratio
        }
        func recolour(_ old: Color, to new: AccentColor?) {
            guard let new else { return }
            for path in Self.textStyles where style[keyPath: path].color == old {
                style[keyPath: path].color = Color(new)
            }
        }
        recolour(primary, to: theme.colors.text)
        recolour(muted, to: theme.colors.muted)
        if let text = theme.colors.text { style.primary = Color(text) }
        if let muted = theme.colors.muted { style.muted = Color(muted) }
        if let rule = theme.colors.rule { style.border = Color(rule) }
        if let fill = theme.colors.fill { style.fill = Color(fill) }
        if let accent = theme.colors.accent { style.accent = Color(accent) }
        let margins = theme.margins
        if let start = margins.start { style.margins.start = Self.millimetres(start) }
        if let end = margins.end { style.margins.end = Self.millimetres(end) }
        if let top = margins.top { style.margins.top = Self.millimetres(top) }
        if let bottom = margins.bottom { style.margins.bottom = Self.millimetres(bottom) }
        style.applyFonts(theme.fonts)
        if let height = theme.logo.height {
            style.logoMaxHeight = Self.millimetres(height)
            style.logoMaxWidth = max(style.logoMaxWidth, 4 * style.logoMaxHeight)
        }
        return style
    }

    /// The theme's families: the body's for every text, the heading's for the title and the
    /// names, the numbers' for amounts, quantities and rates, each followed by the body's
    /// family and the per-script fallbacks before the design's own chain.
    mutating func applyFonts(_ fonts: Theme.Fonts) {
        let fallbacks = Theme.Script.allCases.flatMap { fonts.fallbacks[$0] ?? [] }
        guard fonts.body != nil || fonts.heading != nil || fonts.numbers != nil || !fallbacks.isEmpty else { return }
        func family(_ first: String?) -> FontFamily {
            var names: [String] = []
            for name in [first, fonts.body].compactMap({ $0 }) + fallbacks where !names.contains(name) {
                names.append(name)
            }
            return names.isEmpty ? .design : .themed(names)
        }
        let body = family(nil)
        for path in Self.textStyles { self[keyPath: path].font.family = body }
        for path in [\InvoiceStyle.title, \.companyName, \.clientName] {
            self[keyPath: path].font.family = family(fonts.heading)
        }
        for path in [
            \InvoiceStyle.itemAmount, \.itemMuted, \.totalsValue, \.totalValue, \.balanceValue,
        ] {
            self[keyPath: path].font.family = family(fonts.numbers)
        }
    }
}

extension InvoiceLayout {
    /// The design and the theme's effective choices, by theme key, as `invoi golden` reports
    /// them: what a sender chose, not the points it became.
    func designSummary(columns: [Theme.TableColumn]) -> [String: String] {
        var summary: [String: String] = [
            "design": design.name.rawValue,
            "colors.accent": style.accent.hex,
            "colors.text": style.primary.hex,
            "colors.muted": style.muted.hex,
            "colors.rule": style.border.hex,
            "colors.fill": style.fill.hex,
            "size": String(style.itemText.font.size),
            "paper": paper.rawValue,
            "logo.position": logoPosition.rawValue,
            "table.rules": tableRules.rawValue,
            "table.stripes": String(tableStripes),
            "table.columns": columns.map(\.rawValue).joined(separator: ", "),
            "sections.hide": Theme.Section.allCases.filter(theme.hiddenSections.contains).map(\.rawValue)
                .joined(separator: ", "),
            "footer": theme.footer ?? "",
            "pageNumbers": pageNumberPlacement.rawValue,
            "fonts": [theme.fonts.body, theme.fonts.heading, theme.fonts.numbers].map { $0 ?? "" }
                .joined(separator: ", "),
        ]
        if design.header == .letter { summary["window"] = envelopeWindow.rawValue }
        return summary
    }
}
