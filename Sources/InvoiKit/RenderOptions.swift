public import Foundation
public import InvoiModel

/// What a render is asked for beside the invoice: the options of `invoi render`, with the
/// same defaults and the same bounds.
///
/// ```swift
/// var options = RenderOptions(format: .png)
/// options.dotsPerInch = 300
/// options.language = "de"
/// ```
public struct RenderOptions: Hashable, Sendable {
    /// The file format (`--format`).
    public var format: Format
    /// The page size of pdf, png and svg (`--paper`).
    public var paper: Paper
    /// The resolution of png pages, 18 to 600 dots per inch (`--dpi`).
    public var dotsPerInch: Double
    /// The width of the text preview, 20 to 1000 columns (`--width`).
    public var columns: Int
    /// Whether the text preview is written with SGR colour escapes (`--color always`).
    public var usesColor: Bool
    /// The order right-to-left text is written in by the text preview (`--bidi`).
    public var textOrder: TextOrder
    /// The language of the words and dates, a BCP 47 tag of one of invoi's 26 languages
    /// (`--language`); nil keeps the invoice's own.
    public var language: String?
    /// The locale of amounts and quantities, a BCP 47 tag (`--locale`); nil keeps the
    /// invoice's, else its currency's conventional one.
    public var locale: String?
    /// Latin or the language's native digits (`--digits`); nil keeps the invoice's choice.
    public var digits: Digits?
    /// The accent colour (`--accent`); nil keeps the invoice's.
    public var accent: AccentColor?
    /// The e-invoice rules for cii, ubl and facturx (`--profile`); nil is EN 16931. Must be nil
    /// for the page formats.
    public var profile: Profile?
    /// The creation date written into PDF metadata and Factur-X; nil is `SOURCE_DATE_EPOCH`
    /// when the environment sets it, else now. A fixed date gives byte-identical output.
    public var creationDate: Date?
    /// The design (`--design`); nil keeps the invoice's, else the theme's, else classic.
    public var design: DesignName?
    /// The theme (`--theme`), decoded by ``ThemeDecoder``; nil keeps the invoice's own
    /// `theme`. Its paper is used unless `paperIsGiven`; the invoice's labels win over its own.
    public var theme: Theme?
    /// Whether `paper` was chosen by the caller (`--paper`), over a theme's `paper`.
    public var paperIsGiven = false

    /// Options with `invoi render`'s defaults: A4, 144 dpi, 100 columns, no colour.
    public init(
        format: Format = .pdf, paper: Paper = .a4, dotsPerInch: Double = 144, columns: Int = 100,
        usesColor: Bool = false, textOrder: TextOrder = .visual, language: String? = nil, locale: String? = nil,
        digits: Digits? = nil, accent: AccentColor? = nil, profile: Profile? = nil, creationDate: Date? = nil
    ) {
        self.format = format
        self.paper = paper
        self.dotsPerInch = dotsPerInch
        self.columns = columns
        self.usesColor = usesColor
        self.textOrder = textOrder
        self.language = language
        self.locale = locale
        self.digits = digits
        self.accent = accent
        self.profile = profile
        self.creationDate = creationDate
    }

    /// A file format invoi writes.
    public enum Format: String, Hashable, Sendable, CaseIterable {
        /// A PDF document.
        case pdf
        /// One PNG image per page.
        case png
        /// One SVG image per page.
        case svg
        /// The plain-text (or ANSI) preview.
        case txt
        /// The display list as JSON: what each backend draws.
        case ops
        /// An e-invoice as UN/CEFACT Cross Industry Invoice XML.
        case cii
        /// An e-invoice as UBL 2.1 XML.
        case ubl
        /// The PDF as PDF/A-3b with the CII XML embedded (Factur-X, ZUGFeRD).
        case facturx

        /// The extension of the files written in this format, without the dot.
        public var fileExtension: String {
            switch self {
            case .pdf, .facturx: "pdf"
            case .png: "png"
            case .svg: "svg"
            case .txt: "txt"
            case .ops: "json"
            case .cii, .ubl: "xml"
            }
        }
    }

    /// A page size.
    public enum Paper: String, Hashable, Sendable, CaseIterable {
        /// ISO A4, 210 × 297 mm.
        case a4
        /// US Letter, 8.5 × 11 in.
        case letter
    }

    /// How the text preview writes right-to-left text.
    public enum TextOrder: String, Hashable, Sendable, CaseIterable {
        /// In the order it is shown: for terminals that do not reorder (xterm, tmux).
        case visual
        /// In logical order, each line isolated: for terminals that apply the bidi algorithm
        /// themselves (VTE, Konsole, mlterm).
        case terminal
    }

    /// The rules an e-invoice follows.
    public enum Profile: String, Hashable, Sendable, CaseIterable {
        /// Factur-X MINIMUM (cii, facturx): the totals and the parties; not an EN 16931 invoice.
        case minimum
        /// Factur-X BASIC WL (cii, facturx): the header and the VAT breakdown, no lines.
        case basicWL = "basicwl"
        /// Factur-X BASIC (cii, facturx): a subset of EN 16931 with lines.
        case basic
        /// EN 16931, the European norm (cii, ubl, facturx); the default.
        case en16931
        /// XRechnung 3.0, the German CIUS (cii, ubl).
        case xrechnung
        /// Peppol BIS Billing 3.0 (ubl).
        case peppol
    }
}
