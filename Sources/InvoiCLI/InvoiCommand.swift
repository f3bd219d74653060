import ArgumentParser

public struct InvoiCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "invoi",
        abstract: "Render invoices (JSON) to PDF, PNG, SVG and a terminal preview.",
        version: invoiVersion,
        subcommands: [
            RenderCommand.self, PreviewCommand.self,
            CheckCommand.self, InitCommand.self, CurrenciesCommand.self, LanguagesCommand.self, GoldenCommand.self,
            SchemaCommand.self, DesignsCommand.self, ThemeCommand.self,
        ]
    )

    public init() {}
}
