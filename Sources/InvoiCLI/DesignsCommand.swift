import ArgumentParser
import Foundation
import InvoiModel

/// `invoi designs`: the built-in designs, one a line with what each is for.
struct DesignsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "designs",
        abstract: "List the built-in designs (--design, a theme's or an invoice's \"design\").",
        discussion: "Each line is a design's name and what it is for."
    )

    func run() throws {
        try CLIFailure.reporting { try StandardOutput.write(Data((Self.table() + "\n").utf8)) }
    }

    static func table() -> String {
        textTable(DesignName.allCases.map { [$0.rawValue, $0.summary] })
    }
}
