import ArgumentParser
import Foundation
import InvoiDocument
import InvoiEInvoice
import InvoiModel
import InvoiRender
import InvoiSigning
import InvoiSpeedups
import InvoiText

/// What `invoi render` is asked to do: its options as plain values, apart from the input
/// files (an `InputList`). `RenderCommand` defines the options for ArgumentParser (help,
/// errors, completions and man pages come from there) and hands its values over;
/// `RenderCommandLine` reads a plain render command line into one directly. The defaults
/// here are the command's.
struct RenderRequest: Equatable, Sendable {
    var sample = false
    var format: OutputFormat?
    var profile: EInvoiceProfile?
    var output: String?
    var outDirectory: String?
    var naming = OutputNaming.invoice
    /// Nil: a theme's paper, else A4.
    var paper: PaperSize?
    var dpi: Double = 144
    var width: Int?
    var color = ColorMode.auto
    var accent: String?
    var language: String?
    var locale: String?
    var digits: String?
    var bidi = BidiOrder.visual
    var copyMark: String?
    var font: String?
    var jobs: Int?
    var jsonl = false
    var signKeystore: String?
    var signKey: String?
    var signCertificate: String?
    var signChain: String?
    var signPasswordFile: String?
    var pdfStandard: String?
    var untagged = false
    var paymentQR: PaymentQRScheme?
    var theme: String?
    var design: String?
    /// `--extract-attachments DIR`.
    var extractAttachments: String?

    /// The options' defaults (RenderCommand's declarations use them).
    static let defaults = RenderRequest()

    /// The command's checks before any work; `hasInputs` is all it may know of the inputs
    /// (see InputListCommand).
    func validate(hasInputs: Bool) throws {
        _ = try AccentArgument.parse(accent)
        try LanguageArguments.check(language: language, locale: locale)
        _ = try LanguageArguments.digits(digits)
        _ = try CopyMarkArgument.parse(copyMark)
        _ = try ThemeArguments.reference(theme)
        _ = try ThemeArguments.design(design)
        _ = try pdfStandards()
        if !hasInputs && !sample && !jsonl {
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
        // The same formats as signing: the PDFs. Elsewhere the claim would be dropped unseen.
        if pdfStandard != nil && !resolvedFormat.isSignable {
            throw ValidationError(
                "--pdf-standard is for PDFs: use --format pdf or facturx (not \(resolvedFormat.rawValue))")
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

    func run(inputs list: InputList) throws {
        try CLIFailure.reporting { try runReporting(list) }
    }

    private func runReporting(_ inputs: InputList) throws {
        let terminal = TerminalInfo.current()
        // Read once for the whole batch, before any invoice: a bad theme renders nothing.
        let themeFiles = ThemeFiles()
        let themes = try ThemeArguments.choice(
            theme: theme, design: design, paperIsGiven: paper != nil, files: themeFiles)
        var fonts = FontConfiguration.system
        if let font { fonts.primaryFamily = font }
        let renderer: Renderer
        do {
            renderer = try Renderer(fonts: fonts)
        } catch {
            throw CLIFailure(.unavailable, "\(error)")
        }
        var settings = RenderSettings(
            format: resolvedFormat, paper: paper ?? .a4, locale: locale, language: language,
            output: OutputOptions(
                dpi: dpi,
                columns: width ?? (terminal.stdoutIsTerminal ? terminal.columns : nil).map(
                    OptionBounds.clamped(columns:)) ?? 100,
                usesColor: terminal.usesColor(color), creator: "invoi \(invoiVersion)", bidi: bidi,
                isTagged: !untagged, pdfStandards: try pdfStandards()),
            creationDate: .documentCreationDate(), accent: try AccentArgument.parse(accent), profile: profile,
            digits: try LanguageArguments.digits(digits), copyMark: try CopyMarkArgument.parse(copyMark),
            paymentQR: paymentQR)
        let signer = try signer(signingTime: settings.creationDate ?? Date())
        settings.isSigned = signer != nil
        let stream = try sources(inputs)
        let extraction = extractAttachments.map(AttachmentExtraction.init(directory:))
        try extraction?.prepare()
        var job = RenderJob(
            renderer: renderer, settings: settings, themes: themes, themeFiles: themeFiles, signer: signer,
            sources: stream,
            destination: destination(for: resolvedFormat, inputCount: inputs.count), naming: naming,
            // One invoice needs one worker: the processor count (cgroup files read by Foundation,
            // ~0.45 M instructions) is asked for only when there may be more.
            jobs: jobs
                ?? (stream.knownCount == 1
                    ? 1 : min(ProcessInfo.processInfo.activeProcessorCount, OptionBounds.jobs.upperBound)),
            terminal: terminal)
        job.extraction = extraction
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
    /// every invoice, its certificate at `signingTime` (the documents' creation date, which
    /// each signature records); nil when nothing is to be signed (the environment is not even
    /// read: each reading builds its dictionary anew). Certificates given that do not chain
    /// the signer's are left out of the signatures, and a note on standard error says which.
    private func signer(signingTime: Date) throws(CLIFailure) -> PDFSigner? {
        guard signs else { return nil }
        do {
            let password =
                try signPasswordFile.map(SigningFile.password(at:))
                ?? getenv("INVOI_SIGN_PASSWORD").map { String(cString: $0) }
            let identity =
                if let signKeystore {
                    try SigningIdentity.keystore(
                        at: signKeystore, password: password ?? "", extraChain: signChain, signingTime: signingTime)
                } else {
                    try SigningIdentity.pem(
                        key: signKey ?? "", certificate: signCertificate ?? "", chain: signChain, password: password,
                        signingTime: signingTime)
                }
            if let note = Self.omissionNote(identity.omittedCertificates) {
                FileHandle.standardError.write(Data("invoi: note: \(Diagnostic.printable(note))\n".utf8))
            }
            return PDFSigner(identity: identity)
        } catch {
            var failure = CLIFailure(error)
            if case .outsideValidity = error, getenv("SOURCE_DATE_EPOCH") != nil {
                failure.message += " (the signing time is SOURCE_DATE_EPOCH's)"
            }
            throw failure
        }
    }

    /// What the signer leaves out: how many certificates, and the first few by subject.
    static func omissionNote(_ subjects: [String]) -> String? {
        guard !subjects.isEmpty else { return nil }
        let shown = 3
        let named = subjects.prefix(shown).joined(separator: "; ")
        let more = subjects.count > shown ? "; and \(subjects.count - shown) more" : ""
        let count =
            subjects.count == 1
            ? "1 of the certificates given does not chain the signer's certificate and is"
            : "\(subjects.count) of the certificates given do not chain the signer's certificate and are"
        return "\(count) left out of the signature (\(named)\(more))"
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
