// InvoiCLI
import ArgumentParser

public struct InvoiCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "invoi",
        abstract: "Render invoices (JSON) to PDF, PNG, SVG and a terminal preview.",
        subcommands: [CheckCommand.self, InitCommand.self, CurrenciesCommand.self]
    )

    public init() {}
}
