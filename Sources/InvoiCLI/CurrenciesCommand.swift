import ArgumentParser
import Foundation
import InvoiModel

/// `invoi currencies`: the supported currencies, their locale, and how an amount looks.
struct CurrenciesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "currencies",
        abstract: "List the 53 supported currencies with their locale and a formatted sample amount."
    )

    /// Shown in every currency, rounded half away from zero to its digits.
    static let sampleAmount = Decimal(sign: .plus, exponent: -3, significand: 1_234_567_891)

    func run() throws {
        try CLIFailure.reporting { try StandardOutput.write(Data((Self.table() + "\n").utf8)) }
    }

    static func table() -> String {
        var rows = [["CODE", "LOCALE", "DIGITS", "SAMPLE", "NAME"]]
        for currency in Currency.all {
            let sample = AmountFormatter(currency: currency).string(
                for: Money(amount: sampleAmount, currency: currency))
            rows.append([
                currency.code, currency.conventionalLocale, String(currency.fractionDigits),
                sample, currency.englishName,
            ])
        }
        return textTable(rows)
    }
}

/// Rows as columns two spaces apart, each padded to its widest cell but the last.
func textTable(_ rows: [[String]]) -> String {
    let widths = (0..<(rows.first?.count ?? 0)).map { column in rows.map { $0[column].count }.max() ?? 0 }
    return rows.map { row in
        row.enumerated().map { column, cell in
            column == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - cell.count)
        }.joined(separator: "  ")
    }.joined(separator: "\n")
}
