import InvoiLocalization

/// A built-in design: how the invoice's sections are arranged, not only how they are coloured.
public enum DesignName: String, CaseIterable, Hashable, Sendable {
    /// The app's design: logo and sender at the start, the title at the end, a ruled table.
    case classic
    /// For long invoices: a smaller body, tighter rows, the header in two lines.
    case compact
    /// A full-width masthead in the accent colour, the title and the sender reversed out.
    case band
    /// Business-letter geometry: the recipient's address in an envelope's window.
    case letter

    /// One line saying what the design is for (`invoi designs`).
    public var summary: String {
        switch self {
        case .classic: "The app's design: logo and sender at the start, the title at the end, a ruled table."
        case .compact: "For long invoices: a 9 pt body, tighter rows and a two-line header (a third fewer pages)."
        case .band: "A full-width masthead in the accent colour with the title and sender reversed out."
        case .letter: "A business letter: the recipient in an envelope's window (DIN 5008 A/B, US #10), fold marks."
        }
    }
}

/// An envelope whose window the `letter` design puts the recipient's address in.
public enum EnvelopeWindow: String, CaseIterable, Hashable, Sendable {
    /// DIN 5008 form A: the address field 27 mm from the top edge, 20 mm from the left.
    case din5008A = "din5008-a"
    /// DIN 5008 form B: the address field 45 mm from the top edge, 20 mm from the left.
    case din5008B = "din5008-b"
    /// A US #10 window envelope.
    case us10
}

/// A theme file: the design and what the sender may change of it. Every value is optional;
/// nil takes the design's default. Lengths are millimetres, sizes points.
public struct Theme: Hashable, Sendable {
    public enum Paper: String, CaseIterable, Hashable, Sendable {
        case a4
        case letter
    }

    /// Where on the line a thing sits, in the page's reading direction.
    public enum Placement: String, CaseIterable, Hashable, Sendable {
        case start
        case center
        case end
    }

    /// Which lines the items table draws.
    public enum TableRules: String, CaseIterable, Hashable, Sendable {
        case none
        /// Under the header only.
        case header
        /// Under the header and between rows.
        case rows
        /// Around every cell.
        case grid
    }

    /// A column of the items table; `description` and `amount` are always shown.
    public enum TableColumn: String, CaseIterable, Hashable, Sendable {
        /// The item's id or SKU.
        case item
        case description
        case date
        case quantity
        case unit
        case rate
        case discount
        case tax
        case amount

        /// The columns no theme may leave out.
        public static let required: [TableColumn] = [.description, .amount]
    }

    /// A section a theme may hide. The legally required blocks (the parties, tax ids, totals,
    /// the VAT breakdown, Israel's allocation number, the copy mark) are not among them.
    public enum Section: String, CaseIterable, Hashable, Sendable {
        case paymentDetails
        case notes
        case paymentQR
        case pageNumbers
        case logo
        case customFields

        /// Names of the blocks no theme may hide, as a theme might try to write them.
        public static let legallyRequired: [String] = [
            "parties", "from", "to", "billTo", "taxIds", "totals", "vatBreakdown", "allocationNumber", "copyMark",
        ]
    }

    /// A group of scripts whose fallback fonts a theme may name.
    public enum Script: String, CaseIterable, Hashable, Sendable {
        case latin
        case greek
        case cyrillic
        case hebrew
        case arabic
        case cjk
        case thai
        case devanagari
    }

    public struct Colors: Hashable, Sendable {
        /// The title, the table header rule, the Total amount; the `band` design's masthead.
        public var accent: AccentColor?
        public var text: AccentColor?
        /// Labels, the footer, secondary lines.
        public var muted: AccentColor?
        /// The table's rules.
        public var rule: AccentColor?
        /// The table's stripes and header fill.
        public var fill: AccentColor?

        public init() {}
    }

    public struct Fonts: Hashable, Sendable {
        public var body: String?
        public var heading: String?
        public var numbers: String?
        /// Families tried, in order, for a script before the built-in ones.
        public var fallbacks: [Script: [String]] = [:]

        public init() {}
    }

    public struct Margins: Hashable, Sendable {
        public var start: Double?
        public var end: Double?
        public var top: Double?
        public var bottom: Double?

        public init() {}
    }

    public struct Logo: Hashable, Sendable {
        /// The logo's height in millimetres.
        public var height: Double?
        public var position: Placement?

        public init() {}
    }

    public struct Table: Hashable, Sendable {
        public var rules: TableRules?
        public var stripes: Bool?
        /// The columns shown, in order.
        public var columns: [TableColumn]?
        /// Leave out a column no line fills.
        public var hideEmpty: Bool?

        public init() {}
    }

    public var design: DesignName?
    /// The `letter` design's envelope.
    public var window: EnvelopeWindow?
    public var colors = Colors()
    public var fonts = Fonts()
    /// The body text's size in points; the design's other sizes follow from its ratios.
    public var size: Double?
    public var paper: Paper?
    public var margins = Margins()
    public var logo = Logo()
    public var table = Table()
    public var hiddenSections: Set<Section> = []
    /// A line printed at the foot of every page, in the document's direction.
    public var footer: String?
    public var pageNumbers: Placement?
    /// Words in place of the catalog's; the invoice's own `labels` win over these.
    public var labels: [WordKey: String] = [:]

    public init() {}

    /// The bounds a theme file is held to.
    public enum Limits {
        public static let size: ClosedRange<Double> = 8...14
        public static let margin: ClosedRange<Double> = 10...40
        public static let logoHeight: ClosedRange<Double> = 8...40
        public static let footerLength = 500
        public static let fileSize = 16 * 1024
        public static let nestingDepth = 3
    }
}

/// Where an invoice's theme comes from.
public enum ThemeReference: Hashable, Sendable {
    /// A built-in design with no changes.
    case design(DesignName)
    /// A theme file; a relative path starts at the invoice's directory.
    case file(String)
}

/// A named value the invoice prints with its details: a PO number, a project, a place of supply.
public struct CustomField: Hashable, Sendable {
    public var name: String
    public var value: String
    /// Whether `value` is an identifier (an order or account number), held to the identifier
    /// rules: one line, no invisible or direction-changing characters, kept left to right.
    public var isIdentifier: Bool

    public init(name: String, value: String, isIdentifier: Bool = false) {
        self.name = name
        self.value = value
        self.isIdentifier = isIdentifier
    }

    public static let maximumCount = 8
    public static let maximumNameLength = 40
    public static let maximumValueLength = 200
}
