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
        case render, shaping
    }

    var fonts = Fonts.system
    var sections = Set(Section.allCases)
    /// 1 for the full run; smaller for a quick look.
    var effort = 1.0

    static let usage = "usage: InvoiBench [--fonts system|fixed] [--quick] [render] [shaping]"

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
            default:
                guard let section = Section(rawValue: argument) else { return nil }
                chosen.insert(section)
            }
        }
        if !chosen.isEmpty { sections = chosen }
    }
}
