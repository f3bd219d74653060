import ArgumentParser
import Foundation
import InvoiModel

/// `invoi schema invoice|theme`: the JSON Schema of the invoice or theme file, for editors and platforms.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema (2020-12) of the invoice file, or of the theme file.",
        discussion: """
            Made from the decoder's own field table, so it takes what invoi takes: the types, \
            bounds and choices of every field. Save it beside your invoices and name it in each \
            one's "$schema" (invoi ignores that key) for completion and checks in an editor, or \
            validate a payload with it before calling invoi. Fields invoi does not know are \
            refused by the schema (invoi warns about them and goes on). Rules across fields \
            (a service period's two ends, totals, what an e-invoice profile requires) are \
            invoi check's. `invoi schema theme` describes the theme file the same way (its \
            unknown keys are refused by invoi too: invoi theme check).
            """
    )

    /// What the schema describes.
    enum Subject: String, ExpressibleByArgument, CaseIterable {
        case invoice
        case theme
    }

    @Argument(help: "What to describe: invoice or theme.")
    var subject: Subject = .invoice

    func run() throws {
        try CLIFailure.reporting {
            switch subject {
            case .invoice: try StandardOutput.write(Data(InvoiceSchema.text.utf8))
            case .theme: try StandardOutput.write(Data(ThemeSchema.text.utf8))
            }
        }
    }
}
