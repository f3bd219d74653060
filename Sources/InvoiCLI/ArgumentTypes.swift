import ArgumentParser
import InvoiDocument
import InvoiModel

// Values and descriptions spelled out: ArgumentParser's defaults derive them through
// `String(describing:)` and generic constraints, whose first use costs runtime
// conformance look-ups at every start of the process.
protocol NamedArgumentValue: ExpressibleByArgument, CaseIterable, RawRepresentable where RawValue == String {}

extension NamedArgumentValue {
    public init?(argument: String) { self.init(rawValue: argument) }
    public var defaultValueDescription: String { rawValue }
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
    public static var allValueDescriptions: [String: String] { [:] }
    public static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}

extension OutputFormat: NamedArgumentValue {}
extension PaperSize: NamedArgumentValue {}
/// `--color`: whether the text preview is coloured; `auto` is resolved against the terminal
/// and the environment (`TerminalInfo.usesColor`).
enum ColorMode: String, Hashable, Sendable, CaseIterable, NamedArgumentValue {
    case auto, always, never
}

/// `--accent COLOR`, read with the model's parser so that it accepts what `accentColor` does.
enum AccentArgument {
    static let help = ArgumentHelp(
        "Accent colour, overriding the invoice's: #RRGGBB or "
            + AccentColor.themes.map(\.name).joined(separator: ", ") + ".",
        valueName: "color")

    /// Nil when not given; a usage error naming the accepted forms when unreadable.
    static func parse(_ text: String?) throws(ValidationError) -> AccentColor? {
        guard let text else { return nil }
        guard let color = AccentColor(text) else {
            let themes = AccentColor.themes.map(\.name).joined(separator: ", ")
            throw ValidationError("--accent must be a hex colour #RRGGBB or one of \(themes) (got \"\(text)\")")
        }
        return color
    }
}
