import ArgumentParser
import InvoiCharacters
import InvoiDocument
import InvoiEInvoice
import InvoiLocalization
import InvoiModel
import InvoiRender

// Values and descriptions spelled out: ArgumentParser's defaults derive them through
// `String(describing:)` and generic constraints, whose first use costs runtime
// conformance look-ups at every start of the process.
protocol NamedArgumentValue: ExpressibleByArgument, CaseIterable, RawRepresentable where RawValue == String {}

extension NamedArgumentValue {
    public init?(argument: String) { self.init(rawValue: argument) }
    public var defaultValueDescription: String { rawValue }
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
    public static var allValueDescriptions: [String: String] { [:] }
    public static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}

extension OutputFormat: NamedArgumentValue {}
extension EInvoiceProfile: NamedArgumentValue {}
extension PaperSize: NamedArgumentValue {}
extension BidiOrder: NamedArgumentValue {}
extension PaymentQRScheme: NamedArgumentValue {}

/// `--language` and `--locale`, checked as the invoice's fields are: an unknown one is a
/// usage error (64) naming it, never a silent fallback.
enum LanguageArguments {
    static let languageHelp = ArgumentHelp(
        "Language of the words and dates (BCP 47, e.g. he, de, pt-BR), overriding the invoice's; `invoi languages` lists them.",
        valueName: "tag")
    static let localeHelp = ArgumentHelp(
        "Locale for numbers — amounts and quantities (BCP 47, e.g. de-CH) — overriding the invoice's and the currency's.",
        valueName: "tag")
    static let digitsHelp = ArgumentHelp(
        "Digits of dates, amounts, quantities and page numbers, overriding the invoice's: latin, or native (the language's own; Persian documents' default).",
        valueName: "latin|native")
    static let bidiHelp = ArgumentHelp(
        "Right-to-left text in the preview: visual (for terminals that do not reorder: xterm, tmux) or terminal (logical order, for VTE, Konsole, mlterm)."
    )

    /// `--digits`, read as text and checked here: a choice type of its own made ArgumentParser
    /// look its conformances up at every start, a cost an English render paid for nothing.
    static func digits(_ text: String?) throws(ValidationError) -> Digits? {
        guard let text else { return nil }
        guard let digits = Digits(rawValue: text) else {
            throw ValidationError("--digits: \"\(text)\" is no choice of digits; use latin or native")
        }
        return digits
    }

    static func check(language: String?, locale: String?) throws(ValidationError) {
        if let language, Language(tag: language) == nil {
            throw ValidationError("--language: " + LanguageProblem.unknown(language))
        }
        if let locale, let problem = LocaleIdentifier.problem(with: locale) {
            throw ValidationError("--locale: " + problem)
        }
    }
}
/// `--color`: whether the text preview is coloured; `auto` is resolved against the terminal
/// and the environment (`TerminalInfo.usesColor`).
enum ColorMode: String, Hashable, Sendable, CaseIterable, NamedArgumentValue {
    case auto, always, never
}

/// `--name-by`: what names the files written into `--out-dir`.
enum OutputNaming: String, Hashable, Sendable, CaseIterable, NamedArgumentValue {
    /// "{invoiceNumber} - {fromName}", as a person files invoices.
    case invoice
    /// After the input: `a.json` → `a.pdf`; line N of `bills.jsonl` → `bills-N.pdf`, of standard
    /// input → `stdin-N.pdf`. For programs that render many invoices and must find each one's files.
    case input
}

/// `--accent COLOR`, read with the model's parser so that it accepts what `accentColor` does.
enum AccentArgument {
    static let help = ArgumentHelp(
        "Accent colour, overriding the invoice's: #RRGGBB or "
            + AccentColor.themes.map(\.name).joined(separator: ", ") + ".",
        valueName: "color")

    /// Nil when not given; a usage error naming the accepted forms when unreadable.
    static func parse(_ text: String?) throws(ValidationError) -> AccentColor? {
        guard let text else { return nil }
        guard let color = AccentColor(text) else {
            let themes = AccentColor.themes.map(\.name).joined(separator: ", ")
            throw ValidationError("--accent must be a hex colour #RRGGBB or one of \(themes) (got \"\(text)\")")
        }
        return color
    }
}

/// `--payment-qr SCHEME`.
enum PaymentQRArgument {
    static let help = ArgumentHelp(
        "Payment QR code, overriding the invoice's paymentQR: epc (SEPA GiroCode), swiss (QR-bill), zatca (Saudi Arabia), upi (India) or spayd (Czech QR Platba).",
        valueName: "scheme")
}

/// `--copy-mark`, read as text like `--digits` (no choice type for ArgumentParser to look up at start).
enum CopyMarkArgument {
    static let help = ArgumentHelp(
        "Print Original, Copy or Certified copy beside the title in the document's language, overriding the invoice's copyMark.",
        valueName: "original|copy|certified-copy")

    /// Nil when not given; a usage error naming the choices when unknown.
    static func parse(_ text: String?) throws(ValidationError) -> CopyMark? {
        guard let text else { return nil }
        guard let mark = CopyMark(optionValue: text) else {
            throw ValidationError("--copy-mark: \"\(text)\" is no copy mark; use \(CopyMark.optionValues)")
        }
        return mark
    }
}

/// `--theme NAME|FILE` and `--design NAME`, read as text like `--digits` and checked here.
enum ThemeArguments {
    static let themeHelp = ArgumentHelp(
        "A theme: a design's name or a theme file (.json), overriding the invoice's theme; `invoi theme check` checks one.",
        valueName: "name|file")
    static let designHelp = ArgumentHelp(
        "The design: classic, compact, band or letter (`invoi designs`), overriding the invoice's and the theme's.",
        valueName: "name")

    /// Nil when not given; a usage error naming the designs when unknown.
    static func design(_ text: String?) throws(ValidationError) -> DesignName? {
        guard let text else { return nil }
        guard let design = DesignName(rawValue: text) else {
            let names = DesignName.allCases.map(\.rawValue)
            let hint = KeySuggestion.closestValue(to: text, among: names).map { " — did you mean \($0)?" } ?? ""
            throw ValidationError(
                "--design: unknown design \"\(text)\"\(hint); use \(names.joined(separator: ", "))")
        }
        return design
    }

    /// Nil when not given; a usage error when it names neither a design nor a .json file.
    static func reference(_ text: String?) throws(ValidationError) -> ThemeReference? {
        guard let text else { return nil }
        switch ThemeReference.parse(text) {
        case .success(let reference): return reference
        case .failure(let problem): throw ValidationError("--theme: " + problem.message)
        }
    }

    /// `--theme`'s theme, read once for the whole run (its warnings printed); a file that
    /// cannot be read fails with 66, one that is no valid theme with its diagnostics and 65.
    static func load(_ text: String?, files: ThemeFiles) throws -> Theme? {
        guard let reference = try reference(text) else { return nil }
        do {
            let (theme, warnings) = try ThemeChoice.theme(reference, files: files)
            MessageLog(isTerminal: false).write(warnings)
            return theme
        } catch {
            throw CLIFailure(error, invoice: nil)
        }
    }

    /// The choice of a render command's options.
    static func choice(
        theme text: String?, design: String?, paperIsGiven: Bool, files: ThemeFiles
    ) throws
        -> ThemeChoice
    {
        ThemeChoice(
            theme: try load(text, files: files), design: try Self.design(design), paperIsGiven: paperIsGiven)
    }
}

/// `--extract-attachments DIR` of render, preview and check.
enum ExtractionArgument {
    static let help = ArgumentHelp(
        "Write the files a received e-invoice embeds (BG-24) into this directory (created if missing): safe names, nothing overwritten, nothing opened.",
        valueName: "dir")
}
