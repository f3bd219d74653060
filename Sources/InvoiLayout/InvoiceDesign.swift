import InvoiDocument
import InvoiModel

/// A design: the style the layout starts from and how it arranges the page. The sections read
/// its values, never its name; a new design is a new value (one file, like `ClassicDesign`).
public struct InvoiceDesign: Sendable {
    public let name: DesignName
    /// The style before a theme changes it.
    public var style: InvoiceStyle
    /// How the header is arranged.
    public var header: HeaderArrangement
    /// The items table's columns, in order, when a theme names none.
    public var columns: [Theme.TableColumn]
    public var rules: Theme.TableRules
    public var stripes: Bool
    /// Where the logo sits when a theme does not say.
    public var logoPosition: Theme.Placement
    /// Where the page numbers sit when a theme does not say.
    public var pageNumbers: Theme.Placement

    public init(
        name: DesignName, style: InvoiceStyle, header: HeaderArrangement,
        columns: [Theme.TableColumn] = [.description, .quantity, .rate, .amount], rules: Theme.TableRules = .rows,
        stripes: Bool = false, logoPosition: Theme.Placement = .start, pageNumbers: Theme.Placement = .center
    ) {
        self.name = name
        self.style = style
        self.header = header
        self.columns = columns
        self.rules = rules
        self.stripes = stripes
        self.logoPosition = logoPosition
        self.pageNumbers = pageNumbers
    }

    /// The built-in design called `name`.
    public static func named(_ name: DesignName) -> InvoiceDesign {
        switch name {
        case .classic: .classic
        case .compact: .compact
        case .band: .band
        case .letter: .letter
        }
    }

    /// The size of the body text (an item's description), which a theme's `size` sets and the
    /// design's other sizes follow in proportion.
    public var bodySize: Double { style.itemText.font.size }
}

/// How a design arranges the header: the sender, the title and number, the client.
public enum HeaderArrangement: Hashable, Sendable {
    /// Logo and sender at the start, the title and number at the end, the client under them.
    case columns
    /// The sender's name and the title on one line, the sender's details on the next.
    case lines
    /// A band of the accent colour across the top of the page, the title and sender in it
    /// in the page's colour.
    case masthead
    /// A business letter: the client's address in the envelope's window, a return-address
    /// line above it, the sender and the title beside it.
    case letter

    /// Whether the header shows the client and the dates itself (no Bill To section under it).
    var showsClient: Bool { self == .letter }
}
