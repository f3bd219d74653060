public import Foundation
internal import InvoiAssets
internal import InvoiDocument
internal import InvoiEInvoice
internal import InvoiLocalization
public import InvoiModel
internal import InvoiRender
internal import InvoiText

/// Renders invoices in process to the bytes `invoi render` writes: the same layout, the same
/// backends, the same bytes for the same invoice, options and creation date.
///
/// Making a renderer loads the fonts; keep one for the life of the program and use it from
/// any number of threads.
///
/// ```swift
/// import InvoiKit
///
/// let renderer = try InvoiceRenderer()
/// let pdf = try renderer.render(json: Data(contentsOf: invoiceURL))
/// try pdf.files[0].bytes.write(to: URL(fileURLWithPath: pdf.files[0].name))
///
/// let preview = try renderer.render(.sample, options: RenderOptions(format: .txt, columns: 80))
/// print(String(decoding: preview.files[0].bytes, as: UTF8.self))
/// ```
public struct InvoiceRenderer: Sendable {
    private let renderer: Renderer
    private let validator = InvoiceValidator()

    /// invoi's version, written into documents as their creator.
    public static let version = InvoiVersion.current

    /// A renderer over the system's fonts: JetBrains Mono, DejaVu and fontconfig's fallbacks,
    /// or `fontFamily` first (`--font`).
    public init(fontFamily: String? = nil) throws(InvoiError) {
        var fonts = FontConfiguration.system
        if let fontFamily { fonts.primaryFamily = fontFamily }
        do {
            renderer = try Renderer(fonts: fonts)
        } catch {
            throw .fontsUnavailable("\(error)")
        }
    }

    /// The invoice in `json` rendered as `options` ask. A relative `logo` path is read from
    /// `logoDirectory`, else from the current directory. `json` may also be a received
    /// e-invoice, told by its content: CII or UBL XML, or a PDF that embeds one.
    ///
    /// - Throws: ``InvoiError/invalidInvoice(_:)`` with every problem by JSON path when the
    ///   JSON, its logo or the e-invoice profile's requirements are not met;
    ///   ``InvoiError/invalidOption(_:)`` for an option out of range.
    public func render(
        json: Data, options: RenderOptions = RenderOptions(), logoDirectory: URL? = nil
    )
        throws(InvoiError) -> RenderedInvoice
    {
        try check(options)
        switch validator.decode(json, logoDirectory: logoDirectory) {
        case .decoded(let invoice, let warnings):
            return try render(invoice, options: options, warnings: warnings)
        case .failed(let error):
            throw .invalidInvoice(error.errors.map(InvoiceProblem.init))
        }
    }

    /// `invoice` rendered as `options` ask.
    ///
    /// - Throws: ``InvoiError/invalidInvoice(_:)`` when its logo cannot be used or it lacks
    ///   what the e-invoice profile requires; ``InvoiError/invalidOption(_:)`` for an option
    ///   out of range.
    public func render(
        _ invoice: Invoice, options: RenderOptions = RenderOptions()
    ) throws(InvoiError)
        -> RenderedInvoice
    {
        try check(options)
        return try render(invoice, options: options, warnings: [])
    }

    private func render(
        _ invoice: Invoice, options: RenderOptions, warnings: [InvoiceProblem]
    ) throws(InvoiError)
        -> RenderedInvoice
    {
        var settings = settings(for: options)
        do {
            // An invoice's theme file is read once for this render.
            settings =
                try ThemeChoice(theme: options.theme, design: options.design, paperIsGiven: options.paperIsGiven)
                .settings(settings, for: invoice, files: ThemeFiles()).settings
        } catch {
            throw .invalidInvoice(Self.problems(of: error))
        }
        do {
            let missing = try renderer.eInvoiceProblems(of: invoice, settings: settings)
            if !missing.isEmpty {
                throw InvoiError.invalidInvoice(
                    missing.map { InvoiceProblem(severity: .error, path: $0.path, message: $0.message) })
            }
            let target = MemoryTarget()
            let uncovered = try renderer.render(invoice, settings: settings, to: target)
            let contents: [Data] =
                switch target.output {
                case .document(let data): [data]
                case .pages(let pages): pages
                }
            let names = OutputName.fileNames(
                base: OutputName.base(for: invoice), fileExtension: options.format.fileExtension, count: contents.count)
            return RenderedInvoice(
                format: options.format,
                files: zip(names, contents).map { RenderedFile(name: $0, bytes: $1) },
                warnings: warnings + uncovered.map(Self.uncoveredWarning))
        } catch let error as InvoiError {
            throw error
        } catch let error as LogoError {
            throw .invalidInvoice([InvoiceProblem(severity: .error, path: "logo", message: error.description)])
        } catch {
            throw .renderingFailed("\(error)")
        }
    }

    /// The bounds and combinations `invoi render` checks before any work.
    private func check(_ options: RenderOptions) throws(InvoiError) {
        guard RenderOptionBounds.columns.contains(options.columns) else {
            throw .invalidOption("columns must be from 20 to 1000 (got \(options.columns))")
        }
        guard RenderOptionBounds.dotsPerInch.contains(options.dotsPerInch) else {
            throw .invalidOption("dotsPerInch must be from 18 to 600 (got \(options.dotsPerInch))")
        }
        if let language = options.language, Language(tag: language) == nil {
            throw .invalidOption("language: " + LanguageProblem.unknown(language))
        }
        if let locale = options.locale, let problem = LocaleIdentifier.problem(with: locale) {
            throw .invalidOption("locale: " + problem)
        }
        do {
            _ = try EInvoiceTarget(
                format: OutputFormat(options.format), profile: options.profile.map(EInvoiceProfile.init))
        } catch {
            throw .invalidOption("profile: \(error)")
        }
    }

    private func settings(for options: RenderOptions) -> RenderSettings {
        RenderSettings(
            format: OutputFormat(options.format), paper: PaperSize(options.paper), locale: options.locale,
            language: options.language,
            output: OutputOptions(
                dpi: options.dotsPerInch, columns: options.columns, usesColor: options.usesColor,
                creator: "invoi \(InvoiVersion.current)", bidi: BidiOrder(options.textOrder)),
            creationDate: options.creationDate ?? .documentCreationDate(), accent: options.accent,
            profile: options.profile.map(EInvoiceProfile.init), digits: options.digits)
    }

    /// A theme file's problems, at the invoice's `theme`, each naming the file and its path.
    private static func problems(of error: ThemeFileError) -> [InvoiceProblem] {
        switch error {
        case .unreadable(let path, let reason):
            return [InvoiceProblem(severity: .error, path: "theme", message: "\(path): \(reason)")]
        case .invalid(let invalid):
            return invalid.diagnostics.map {
                InvoiceProblem(
                    severity: $0.severity == .error ? .error : .warning, path: "theme",
                    message: ($0.path.isEmpty ? $0.file : "\($0.file): \($0.path)") + ": " + $0.message)
            }
        }
    }

    private static func uncoveredWarning(_ scalar: Unicode.Scalar) -> InvoiceProblem {
        let code = "U+" + String(scalar.value, radix: 16, uppercase: true)
        return InvoiceProblem(
            severity: .warning, path: "", message: "no installed font has \(code); it is drawn as a box")
    }
}

/// An invoice rendered by an ``InvoiceRenderer``.
public struct RenderedInvoice: Sendable {
    /// The format the files are in.
    public let format: RenderOptions.Format
    /// One file, or one per page for png and svg, named as `invoi render` names them
    /// (`INV-0001 - Acme Studio.pdf`, `… -1.png`, `… -2.png`).
    public let files: [RenderedFile]
    /// What is probably not as its author meant: the JSON's warnings (an unknown field), and
    /// characters no installed font has.
    public let warnings: [InvoiceProblem]
}

/// One file of a rendered invoice.
public struct RenderedFile: Hashable, Sendable {
    /// The file name `invoi render --out-dir` would give it.
    public let name: String
    /// The file's contents.
    public let bytes: Data
}

/// Why an invoice was not rendered.
public enum InvoiError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The invoice cannot be rendered as asked: its JSON has errors, its logo cannot be used,
    /// or it lacks what the e-invoice profile requires. Every problem names its JSON path.
    case invalidInvoice([InvoiceProblem])
    /// An option is out of range, unknown (a language invoi has no words for), or does not go
    /// with the format (a profile for a page format).
    case invalidOption(String)
    /// No font of the family chain could be loaded.
    case fontsUnavailable(String)
    /// The render failed for another reason: a bug in invoi or a failure of a library under it.
    case renderingFailed(String)

    /// The problem, or every problem on a line of its own.
    public var description: String {
        switch self {
        case .invalidInvoice(let problems): problems.map(\.description).joined(separator: "\n")
        case .invalidOption(let message), .fontsUnavailable(let message), .renderingFailed(let message): message
        }
    }
}
