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

    @Argument(help: "The invoice JSON file ('-' reads standard input, without --watch).")
    var input: String

    @Flag(help: "Re-render whenever the file is saved; Ctrl-C quits.")
    var watch = false

    @Option(help: "Columns, 20 to 1000 (default: the terminal's width, else 100).")
    var width: Int?

    @Option(help: "auto, always or never.")
    var color: ColorMode = .auto

    @Option(help: "a4 or letter.")
    var paper: PaperSize = .a4

    @Option(help: AccentArgument.help)
    var accent: String?

    @Option(help: LanguageArguments.languageHelp)
    var language: String?

    @Option(help: LanguageArguments.localeHelp)
    var locale: String?

    @Option(help: LanguageArguments.bidiHelp)
    var bidi: BidiOrder = .visual

    func validate() throws {
        _ = try AccentArgument.parse(accent)
        try LanguageArguments.check(language: language, locale: locale)
        try OptionBounds.check(width: width)
        if watch && input == "-" { throw ValidationError("--watch needs a file to watch, not standard input") }
    }

    func run() throws {
        try CLIFailure.reporting(runReporting)
    }

    private func runReporting() throws {
        let terminal = TerminalInfo.current()
        let renderer: Renderer
        do {
            renderer = try Renderer(fonts: .system)
        } catch {
            throw CLIFailure(.unavailable, "\(error)")
        }
        let settings = RenderSettings(
            format: .txt, paper: paper, locale: locale, language: language,
            output: OutputOptions(
                columns: width ?? terminal.columns.map(OptionBounds.clamped(columns:)) ?? 100,
                usesColor: terminal.usesColor(color), bidi: bidi),
            accent: try AccentArgument.parse(accent))
        guard watch else {
            let status = RenderJob(
                renderer: renderer, settings: settings,
                sources: SourceStream(sample: false, inputs: InputList([input])),
                destination: .standardOutput, jobs: 1, terminal: terminal
            ).run()
            if status != .ok { throw ExitCode(status.rawValue) }
            return
        }
        Watcher(path: input, renderer: renderer, settings: settings, fixedWidth: width, terminal: terminal).run()
    }
}

/// `preview --watch`: polls the file (editors often save by replacing it, which inotify on
/// the old inode would miss), redraws after ~100 ms of quiet, and keeps the last good
/// render on screen with the error beneath it while the file is briefly invalid.
struct Watcher {
    let path: String
    let renderer: Renderer
    var settings: RenderSettings
    let fixedWidth: Int?
    let terminal: TerminalInfo

    func run() -> Never {
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        let interrupt = DispatchSource.makeSignalSource(signal: SIGINT, queue: .main)
        let terminate = DispatchSource.makeSignalSource(signal: SIGTERM, queue: .main)
        for source in [interrupt, terminate] {
            source.setEventHandler {
                // Show the cursor again and leave the last render on screen.
                FileHandle.standardOutput.write(Data("\u{1B}[?25h\n".utf8))
                exit(0)
            }
            source.resume()
        }
        FileHandle.standardOutput.write(Data("\u{1B}[?25l".utf8))

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
            var screen = "\u{1B}[H\u{1B}[2J" + (lastGood ?? "")
            if let problem { screen += "\n" + problem }
            let time = Date().formatted(.dateTime.hour().minute().second())
            screen += "\n\u{1B}[90mwatching \(Diagnostic.printable(path)) · \(time) · Ctrl-C to quit\u{1B}[0m"
            FileHandle.standardOutput.write(Data(screen.utf8))
        }
        timer.resume()
        dispatchMain()
    }

    /// The preview text, or the problems that kept it from rendering.
    private func render(settings: RenderSettings) -> (String?, String?) {
        do {
            let data = try InputFile.read(path)
            let (invoice, warnings) = try InvoiceDecoder(today: .today())
                .decode(data, file: path, baseDirectory: InvoiceSource.file(path).baseDirectory)
            let output = try renderer.render(invoice, settings: settings)
            guard case .document(let bytes) = output else { return (nil, "invoi: error: no preview") }
            let notes = warnings.map(\.description).joined(separator: "\n")
            return (String(decoding: bytes, as: UTF8.self), notes.isEmpty ? nil : notes)
        } catch let failure as CLIFailure {
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
