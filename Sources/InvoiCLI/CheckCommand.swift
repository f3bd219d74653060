import ArgumentParser
import Foundation
import InvoiModel

/// `invoi check INPUT...`: validates invoices without rendering them.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate invoice files and report every problem with its JSON path.",
        discussion: """
            Exit status: 0 when every input is valid (warnings allowed), 65 when an invoice is \
            invalid, 66 when an input is missing or unreadable.
            """
    )

    @Argument(help: ArgumentHelp("Invoice JSON files; - reads standard input.", valueName: "input"))
    var inputs: [String] = []

    @Flag(help: "Check the built-in sample invoice.")
    var sample = false

    @Flag(name: .shortAndLong, help: "Print only problems, not a line per valid invoice.")
    var quiet = false

    func validate() throws {
        if inputs.isEmpty && !sample {
            throw ValidationError("give at least one invoice file to check (- for standard input), or --sample")
        }
        if inputs.filter({ $0 == InputFile.standardInputArgument }).count > 1 {
            throw ValidationError("standard input (-) can be given only once")
        }
    }

    func run() throws {
        let decoder = InvoiceDecoder(today: .today())
        var outcome = Outcome.valid
        if sample {
            let data = Data(Invoice.sample.prettyPrintedJSON().utf8)
            outcome.record(check(InputFile(name: "<sample>", data: data), with: decoder))
        }
        for path in inputs {
            do {
                let input = try InputFile.read(path)
                outcome.record(check(input, with: decoder))
            } catch {
                StandardError.write(error)
                outcome.record(.unreadable)
            }
        }
        if let exitCode = outcome.exitCode { throw exitCode }
    }

    private func check(_ input: InputFile, with decoder: InvoiceDecoder) -> Outcome {
        do {
            let (invoice, warnings) = try decoder.decode(input.data, file: input.name)
            StandardError.write(warnings)
            if !quiet { StandardOutput.writeLine(summary(of: invoice, named: input.name, warnings: warnings.count)) }
            return .valid
        } catch {
            StandardError.write(error.diagnostics)
            return .invalid
        }
    }

    /// `bills/acme.json: ok — INV-0007, 3 items, total $1,234.56`
    private func summary(of invoice: Invoice, named name: String, warnings: Int) -> String {
        let formatter = AmountFormatter(invoice: invoice)
        let items = invoice.lineItems.count == 1 ? "1 item" : "\(invoice.lineItems.count) items"
        let number = invoice.invoiceNumber.isEmpty ? "no number" : invoice.invoiceNumber
        let warningNote = switch warnings {
        case 0: ""
        case 1: " (1 warning)"
        default: " (\(warnings) warnings)"
        }
        return Diagnostic.printable("\(name): ok\(warningNote) — \(number), \(items), total \(formatter.string(for: invoice.totals.total))")
    }

    /// The worst result so far: an unreadable input (66) outranks an invalid one (65).
    private enum Outcome: Int, Comparable {
        case valid, invalid, unreadable

        static func < (lhs: Outcome, rhs: Outcome) -> Bool { lhs.rawValue < rhs.rawValue }

        mutating func record(_ other: Outcome) { self = max(self, other) }

        var exitCode: ExitCode? {
            switch self {
            case .valid: nil
            case .invalid: .dataError
            case .unreadable: .noInput
            }
        }
    }
}
