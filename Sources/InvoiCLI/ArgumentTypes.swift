import ArgumentParser
import InvoiDocument
import InvoiModel

extension OutputFormat: ExpressibleByArgument {}
extension PaperSize: ExpressibleByArgument {}
extension ColorMode: ExpressibleByArgument {}

/// `--accent COLOR`, read with the model's parser so that it accepts what `accentColor` does.
enum AccentArgument {
    static let help = ArgumentHelp("Accent colour, overriding the invoice's: #RRGGBB or "
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
