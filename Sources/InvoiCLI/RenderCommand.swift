import ArgumentParser
import Foundation
import InvoiDocument
import InvoiEInvoice
import InvoiModel
import InvoiRender
import InvoiSigning
import InvoiSpeedups
import InvoiText

#if canImport(Glibc)
    import Glibc
#endif

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        _superCommandName: InvoiCommand.configuration.commandName ?? "invoi",
        abstract: "Render invoices to PDF, PNG, SVG, a text preview, or the display list.",
        discussion: """
            Outputs are named "{invoiceNumber} - {fromName}.{ext}" unless -o is given. PNG and SVG \
            write one file per page: one page → NAME.png; several → NAME-1.png, NAME-2.png, …
            txt and ops go to standard output when there is a single input and no -o.
            E-invoices: cii (UN/CEFACT CII XML) and ubl (UBL 2.1 XML) are named NAME.xml, facturx \
            (the PDF as PDF/A-3b with the CII XML inside) NAME.pdf; --profile chooses the rules \
            they follow, and an invoice that misses what they require is reported by JSON path \
            (exit 65) before anything is written.
            Signing (pdf, facturx): --sign KEYSTORE.p12, or --sign-key KEY.pem --sign-cert CERT.pem \
            [--sign-chain CHAIN.pem], adds a PAdES B-B signature; the password comes from \
            INVOI_SIGN_PASSWORD or --sign-password-file, never from the command line.
            Exit status: 0 ok, 64 usage, 65 invalid invoice, 66 input missing, 73 cannot write, 70 internal.
            """
    )

    @Argument(help: "Invoice JSON files ('-' reads standard input).")
    var inputs: [String] = []

    @Flag(help: "Render the built-in sample invoice.")
    var sample = false

    @Option(
        help: "pdf, png, svg, txt, ops, or an e-invoice: cii, ubl, facturx (default: from -o's extension, else pdf).")
    var format: OutputFormat?

    @Option(
        help: ArgumentHelp(
            "E-invoice profile: for cii minimum, basicwl, basic, en16931, xrechnung; for ubl en16931, xrechnung, peppol; for facturx minimum, basicwl, basic, en16931 (default en16931).",
            valueName: "profile"))
    var profile: EInvoiceProfile?

    @Option(name: .shortAndLong, help: "Output file ('-' for standard output).")
    var output: String?

    @Option(name: .customLong("out-dir"), help: "Directory for the outputs, named by the invoice.")
    var outDirectory: String?

    @Option(help: "a4 or letter.")
    var paper: PaperSize = .a4

    @Option(help: "PNG resolution in dots per inch (18 to 600).")
    var dpi: Double = 144

    @Option(help: "Columns of the text preview, 20 to 1000 (default: the terminal's width, else 100).")
    var width: Int?

    @Option(help: "Colour in the text preview: auto, always or never.")
    var color: ColorMode = .auto

    @Option(help: AccentArgument.help)
    var accent: String?

    @Option(name: .customLong("payment-qr"), help: PaymentQRArgument.help)
    var paymentQR: PaymentQRScheme?

    @Option(help: LanguageArguments.languageHelp)
    var language: String?

    @Option(help: LanguageArguments.localeHelp)
    var locale: String?

    @Option(help: LanguageArguments.digitsHelp)
    var digits: String?

    @Option(help: LanguageArguments.bidiHelp)
    var bidi: BidiOrder = .visual

    @Option(name: .customLong("copy-mark"), help: CopyMarkArgument.help)
    var copyMark: String?

    @Option(help: "Font family to use before the built-in fallbacks.")
    var font: String?

    @Option(help: "Invoices rendered at once, 1 to 256 (default: the number of cores).")
    var jobs: Int?

    @Flag(help: "Read one invoice per line (JSON Lines) from the inputs or standard input.")
    var jsonl = false

    @Option(
        name: .customLong("sign"),
        help: ArgumentHelp(
            "Sign each PDF with the key and certificate of this PKCS#12 keystore (.p12, .pfx).",
            valueName: "keystore"))
    var signKeystore: String?

    @Option(
        name: .customLong("sign-key"),
        help: ArgumentHelp("Sign with this PEM private key (with --sign-cert).", valueName: "key.pem"))
    var signKey: String?

    @Option(
        name: .customLong("sign-cert"),
        help: ArgumentHelp("The PEM certificate of --sign-key.", valueName: "cert.pem"))
    var signCertificate: String?

    @Option(
        name: .customLong("sign-chain"),
        help: ArgumentHelp("PEM certificates of the signer's chain, to include.", valueName: "chain.pem"))
    var signChain: String?

    @Option(
        name: .customLong("sign-password-file"),
        help: ArgumentHelp(
            "A file whose first line is the password of the keystore or key (else INVOI_SIGN_PASSWORD).",
            valueName: "file"))
    var signPasswordFile: String?

    @Option(
        name: .customLong("pdf-standard"),
        help: ArgumentHelp(
            "Standards the PDF claims, comma separated: ua-1 (PDF/UA-1, accessible), a-3b or a-3a (PDF/A-3, archival; a-3a also accessible).",
            valueName: "list"))
    var pdfStandard: String?

    @Flag(help: .hidden)
    var untagged = false

    func validate() throws {
        _ = try AccentArgument.parse(accent)
        try LanguageArguments.check(language: language, locale: locale)
        _ = try LanguageArguments.digits(digits)
        _ = try CopyMarkArgument.parse(copyMark)
        _ = try pdfStandards()
        if inputs.isEmpty && !sample && !jsonl {
            throw ValidationError("give an invoice file, '-' for standard input, or --sample")
        }
        if output != nil && outDirectory != nil {
            throw ValidationError("use -o or --out-dir, not both")
        }
        try OptionBounds.check(width: width, dpi: dpi, jobs: jobs)
        // No extension means the default, pdf; an extension invoi does not write is more likely a slip.
        if let output, output != "-", format == nil, !Self.pathExtension(output).isEmpty,
            Self.format(forPath: output) == nil
        {
            let formats = Self.pathExtension(output) == "xml" ? "cii|ubl" : "pdf|png|svg|txt|ops"
            throw ValidationError("cannot tell the format from \"\(output)\": add --format \(formats)")
        }
        do {
            _ = try EInvoiceTarget(format: resolvedFormat, profile: profile)
        } catch {
            throw ValidationError("--profile: \(error)")
        }
        try validateSigning()
    }

    private var signs: Bool { signKeystore != nil || signKey != nil || signCertificate != nil }

    private func validateSigning() throws {
        if signKeystore != nil && (signKey != nil || signCertificate != nil) {
            throw ValidationError("sign with --sign KEYSTORE or with --sign-key and --sign-cert, not both")
        }
        if (signKey == nil) != (signCertificate == nil) {
            throw ValidationError("--sign-key and --sign-cert go together: the key and its certificate")
        }
        if !signs,
            let option = signChain != nil ? "--sign-chain" : signPasswordFile != nil ? "--sign-password-file" : nil
        {
            throw ValidationError("\(option) is for signing: add --sign KEYSTORE or --sign-key and --sign-cert")
        }
        if signs && !resolvedFormat.isSignable {
            throw ValidationError(
                "--sign signs PDFs: use --format pdf or facturx (not \(resolvedFormat.rawValue))")
        }
    }

    /// --format, else -o's extension, else pdf.
    private var resolvedFormat: OutputFormat {
        format ?? output.flatMap { $0 == "-" ? nil : Self.format(forPath: $0) } ?? .pdf
    }

    static func format(forPath path: String) -> OutputFormat? {
        switch pathExtension(path) {
        case "pdf": .pdf
        case "png": .png
        case "svg": .svg
        case "txt", "ansi": .txt
        case "json": .ops
        default: nil
        }
    }

    /// The extension of the file name (lowercased), "" when it has none.
    static func pathExtension(_ path: String) -> String {
        (path as NSString).pathExtension.lowercased()
    }

    func run() throws {
        try run(inputs: InputList(inputs))
    }

    func run(inputs list: InputList) throws {
        try CLIFailure.reporting { try runReporting(list) }
    }

    private func runReporting(_ inputs: InputList) throws {
        let terminal = TerminalInfo.current()
        var fonts = FontConfiguration.system
        if let font { fonts.primaryFamily = font }
        let renderer: Renderer
        do {
            renderer = try Renderer(fonts: fonts)
        } catch {
            throw CLIFailure(.unavailable, "\(error)")
        }
        var settings = RenderSettings(
            format: resolvedFormat, paper: paper, locale: locale, language: language,
            output: OutputOptions(
                dpi: dpi,
                columns: width ?? (terminal.stdoutIsTerminal ? terminal.columns : nil).map(
                    OptionBounds.clamped(columns:)) ?? 100,
                usesColor: terminal.usesColor(color), creator: "invoi \(invoiVersion)", bidi: bidi,
                isTagged: !untagged, pdfStandards: try pdfStandards()),
            creationDate: .documentCreationDate(), accent: try AccentArgument.parse(accent), profile: profile,
            digits: try LanguageArguments.digits(digits), copyMark: try CopyMarkArgument.parse(copyMark),
            paymentQR: paymentQR)
        let signer = try signer()
        settings.isSigned = signer != nil
        let stream = try sources(inputs)
        let job = RenderJob(
            renderer: renderer, settings: settings, signer: signer, sources: stream,
            destination: destination(for: resolvedFormat, inputCount: inputs.count),
            // One invoice needs one worker: the processor count (cgroup files read by Foundation,
            // ~0.45 M instructions) is asked for only when there may be more.
            jobs: jobs
                ?? (stream.knownCount == 1
                    ? 1 : min(ProcessInfo.processInfo.activeProcessorCount, OptionBounds.jobs.upperBound)),
            terminal: terminal)
        // Every output is written: end the process here instead of tearing down the fonts,
        // shaping caches and Cairo faces the renderer holds (about a tenth of a short
        // run's instructions, for memory the exit frees anyway), and without the C
        // library's exit handlers, which only free and tidy up too (they touched enough
        // new pages to raise the peak memory). Standard output and error are flushed first.
        withExtendedLifetime(job) {
            ProcessEnd.exit(job.run().processStatus)
        }
    }

    /// The signer of `--sign` or `--sign-key`/`--sign-cert`, its key read and checked once for
    /// every invoice; nil when nothing is to be signed (the environment is not even read: each
    /// reading builds its dictionary anew).
    private func signer() throws(CLIFailure) -> PDFSigner? {
        guard signs else { return nil }
        do {
            let password =
                try signPasswordFile.map(SigningFile.password(at:))
                ?? ProcessInfo.processInfo.environment["INVOI_SIGN_PASSWORD"]
            let identity =
                if let signKeystore {
                    try SigningIdentity.keystore(at: signKeystore, password: password ?? "", extraChain: signChain)
                } else {
                    try SigningIdentity.pem(
                        key: signKey ?? "", certificate: signCertificate ?? "", chain: signChain, password: password)
                }
            return PDFSigner(identity: identity)
        } catch {
            throw CLIFailure(error)
        }
    }

    private func sources(_ inputs: InputList) throws -> SourceStream {
        if inputs.standardInputCount > 1 {
            throw ValidationError("standard input ('-') can be read only once")
        }
        if jsonl {
            if sample {
                throw ValidationError("--sample cannot be combined with --jsonl; render the sample on its own")
            }
            return try SourceStream(jsonLines: inputs.isEmpty ? ["-"] : inputs.strings)
        }
        return SourceStream(sample: sample, inputs: inputs)
    }

    private func destination(for format: OutputFormat, inputCount: Int) -> Destination {
        if let output {
            return output == "-" ? .standardOutput : .path(output)
        }
        if let outDirectory { return .directory(outDirectory) }
        let single = (inputCount + (sample ? 1 : 0)) == 1 && !jsonl
        if single && (format == .txt || format == .ops) { return .standardOutput }
        return .directory(".")
    }
}

extension RenderCommand: InputListCommand {}

let invoiVersion = InvoiVersion.current

extension RenderCommand {
    /// `--pdf-standard`'s list; a usage error (64) names what is wrong with it.
    func pdfStandards() throws -> PDFStandards {
        guard let pdfStandard else { return [] }
        switch PDFStandards.parse(pdfStandard) {
        case .success(let standards):
            if untagged, standards.contains(.ua1) || standards.contains(.a3a) {
                throw ValidationError("--pdf-standard \(pdfStandard) needs a tagged PDF: leave out --untagged")
            }
            return standards
        case .failure(let error): throw ValidationError("--pdf-standard: \(error)")
        }
    }
}
