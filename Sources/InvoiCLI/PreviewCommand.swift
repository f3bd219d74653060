import ArgumentParser
import Foundation
import InvoiAssets
import InvoiCharacters
import InvoiDocument
import InvoiModel
import InvoiRender
import InvoiText

#if canImport(Glibc)
    import Glibc
#endif

struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        _superCommandName: InvoiCommand.configuration.commandName ?? "invoi",
        abstract: "Show an invoice as text in the terminal; --watch redraws it on every save."
    )

    @Argument(
        help:
            "The invoice: invoi's JSON, an e-invoice's XML or a PDF that embeds one ('-' reads standard input, without --watch)."
    )
    var input: String

    @Flag(help: "Re-render whenever the file is saved; Ctrl-C quits.")
    var watch = false

    @Option(help: "Columns, 20 to 1000 (default: the terminal's width, else 100).")
    var width: Int?

    @Option(help: "auto, always or never.")
    var color: ColorMode = .auto

    @Option(help: "a4 or letter (default: the theme's, else a4).")
    var paper: PaperSize?

    @Option(help: ThemeArguments.themeHelp)
    var theme: String?

    @Option(help: ThemeArguments.designHelp)
    var design: String?

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

    @Option(name: .customLong("extract-attachments"), help: ExtractionArgument.help)
    var extractAttachments: String?

    func validate() throws {
        _ = try AccentArgument.parse(accent)
        try LanguageArguments.check(language: language, locale: locale)
        _ = try LanguageArguments.digits(digits)
        _ = try CopyMarkArgument.parse(copyMark)
        _ = try ThemeArguments.reference(theme)
        _ = try ThemeArguments.design(design)
        try OptionBounds.check(width: width)
        if watch && input == "-" { throw ValidationError("--watch needs a file to watch, not standard input") }
        if watch && extractAttachments != nil {
            throw ValidationError("--extract-attachments extracts once: leave out --watch")
        }
    }

    func run() throws {
        try CLIFailure.reporting(runReporting)
    }

    private func runReporting() throws {
        let terminal = TerminalInfo.current()
        let themeFiles = ThemeFiles()
        let themes = try ThemeArguments.choice(
            theme: theme, design: design, paperIsGiven: paper != nil, files: themeFiles)
        let renderer: Renderer
        do {
            renderer = try Renderer(fonts: .system)
        } catch {
            throw CLIFailure(.unavailable, "\(error)")
        }
        let settings = RenderSettings(
            format: .txt, paper: paper ?? .a4, locale: locale, language: language,
            output: OutputOptions(
                columns: width ?? terminal.columns.map(OptionBounds.clamped(columns:)) ?? 100,
                usesColor: terminal.usesColor(color), bidi: bidi),
            accent: try AccentArgument.parse(accent), digits: try LanguageArguments.digits(digits),
            copyMark: try CopyMarkArgument.parse(copyMark), paymentQR: paymentQR)
        guard watch else {
            let extraction = extractAttachments.map(AttachmentExtraction.init(directory:))
            try extraction?.prepare()
            var job = RenderJob(
                renderer: renderer, settings: settings, themes: themes, themeFiles: themeFiles, signer: nil,
                sources: SourceStream(sample: false, inputs: InputList([input])),
                destination: .standardOutput, naming: .invoice, jobs: 1, terminal: terminal)
            job.extraction = extraction
            let status = job.run()
            if status != .ok { throw ExitCode(status.processStatus) }
            return
        }
        Watcher(
            path: input, renderer: renderer, settings: settings, theme: theme, themes: themes, fixedWidth: width,
            terminal: terminal
        ).run()
    }
}

/// `preview --watch`: polls the file (editors often save by replacing it, which inotify on
/// the old inode would miss), redraws after ~100 ms of quiet, and keeps the last good
/// render on screen with the error beneath it while the file is briefly invalid.
struct Watcher {
    let path: String
    let renderer: Renderer
    var settings: RenderSettings
    /// `--theme` as given: its file is read anew at each redraw, as the invoice's theme is.
    let theme: String?
    let themes: ThemeChoice
    let fixedWidth: Int?
    let terminal: TerminalInfo

    func run() -> Never {
        // Screen control only on a terminal; the status line's colour only where colour is wanted.
        let controlsScreen = terminal.stdoutIsTerminal
        let colored = settings.output.usesColor
        // A plain signal handler, not a dispatch source on the main queue: it ends the watch
        // even while the main queue is busy. It shows the cursor again and leaves the last
        // render on screen (write and _exit are safe in a signal handler).
        var action = sigaction()
        if controlsScreen {
            action.__sigaction_handler.sa_handler = { _ in
                let text: StaticString = "\u{1B}[?25h\n"
                _ = Glibc.write(STDOUT_FILENO, text.utf8Start, text.utf8CodeUnitCount)
                _exit(0)
            }
        } else {
            action.__sigaction_handler.sa_handler = { _ in
                let text: StaticString = "\n"
                _ = Glibc.write(STDOUT_FILENO, text.utf8Start, text.utf8CodeUnitCount)
                _exit(0)
            }
        }
        sigemptyset(&action.sa_mask)
        sigaction(SIGINT, &action, nil)
        sigaction(SIGTERM, &action, nil)
        if controlsScreen { AtomicFile.writeAll("\u{1B}[?25l", to: STDOUT_FILENO) }

        var lastGood: String?
        // Nil until the first look: a file that does not exist yet is shown as missing at once.
        var lastStamp: FileStamp??
        var pendingSince: ContinuousClock.Instant?
        let timer = DispatchSource.makeTimerSource(queue: .main)
        timer.schedule(deadline: .now(), repeating: .milliseconds(25))
        var settings = self.settings
        timer.setEventHandler {
            let stamp = FileStamp(path: path)
            if lastStamp == nil || stamp != lastStamp! {
                lastStamp = stamp
                pendingSince = .now
                return
            }
            guard let since = pendingSince, ContinuousClock.now - since >= .milliseconds(100) else { return }
            pendingSince = nil
            if fixedWidth == nil, let columns = TerminalInfo.current().columns {
                settings.output.columns = OptionBounds.clamped(columns: columns)
            }
            let (text, problem) = render(settings: settings)
            if let text { lastGood = text }
            var screen = (controlsScreen ? "\u{1B}[H\u{1B}[2J" : "") + (lastGood ?? "")
            if let problem { screen += "\n" + problem }
            let time = Date().formatted(.dateTime.hour().minute().second())
            let status = "watching \(Diagnostic.printable(path)) · \(time) · Ctrl-C to quit"
            screen += "\n" + (colored ? "\u{1B}[90m\(status)\u{1B}[0m" : status) + (controlsScreen ? "" : "\n")
            AtomicFile.writeAll(screen, to: STDOUT_FILENO)
        }
        timer.resume()
        dispatchMain()
    }

    /// The preview text, or the problems that kept it from rendering.
    private func render(settings: RenderSettings) -> (String?, String?) {
        do {
            // Only a regular file: opening a FIFO or a terminal device would wait for a writer.
            let data = try InputFile.read(path, regularOnly: true)
            let (invoice, decodingWarnings) = try InvoiceInput(decoder: InvoiceDecoder(today: .today()))
                .readReporting(data, file: path, baseDirectory: InvoiceSource.file(path).baseDirectory)
            // The theme files are read anew at each redraw: an edited theme shows at the next save.
            let files = ThemeFiles()
            var themes = self.themes
            let themed: (settings: RenderSettings, warnings: [Diagnostic])
            do {
                if let reference = try ThemeArguments.reference(theme) {
                    themes.theme = try ThemeChoice.theme(reference, files: files).theme
                }
                themed = try themes.settings(settings, for: invoice, files: files)
            } catch let error as ThemeFileError {
                throw CLIFailure(error, invoice: path)
            }
            let settings = themed.settings
            let warnings = decodingWarnings + themed.warnings
            let output = try renderer.render(invoice, settings: settings)
            guard case .document(let bytes) = output else { return (nil, "invoi: error: no preview") }
            // A payment code its scheme refuses is left out of the preview: say why.
            let refused = renderer.paymentProblems(of: invoice, settings: settings).map {
                Diagnostic(severity: .error, file: path, path: $0.path, message: $0.message).description
            }
            let notes = (warnings.map(\.description) + refused).joined(separator: "\n")
            return (String(decoding: bytes, as: UTF8.self), notes.isEmpty ? nil : notes)
        } catch let failure as CLIFailure {
            if !failure.diagnostics.isEmpty {
                return (nil, failure.diagnostics.map(\.description).joined(separator: "\n"))
            }
            return (nil, "invoi: error: " + Diagnostic.printable(failure.message))
        } catch let invalid as InvoiceDecodingError {
            return (nil, invalid.diagnostics.map(\.description).joined(separator: "\n"))
        } catch let logo as LogoError {
            return (nil, "invoi: error: " + Diagnostic.printable(CLIFailure(logo, invoice: path).message))
        } catch {
            return (nil, "invoi: error: " + Diagnostic.printable("\(error)"))
        }
    }
}
