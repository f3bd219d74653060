import InvoiText

/// The benchmark's command line.
struct BenchOptions {
    enum Fonts: String {
        case system, fixed

        var configuration: FontConfiguration {
            switch self {
            case .system: .system
            case .fixed: .fixed
            }
        }
    }

    enum Section: String, CaseIterable {
        /// Layout and each backend on the sample.
        case invoice
        /// Long invoices, 100 … 1000 items.
        case items
        /// Sample invoices on 1 and 2 threads.
        case parallel
        /// Text shaping per string.
        case shaping
        /// A received XRechnung read and rendered, against the same invoice from JSON.
        case reading
    }

    var fonts = Fonts.system
    var sections = Set(Section.allCases)
    /// 1 for the full run; smaller for a quick look.
    var effort = 1.0
    /// Where `--write-inputs` writes the reading figures' invoices as JSON (and nothing is measured).
    var inputsDirectory: String?

    static let usage =
        "usage: InvoiBench [--fonts system|fixed] [--quick] [invoice] [items] [parallel] [shaping] [reading]\n"
        + "       InvoiBench --write-inputs DIR"

    init?(arguments: [String]) {
        var chosen = Set<Section>()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--fonts":
                guard let value = remaining.popFirst(), let fonts = Fonts(rawValue: value) else { return nil }
                self.fonts = fonts
            case "--quick":
                effort = 0.2
            case "--write-inputs":
                guard let value = remaining.popFirst() else { return nil }
                inputsDirectory = value
            default:
                guard let section = Section(rawValue: argument) else { return nil }
                chosen.insert(section)
            }
        }
        if !chosen.isEmpty { sections = chosen }
    }
}
