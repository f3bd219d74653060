import InvoiDocument

/// How one kind of text looks: a font, a colour, letter-spacing, line height.
public struct TextStyle: Hashable, Sendable {
    public var font: FontSpec
    public var color: Color
    /// Letter-spacing in em.
    public var tracking: Double
    /// Line height as a multiple of the font size (CSS `line-height`).
    public var lineHeight: Double
    /// Whether the text is shown in upper case (labels).
    public var uppercased: Bool

    public init(
        weight: FontWeight, px: Double, color: Color, tracking: Double = 0, lineHeight: Double = 1.5,
        uppercased: Bool = false
    ) {
        self.font = FontSpec(weight: weight, size: px * InvoiceStyle.pointsPerPixel)
        self.color = color
        self.tracking = tracking
        self.lineHeight = lineHeight
        self.uppercased = uppercased
    }

    /// Height of one line in points.
    public var lineBoxHeight: Double { font.size * lineHeight }

    public func with(color: Color) -> TextStyle {
        var copy = self
        copy.color = color
        return copy
    }
}

/// Every number of the visual spec in one place. Sizes are given
/// in the web original's CSS px and converted to points (1 px = 0.75 pt).
public struct InvoiceStyle: Hashable, Sendable {
    public static let pointsPerPixel = 0.75

    /// A length in the web original's CSS px, in points.
    public static func px(_ value: Double) -> Double { value * pointsPerPixel }

    /// A length in millimetres, in points.
    public static func millimetres(_ value: Double) -> Double { value * 72 / 25.4 }

    // Colours.
    public var primary = Color(rgb: 0x111111)
    public var muted = Color(rgb: 0x888888)
    public var border = Color(rgb: 0xE5E5E5)
    /// The title, the items table's header rule and the Total amount; the
    /// title takes this colour rather than `title.color`.
    public var accent = Color(rgb: 0x111111)
    /// The table's stripes and header fill.
    public var fill = Color(rgb: 0xF4F4F5)
    /// Text on the accent colour (the masthead's).
    public var reversed = Color.white

    // Page.
    /// The page's margins; start and end are left and right before a right-to-left page is mirrored.
    public var margins = PageMargins(all: px(56))
    public var sectionGap = px(40)

    // Header.
    /// The room around the masthead's text, inside its band.
    public var mastheadPadding = px(28)
    public var companyName: TextStyle
    public var meta: TextStyle
    public var title: TextStyle
    public var headerColumnGap = px(32)
    /// Space between the company name and the contact lines, and under "INVOICE".
    public var headingGap = px(6)
    /// The logo is scaled to fit this box (up or down), keeping its aspect ratio.
    public var logoMaxWidth = px(192)
    public var logoMaxHeight = px(48)
    /// Space between the logo and the company name under it.
    public var logoGap = px(16)
    /// The copy mark ("Original", "Copy") beside the title: its word in an outlined box,
    /// centred on the title's first line, at the end of the title's reading direction.
    public var copyMarkText: TextStyle
    public var copyMarkPaddingX = px(8)
    public var copyMarkPaddingY = px(3)
    public var copyMarkBorderWidth = px(1.5)
    public var copyMarkCornerRadius = px(4)
    /// Space between the title and the mark.
    public var copyMarkGap = px(14)
    /// The share of the title's column the mark keeps when the two do not fit side by side
    /// (each then wraps in its own part, so they never overlap).
    public var copyMarkMinimumShare = 0.3

    // Bill To and dates.
    public var label: TextStyle
    public var labelGap = px(8)
    public var clientName: TextStyle
    public var dateValue: TextStyle
    public var dateColumnGap = px(32)

    // Items table.
    public var tableHeader: TextStyle
    public var tableHeaderPaddingBottom = px(10)
    public var tableHeaderRuleWidth = px(1.5)
    public var itemText: TextStyle
    public var itemMuted: TextStyle
    public var itemAmount: TextStyle
    public var rowPadding = px(10)
    public var rowRuleWidth = px(1)
    public var quantityColumnWidth = px(56)
    public var rateColumnWidth = px(128)
    public var amountColumnWidth = px(128)
    /// Room kept between a number and the column to its left when a column grows to fit it.
    public var numberColumnPadding = px(16)
    /// The description keeps at least this much room however wide the numbers grow.
    public var minimumDescriptionWidth = px(120)

    // Totals.
    public var totalsWidth = px(192)
    public var totalsGap = px(24)
    public var totalsRowGap = px(6)
    public var totalsLabel: TextStyle
    public var totalsValue: TextStyle
    public var separatorMargin = px(10)
    public var totalLabel: TextStyle
    public var totalValue: TextStyle
    /// Space between the Total row and the Paid row under it.
    public var settlementGap = px(10)
    public var balanceLabel: TextStyle
    public var balanceValue: TextStyle

    // Payment details.
    public var paymentPaddingTop = px(24)
    public var paymentLabelColumnWidth = px(96)
    /// The least room between a payment label and its value, when a label is wider than the column.
    public var paymentLabelGap = px(8)
    public var paymentText: TextStyle
    public var paymentLabel: TextStyle
    /// A payment QR code's side (about 34 mm), at the right end of Payment Details.
    public var paymentCodeSide = px(128)
    /// The least module size (points): a code with many modules grows rather than shrink below it.
    public var paymentCodeMinimumModule = 2.0
    /// The light margin around the code, in modules (ISO/IEC 18004's quiet zone).
    public var paymentCodeQuietZone = 4
    /// The caption under the code ("Scan to pay").
    public var paymentCodeCaption: TextStyle

    // Notes (after Payment Details, or after the totals).
    public var notesPaddingTop = px(24)
    public var notesText: TextStyle

    // Status stamp: an outlined, rounded box around the word, rotated, placed where it covers no text.
    public var stampText: TextStyle
    public var stampPalette = StampPalette()
    public var stampPaddingX = px(12)
    public var stampPaddingY = px(6)
    public var stampBorderWidth = px(2)
    public var stampCornerRadius = px(6)
    /// Degrees; negative turns the stamp anticlockwise (its right end up).
    public var stampAngle = -12.0
    /// Space kept between the stamp and the invoice number above its first position.
    public var stampGap = px(8)
    /// Space kept between the stamp and any text or image.
    public var stampClearance = px(6)
    /// Distance between candidate positions while searching for free space.
    public var stampSearchStep = px(4)

    // Footer (only on documents of more than one page).
    public var footer: TextStyle
    public var footerGap = px(16)
    /// A signed document's line, centred in the bottom margin of every page: the margin is
    /// always empty, so the line moves nothing and the signed pages look like the unsigned.
    public var signedNote: TextStyle

    public init() {
        let primary = Color(rgb: 0x111111)
        let muted = Color(rgb: 0x888888)
        companyName = TextStyle(weight: .bold, px: 26, color: primary, lineHeight: 1.35)
        meta = TextStyle(weight: .regular, px: 12, color: muted, lineHeight: 1.6)
        title = TextStyle(weight: .bold, px: 34, color: primary, tracking: -0.02, lineHeight: 1.35)
        label = TextStyle(weight: .semibold, px: 10, color: muted, tracking: 0.08, lineHeight: 1.5, uppercased: true)
        clientName = TextStyle(weight: .bold, px: 15, color: primary, lineHeight: 1.5)
        dateValue = TextStyle(weight: .regular, px: 12, color: primary, lineHeight: 1.6)
        tableHeader = label
        itemText = TextStyle(weight: .regular, px: 13, color: primary, lineHeight: 1.5)
        itemMuted = itemText.with(color: muted)
        itemAmount = TextStyle(weight: .medium, px: 13, color: primary, lineHeight: 1.5)
        totalsLabel = TextStyle(weight: .regular, px: 12, color: muted, lineHeight: 1.6)
        totalsValue = TextStyle(weight: .regular, px: 12, color: primary, lineHeight: 1.6)
        totalLabel = TextStyle(weight: .bold, px: 15, color: primary, lineHeight: 1.4)
        totalValue = TextStyle(weight: .bold, px: 20, color: primary, lineHeight: 1.4)
        // Balance due reads as one bold row at the label's size: the Total stays the one large figure.
        balanceLabel = totalLabel
        balanceValue = totalLabel
        paymentText = TextStyle(weight: .regular, px: 12, color: primary, lineHeight: 1.6)
        paymentLabel = paymentText.with(color: muted)
        paymentCodeCaption = TextStyle(weight: .regular, px: 10, color: muted, lineHeight: 1.5)
        notesText = TextStyle(weight: .regular, px: 12, color: primary, lineHeight: 1.6)
        stampText = TextStyle(weight: .bold, px: 14, color: primary, tracking: 0.1, lineHeight: 1.2, uppercased: true)
        footer = TextStyle(weight: .regular, px: 10, color: muted, lineHeight: 1.5)
        signedNote = footer
        copyMarkText = TextStyle(weight: .semibold, px: 12, color: primary, lineHeight: 1.4)
    }

    public static let standard = InvoiceStyle()
}

/// The four margins of a page, in points.
public struct PageMargins: Hashable, Sendable {
    public var top: Double
    public var bottom: Double
    /// Where lines begin: the left edge of a left-to-right page, the right of a right-to-left one.
    public var start: Double
    public var end: Double

    public init(top: Double, bottom: Double, start: Double, end: Double) {
        self.top = top
        self.bottom = bottom
        self.start = start
        self.end = end
    }

    public init(all: Double) {
        self.init(top: all, bottom: all, start: all, end: all)
    }
}

extension InvoiceStyle {
    /// The style with the colours where the app's fall short of WCAG 2.2 made to meet it:
    /// its grey (3.5:1 on white) and its stamps (2.2 to 2.6:1). Every themed render is held to
    /// the contrast rules; an unthemed one keeps the app's look.
    var meetingContrastRules: InvoiceStyle {
        var style = self
        let muted = Color(rgb: 0x6B6B6B)
        for path in Self.textStyles where style[keyPath: path].color == self.muted {
            style[keyPath: path].color = muted
        }
        style.muted = muted
        style.stampPalette = .readable
        return style
    }
}

/// The stamp's colour for each status (the OneLPM status palette).
public struct StampPalette: Hashable, Sendable {
    public var draft = Color(rgb: 0x94A3B8)
    public var partiallyPaid = Color(rgb: 0xF59E0B)
    public var paid = Color(rgb: 0x10B981)
    public var overdue = Color(rgb: 0xEF4444)
    public var void = Color(rgb: 0xEF4444)

    public init() {}

    /// The palette's hues, dark enough for 3:1 on white (WCAG 2.2 1.4.11).
    public static let readable: StampPalette = {
        var palette = StampPalette()
        palette.draft = Color(rgb: 0x64748B)
        palette.partiallyPaid = Color(rgb: 0xB45309)
        palette.paid = Color(rgb: 0x047857)
        palette.overdue = Color(rgb: 0xDC2626)
        palette.void = Color(rgb: 0xDC2626)
        return palette
    }()

    public func color(for stamp: StatusStamp) -> Color {
        switch stamp {
        case .draft: draft
        case .partiallyPaid: partiallyPaid
        case .paid: paid
        case .overdue: overdue
        case .void: void
        }
    }
}

extension InvoiceStyle {
    /// The style without letter-spacing, for scripts whose letters join (Arabic, Persian):
    /// spacing them apart breaks the joins.
    var withoutLetterSpacing: InvoiceStyle {
        var style = self
        style.title.tracking = 0
        style.label.tracking = 0
        style.tableHeader.tracking = 0
        style.stampText.tracking = 0
        return style
    }
}
