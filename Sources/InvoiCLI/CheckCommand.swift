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
            checked against its scheme's standard. A theme file the invoice names (or --theme) is \
            read and checked as a render would. A received e-invoice (CII, UBL, or a PDF that embeds \
            one) is read as a render reads it: each stated figure that disagrees with the others \
            (EN 16931's BR-CO rules) is a warning, and what the reader had to fall back on a note. \
            Exit status: 0 when every input is \
            valid (warnings allowed), 65 when an invoice or its logo is invalid, 66 when an input or \
            a logo is missing or unreadable. With --json, standard output has one JSON object a line \
            per input, for programs: {"input", "valid", "status", "problems": [{"severity", "path", \
            "message", "line", "column"}]} (severity error, warning or note), and nothing is printed \
            on standard error.
            """
    )

    @Argument(
        help: ArgumentHelp(
            "Invoice files (invoi's JSON, an e-invoice's XML, or a PDF that embeds one); - reads standard input.",
            valueName: "input"))
    var inputs: [String] = []

    @Flag(help: "Check the built-in sample invoice.")
    var sample = false

    @Flag(name: .shortAndLong, help: "Print only problems, not a line per valid invoice.")
    var quiet = false

    @Flag(help: "Report each input as a line of JSON on standard output (for programs).")
    var json = false

    @Option(
        help: ArgumentHelp(
            "Also check that the invoice can be sent as an e-invoice of this profile: minimum, basicwl, basic, en16931, xrechnung or peppol.",
            valueName: "profile"))
    var profile: EInvoiceProfile?

    @Option(help: ThemeArguments.themeHelp)
    var theme: String?

    @Option(help: ThemeArguments.designHelp)
    var design: String?

    @Option(name: .customLong("extract-attachments"), help: ExtractionArgument.help)
    var extractAttachments: String?

    func validate() throws {
        _ = try ThemeArguments.reference(theme)
        _ = try ThemeArguments.design(design)
        if inputs.isEmpty && !sample {
            throw ValidationError("give at least one invoice file to check (- for standard input), or --sample")
        }
        if inputs.filter({ $0 == "-" }).count > 1 {
            throw ValidationError("standard input (-) can be given only once")
        }
    }

    func run() throws {
        let themeFiles = ThemeFiles()
        let themes: ThemeChoice
        do {
            themes = try ThemeArguments.choice(theme: theme, design: design, paperIsGiven: false, files: themeFiles)
        } catch let failure as CLIFailure {
            MessageLog(isTerminal: false).write(failure)
            throw ExitCode(failure.status.rawValue)
        }
        let decoder = InvoiceDecoder(today: .today())
        var status = ExitStatus.ok
        let extraction = extractAttachments.map(AttachmentExtraction.init(directory:))
        do {
            try extraction?.prepare()
        } catch {
            MessageLog(isTerminal: false).write(error)
            throw ExitCode(error.status.rawValue)
        }
        let sources: [InvoiceSource] = (sample ? [.sample] : []) + inputs.map { $0 == "-" ? .standardInput : .file($0) }
        for source in sources {
            var findings = Findings(log: json ? nil : MessageLog(isTerminal: false))
            let verdict: ExitStatus
            do {
                let data = try source.data() ?? Data(Invoice.sample.prettyPrintedJSON().utf8)
                verdict = check(
                    data, named: source.displayName, baseDirectory: source.baseDirectory, with: decoder,
                    themes: themes, themeFiles: themeFiles, extraction: extraction, findings: &findings)
            } catch {
                findings.add(error, file: source.displayName)
                verdict = error.status
            }
            if json { try StandardOutput.write(findings.jsonLine(input: source.displayName, status: verdict)) }
            status = max(status, verdict)
        }
        if status != .ok { throw ExitCode(status.rawValue) }
    }

    private func check(
        _ data: Data, named name: String, baseDirectory: String, with decoder: InvoiceDecoder,
        themes: ThemeChoice, themeFiles: ThemeFiles, extraction: AttachmentExtraction?, findings: inout Findings
    ) -> ExitStatus {
        do {
            let (invoice, decodingWarnings) = try InvoiceInput(decoder: decoder).readReporting(
                data, file: name, baseDirectory: baseDirectory)
            if let received = invoice.received { findings.addNotes(received.fallbacks.map(\.note), file: name) }
            var warnings = decodingWarnings + DisplayOrderReview().warnings(for: invoice, file: name)
            do {
                // The invoice's theme file, read and checked as a render reads it.
                warnings += try themes.settings(RenderSettings(format: .pdf), for: invoice, files: themeFiles).warnings
            } catch {
                findings.add(warnings)
                if case .invalid(let invalid) = error {
                    findings.addThemeProblems(invalid.diagnostics)
                    return .dataError
                }
                throw CLIFailure(error, invoice: name)
            }
            findings.add(warnings)
            if let logo = invoice.logo, let kind = logo.kind {
                do throws(LogoError) {
                    _ = try LogoDecoder().decode(contentsOf: logo.resolvedPath, format: ImageFormat(kind))
                } catch {
                    throw CLIFailure(error, invoice: name)
                }
            }
            let missing = (requirements?.problems(of: invoice) ?? []) + paymentProblems(of: invoice)
            if !missing.isEmpty {
                findings.add(diagnostics(missing, file: name))
                return .dataError
            }
            if !quiet && !json {
                try StandardOutput.write(
                    Data((summary(of: invoice, named: name, warnings: warnings.count) + "\n").utf8))
            }
            // Written to standard error, like every message: --json keeps standard output its own.
            return extraction?.extract(from: invoice, file: name, log: MessageLog(isTerminal: false)) ?? .ok
        } catch let error as InvoiceDecodingError {
            // The profile's problems in the fields that did decode come with the decoding
            // errors, so that one run shows everything to fix.
            let missing = error.partial.map { requirements?.problems(of: $0) ?? [] } ?? []
            findings.add(error.diagnostics + diagnostics(missing, file: name))
            return .dataError
        } catch let error as CLIFailure {
            findings.add(error, file: name)
            return error.status
        } catch {
            findings.add(CLIFailure(.software, "\(error)"), file: name)
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
        // A received invoice's total is the one it states (BT-115), not one worked out.
        let total =
            invoice.received.map { formatter.string(for: Money(amount: $0.totals.payable.value, currency: invoice.currency)) }
            ?? formatter.string(for: invoice.totals.total)
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
            "\(name): \(verdict)\(warningNote) — \(number), \(items), total \(total)"
        )
    }
}

/// One input's problems: printed as they come (`invoi: error: file: path: message`), or kept
/// for its line of JSON.
private struct Findings {
    /// Where the lines go; nil for JSON.
    let log: MessageLog?
    private var problems: [Problem] = []

    init(log: MessageLog?) {
        self.log = log
    }

    /// A problem as programs read it; `path` is "" for the whole input.
    private struct Problem: Encodable {
        var severity: String
        var path: String
        var message: String
        var line: Int?
        var column: Int?
    }

    private struct Line: Encodable {
        var input: String
        var valid: Bool
        var status: Int32
        var problems: [Problem]
    }

    mutating func add(_ diagnostics: [Diagnostic]) {
        guard let log else {
            problems += diagnostics.map {
                Problem(
                    severity: $0.severity.rawValue, path: $0.path, message: $0.message, line: $0.line,
                    column: $0.column)
            }
            return
        }
        log.write(diagnostics)
    }

    /// What a reader fell back on: `invoi: note: FILE: …` lines, or problems of severity "note".
    mutating func addNotes(_ notes: [String], file: String) {
        guard let log else {
            problems += notes.map { Problem(severity: "note", path: "", message: $0) }
            return
        }
        for note in notes { log.info("note: \(file): \(note)") }
    }

    /// A theme file's problems: each names the theme file; in JSON, at the invoice's `theme`.
    mutating func addThemeProblems(_ diagnostics: [Diagnostic]) {
        guard log == nil else { return add(diagnostics) }
        problems += diagnostics.map {
            let location = $0.path.isEmpty ? $0.file : "\($0.file): \($0.path)"
            return Problem(severity: $0.severity.rawValue, path: "theme", message: "\(location): \($0.message)")
        }
    }

    /// A failure that is not about a field (an unreadable input, a missing logo): its message
    /// names the input already.
    mutating func add(_ failure: CLIFailure, file: String) {
        guard let log else {
            var message = failure.message
            if message.hasPrefix(file + ": ") { message.removeFirst(file.count + 2) }
            problems.append(Problem(severity: "error", path: "", message: message))
            return
        }
        log.write(failure)
    }

    func jsonLine(input: String, status: ExitStatus) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(
            Line(input: input, valid: status == .ok, status: status.rawValue, problems: problems))
        data.append(0x0A)
        return data
    }
}
