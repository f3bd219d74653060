import InvoiLocalization

/// What a field of the theme file holds, as `ThemeDecoder` reads it and `ThemeSchema` says it.
public indirect enum ThemeFieldType: Sendable {
    /// The integer `value` and nothing else (the format's version).
    case version(Int)
    /// One of `values`, spelled exactly.
    case choice([String])
    /// `#RRGGBB` or one of the named accents (`AccentColor`).
    case color
    /// A font family's name: one line, not blank, at most `ThemeFieldTable.maximumFamilyLength`.
    case family
    /// A JSON number within `range`, in `unit`; `naming` is what messages call it.
    case number(ClosedRange<Double>, unit: String, naming: String)
    /// `true` or `false`.
    case boolean
    /// A string of at most `maximumLength` Unicode scalars.
    case text(maximumLength: Int)
    /// An array of distinct column names that contains every one of `required`, in any order.
    case columns([String], required: [String])
    /// An array of distinct names of `hideable`; the `legallyRequired` are refused as such.
    case sections(hideable: [String], legallyRequired: [String])
    /// An object of arrays of family names by script, at most `maximumCount` each.
    case fallbacks(scripts: [String], maximumCount: Int)
    /// The invoice's `labels`: texts by label key.
    case labels([String])
    /// An object with these fields.
    case object([ThemeField])
}

/// A value read from a theme file, before it is put into the `Theme`.
enum ThemeValue {
    case text(String)
    case number(Double)
    case flag(Bool)
    case color(AccentColor)
    case names([String])
    case fallbacks([Theme.Script: [String]])
    case labels([WordKey: String])
}

/// A field of the theme file: its name, what it holds, a line saying what it is for, and
/// where its value goes in the `Theme`.
public struct ThemeField: Sendable {
    public let name: String
    public let type: ThemeFieldType
    public let summary: String
    let apply: @Sendable (inout Theme, ThemeValue) -> Void

    init(
        _ name: String, _ type: ThemeFieldType, _ summary: String,
        apply: @escaping @Sendable (inout Theme, ThemeValue) -> Void = { _, _ in }
    ) {
        self.name = name
        self.type = type
        self.summary = summary
        self.apply = apply
    }

    /// The names of an object's fields; empty for any other type.
    var fieldNames: [String] {
        if case .object(let fields) = type { fields.map(\.name) } else { [] }
    }
}

/// Every field a theme file may have: `ThemeDecoder` reads the file by walking this table (an
/// unknown key, a value of another type or out of its bounds is an error) and `invoi schema
/// theme` is made from it, so the schema cannot drift from what invoi accepts
/// (`ThemeSchemaTests` holds the two equal). Computed, as `InvoiceFieldTable` is.
public enum ThemeFieldTable {
    /// The version this invoi reads.
    public static let version = 1
    /// The longest font family name, in Unicode scalars.
    public static let maximumFamilyLength = 100
    /// The most fallback families one script may have.
    public static let maximumFallbacks = 8

    /// The top-level fields, in the order `invoi init --theme` writes them.
    public static var fields: [ThemeField] {
        [
            ThemeField("version", .version(version), "The theme file format's version: 1. Required."),
            ThemeField("design", .choice(DesignName.allCases.map(\.rawValue)), "The built-in design (`invoi designs`).")
            {
                if case .text(let name) = $1 { $0.design = DesignName(rawValue: name) }
            },
            ThemeField(
                "window", .choice(EnvelopeWindow.allCases.map(\.rawValue)),
                "The envelope the letter design puts the recipient's address in the window of."
            ) {
                if case .text(let name) = $1 { $0.window = EnvelopeWindow(rawValue: name) }
            },
            ThemeField(
                "colors",
                .object([
                    color(
                        "accent", "The title, the table's header rule, the total; the band design's masthead.", \.accent
                    ),
                    color("text", "The text.", \.text),
                    color("muted", "Labels, the footer, secondary lines.", \.muted),
                    color("rule", "The table's rules.", \.rule),
                    color("fill", "The table's stripes and header fill.", \.fill),
                ]), "Colours: #RRGGBB or a named accent."),
            ThemeField(
                "fonts",
                .object([
                    family("body", "The body text's family.", \.body),
                    family("heading", "The title's and headings' family.", \.heading),
                    family("numbers", "The amounts' and quantities' family.", \.numbers),
                    ThemeField(
                        "fallbacks",
                        .fallbacks(scripts: Theme.Script.allCases.map(\.rawValue), maximumCount: maximumFallbacks),
                        "Families tried for a script (latin, hebrew, arabic, cjk, …) before the built-in ones."
                    ) {
                        if case .fallbacks(let fallbacks) = $1 { $0.fonts.fallbacks = fallbacks }
                    },
                ]), "Font families."),
            ThemeField(
                "size", .number(Theme.Limits.size, unit: "pt", naming: "the body size"),
                "The body text's size in points; the design's other sizes follow from it."
            ) {
                if case .number(let size) = $1 { $0.size = size }
            },
            ThemeField("paper", .choice(Theme.Paper.allCases.map(\.rawValue)), "a4 or letter; --paper overrides it.") {
                if case .text(let name) = $1 { $0.paper = Theme.Paper(rawValue: name) }
            },
            ThemeField(
                "margins",
                .object([
                    margin("start", "The margin where lines start (left in a left-to-right page).", \.start),
                    margin("end", "The margin where lines end.", \.end),
                    margin("top", "The top margin.", \.top),
                    margin("bottom", "The bottom margin.", \.bottom),
                ]), "The page's margins in millimetres."),
            ThemeField(
                "logo",
                .object([
                    ThemeField(
                        "height", .number(Theme.Limits.logoHeight, unit: "mm", naming: "the logo's height"),
                        "The logo's height in millimetres."
                    ) {
                        if case .number(let height) = $1 { $0.logo.height = height }
                    },
                    ThemeField("position", .choice(Theme.Placement.allCases.map(\.rawValue)), "start, center or end.") {
                        if case .text(let name) = $1 { $0.logo.position = Theme.Placement(rawValue: name) }
                    },
                ]), "The logo."),
            ThemeField(
                "table",
                .object([
                    ThemeField(
                        "rules", .choice(Theme.TableRules.allCases.map(\.rawValue)), "none, header, rows or grid."
                    ) {
                        if case .text(let name) = $1 { $0.table.rules = Theme.TableRules(rawValue: name) }
                    },
                    ThemeField("stripes", .boolean, "Whether every other row is filled.") {
                        if case .flag(let stripes) = $1 { $0.table.stripes = stripes }
                    },
                    ThemeField(
                        "columns",
                        .columns(
                            Theme.TableColumn.allCases.map(\.rawValue),
                            required: Theme.TableColumn.required.map(\.rawValue)),
                        "The columns shown, in order; description and amount always."
                    ) {
                        if case .names(let names) = $1 {
                            $0.table.columns = names.compactMap(Theme.TableColumn.init(rawValue:))
                        }
                    },
                    ThemeField("hideEmpty", .boolean, "Whether a column no line fills is left out.") {
                        if case .flag(let hide) = $1 { $0.table.hideEmpty = hide }
                    },
                ]), "The items table."),
            ThemeField(
                "sections",
                .object([
                    ThemeField(
                        "hide",
                        .sections(
                            hideable: Theme.Section.allCases.map(\.rawValue),
                            legallyRequired: Theme.Section.legallyRequired),
                        "Sections left out; never a legally required one."
                    ) {
                        if case .names(let names) = $1 {
                            $0.hiddenSections = Set(names.compactMap(Theme.Section.init(rawValue:)))
                        }
                    }
                ]), "Which sections are shown."),
            ThemeField("footer", .text(maximumLength: Theme.Limits.footerLength), "A line at the foot of every page.") {
                if case .text(let footer) = $1 { $0.footer = footer }
            },
            ThemeField(
                "pageNumbers", .choice(Theme.Placement.allCases.map(\.rawValue)),
                "Where the page numbers sit: start, center or end."
            ) {
                if case .text(let name) = $1 { $0.pageNumbers = Theme.Placement(rawValue: name) }
            },
            ThemeField(
                "labels", .labels(WordKey.allCases.map(\.rawValue)),
                "Your own words for the printed labels, by key (`invoi languages --keys`); the invoice's own win."
            ) {
                if case .labels(let labels) = $1 { $0.labels = labels }
            },
        ]
    }

    /// The key a theme may carry to name its schema, for editors; the decoder ignores it.
    public static var schemaKey: String { InvoiceFieldTable.schemaKey }

    private static func color(
        _ name: String, _ summary: String, _ keyPath: WritableKeyPath<Theme.Colors, AccentColor?> & Sendable
    ) -> ThemeField {
        ThemeField(name, .color, summary) {
            if case .color(let color) = $1 { $0.colors[keyPath: keyPath] = color }
        }
    }

    private static func family(
        _ name: String, _ summary: String, _ keyPath: WritableKeyPath<Theme.Fonts, String?> & Sendable
    ) -> ThemeField {
        ThemeField(name, .family, summary) {
            if case .text(let family) = $1 { $0.fonts[keyPath: keyPath] = family }
        }
    }

    private static func margin(
        _ name: String, _ summary: String, _ keyPath: WritableKeyPath<Theme.Margins, Double?> & Sendable
    ) -> ThemeField {
        ThemeField(name, .number(Theme.Limits.margin, unit: "mm", naming: "a margin"), summary) {
            if case .number(let margin) = $1 { $0.margins[keyPath: keyPath] = margin }
        }
    }
}
