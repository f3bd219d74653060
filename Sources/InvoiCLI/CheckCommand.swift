import ArgumentParser
import Foundation
import InvoiAssets
import InvoiDocument
import InvoiEInvoice
import InvoiModel
import InvoiPayment
import InvoiRender

/// `invoi check INPUT...`: validates invoices without rendering them.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate invoice files and report every problem with its JSON path.",
        discussion: """
            A logo is read and decoded as a render would. With --profile, also what the e-invoice \
            profile's rules require (EN 16931, XRechnung, Peppol BIS, Factur-X), every missing or \
            invalid field by JSON path, without writing anything. An invoice with a paymentQR is \
            checked against its scheme's standard. Exit status: 0 when every input is \
            valid (warnings allowed), 65 when an invoice or its logo is invalid, 66 when an input or \
            a logo is missing or unreadable.
            """
    )

    @Argument(help: ArgumentHelp("Invoice JSON files; - reads standard input.", valueName: "input"))
    var inputs: [String] = []

    @Flag(help: "Check the built-in sample invoice.")
    var sample = false

    @Flag(name: .shortAndLong, help: "Print only problems, not a line per valid invoice.")
    var quiet = false

    @Option(
        help: ArgumentHelp(
            "Also check that the invoice can be sent as an e-invoice of this profile: minimum, basicwl, basic, en16931, xrechnung or peppol.",
            valueName: "profile"))
    var profile: EInvoiceProfile?

    func validate() throws {
        if inputs.isEmpty && !sample {
            throw ValidationError("give at least one invoice file to check (- for standard input), or --sample")
        }
        if inputs.filter({ $0 == "-" }).count > 1 {
            throw ValidationError("standard input (-) can be given only once")
        }
    }

    func run() throws {
        let log = MessageLog(isTerminal: false)
        let decoder = InvoiceDecoder(today: .today())
        var status = ExitStatus.ok
        let sources: [InvoiceSource] = (sample ? [.sample] : []) + inputs.map { $0 == "-" ? .standardInput : .file($0) }
        for source in sources {
            do {
                let data = try source.data() ?? Data(Invoice.sample.prettyPrintedJSON().utf8)
                status = max(
                    status,
                    check(data, named: source.displayName, baseDirectory: source.baseDirectory, with: decoder, log: log)
                )
            } catch {
                log.write(error)
                status = max(status, error.status)
            }
        }
        if status != .ok { throw ExitCode(status.rawValue) }
    }

    private func check(
        _ data: Data, named name: String, baseDirectory: String, with decoder: InvoiceDecoder,
        log: MessageLog
    ) -> ExitStatus {
        do {
            let (invoice, decodingWarnings) = try decoder.decode(data, file: name, baseDirectory: baseDirectory)
            let warnings = decodingWarnings + DisplayOrderReview().warnings(for: invoice, file: name)
            log.write(warnings)
            if let logo = invoice.logo, let kind = logo.kind {
                do throws(LogoError) {
                    _ = try LogoDecoder().decode(contentsOf: logo.resolvedPath, format: ImageFormat(kind))
                } catch {
                    throw CLIFailure(error, invoice: name)
                }
            }
            let missing = (requirements?.problems(of: invoice) ?? []) + paymentProblems(of: invoice)
            if !missing.isEmpty {
                log.write(diagnostics(missing, file: name))
                return .dataError
            }
            if !quiet {
                try StandardOutput.write(
                    Data((summary(of: invoice, named: name, warnings: warnings.count) + "\n").utf8))
            }
            return .ok
        } catch let error as InvoiceDecodingError {
            // The profile's problems in the fields that did decode come with the decoding
            // errors, so that one run shows everything to fix.
            let missing = error.partial.map { requirements?.problems(of: $0) ?? [] } ?? []
            log.write(error.diagnostics + diagnostics(missing, file: name))
            return .dataError
        } catch let error as CLIFailure {
            log.write(error)
            return error.status
        } catch {
            log.error("\(error)")
            return .software
        }
    }

    /// What the invoice's payment QR scheme asks of it (none without `paymentQR`).
    private func paymentProblems(of invoice: Invoice) -> [PaymentProblem] {
        guard let scheme = invoice.paymentQR else { return [] }
        do {
            _ = try PaymentPayload(invoice: invoice, scheme: scheme)
            return []
        } catch {
            return error.problems
        }
    }

    /// What `--profile` asks of an invoice. Peppol BIS is UBL; every other profile is checked
    /// as CII, the syntax all of them have.
    private var requirements: EInvoiceRequirements? {
        profile.map { EInvoiceRequirements(profile: $0, syntax: EInvoiceSyntax.cii.accepts($0) ? .cii : .ubl) }
    }

    private func diagnostics(_ problems: [FieldProblem], file: String) -> [Diagnostic] {
        problems.map { Diagnostic(severity: .error, file: file, path: $0.path, message: $0.message) }
    }

    /// `bills/acme.json: ok — INV-0007, 3 items, total $1,234.56`
    private func summary(of invoice: Invoice, named name: String, warnings: Int) -> String {
        let formatter = AmountFormatter(invoice: invoice)
        let items = invoice.lineItems.count == 1 ? "1 item" : "\(invoice.lineItems.count) items"
        let number = invoice.invoiceNumber.isEmpty ? "no number" : invoice.invoiceNumber
        let warningNote =
            switch warnings {
            case 0: ""
            case 1: " (1 warning)"
            default: " (\(warnings) warnings)"
            }
        let verdict = profile.map { "ok for \($0.name)" } ?? "ok"
        return Diagnostic.printable(
            "\(name): \(verdict)\(warningNote) — \(number), \(items), total \(formatter.string(for: invoice.totals.total))"
        )
    }
}
