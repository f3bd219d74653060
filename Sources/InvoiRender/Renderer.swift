import Foundation
import InvoiAssets
import InvoiCairo
import InvoiCharacters
import InvoiDocument
import InvoiEInvoice
import InvoiLayout
import InvoiModel
import InvoiText

/// What a render is asked for, beside the invoice itself.
public struct RenderSettings: Hashable, Sendable {
    public var format: OutputFormat
    public var paper: PaperSize
    /// Overrides the invoice's locale and its currency's conventional one (numbers).
    public var locale: String?
    /// Overrides the invoice's language (words and dates; `--language`).
    public var language: String?
    /// Overrides the invoice's digits (`--digits`).
    public var digits: Digits?
    /// What the chosen format's backend is given beside the document.
    public var output: OutputOptions
    /// The creation date written into the document (SOURCE_DATE_EPOCH, or now).
    public var creationDate: Date?
    /// Overrides the invoice's accent colour (`--accent`).
    public var accent: AccentColor?
    /// The e-invoice profile (`--profile`); nil is the format's default (EN 16931).
    public var profile: EInvoiceProfile?
    /// Overrides the invoice's copy mark (`--copy-mark`).
    public var copyMark: CopyMark?
    /// Whether the file will be signed: every page then says so in its bottom margin.
    public var isSigned = false
    /// Overrides the invoice's payment QR code scheme (`--payment-qr`).
    public var paymentQR: PaymentQRScheme?
    /// The design and theme, resolved (`ThemeChoice`); nil lays the invoice out as the app
    /// always has. Its labels go under the invoice's own.
    public var theme: Theme?

    public init(
        format: OutputFormat, paper: PaperSize = .a4, locale: String? = nil, language: String? = nil,
        output: OutputOptions = OutputOptions(), creationDate: Date? = nil, accent: AccentColor? = nil,
        profile: EInvoiceProfile? = nil, digits: Digits? = nil, copyMark: CopyMark? = nil, isSigned: Bool = false,
        paymentQR: PaymentQRScheme? = nil
    ) {
        self.profile = profile
        self.copyMark = copyMark
        self.isSigned = isSigned
        self.paymentQR = paymentQR
        self.digits = digits
        self.format = format
        self.paper = paper
        self.locale = locale
        self.language = language
        self.output = output
        self.creationDate = creationDate
        self.accent = accent
    }
}

/// The pipeline: invoice → layout → document → backend → bytes. One renderer is
/// made per process (it owns the fonts) and may be used from several threads.
public struct Renderer: Sendable {
    public let shaper: FontShaper
    /// The backends, with the resources they keep for the life of the renderer (Cairo's
    /// faces and their glyph caches serve every render, not just one).
    private let backends: BackendTable
    /// Logos decoded by this renderer, shared by all its renders.
    private let logos = LogoCache()

    public init(fonts: FontConfiguration) throws(FontError) {
        shaper = try FontShaper(configuration: fonts)
        backends = BackendTable(shaper: shaper)
    }

    public func document(for invoice: Invoice, settings: RenderSettings) throws -> Document {
        try layOut(invoice, settings: settings).document
    }

    /// The document, with the characters in it that no installed font covers (for one
    /// warning per render). Throws when the invoice's logo cannot be read or decoded.
    public func layOut(_ invoice: Invoice, settings: RenderSettings) throws -> LaidOutInvoice {
        let layout = layout(for: invoice, settings: settings)
        let content = try content(of: invoice, settings: settings, withDetails: layout.needsLineDetails)
        try checkTheme(of: layout, content: content, settings: settings)
        let plan = layout.plan(content)
        if settings.theme != nil, !plan.problems.isEmpty { throw ThemeProblems(problems: plan.problems) }
        try checkFonts(covering: plan.charactersNoFontCovers, settings: settings)
        let laidOut = layout.layOut(plan)
        var document = laidOut.document
        document.metadata.creationDate = settings.creationDate
        return LaidOutInvoice(document: document, uncoveredCharacters: laidOut.uncoveredCharacters)
    }

    /// Renders `invoice` into `target` a page at a time: laid out, drawn and written before
    /// the next page is laid out, so that memory does not grow with the number of pages.
    /// Returns the characters no installed font covers, for one warning.
    public func render(
        _ invoice: Invoice, settings: RenderSettings, to target: any OutputTarget
    ) throws -> [Unicode.Scalar] {
        if settings.format.isEInvoice { return try writeEInvoice(invoice, settings: settings, to: target) }
        if settings.format == .json {
            // invoi's JSON of the invoice (a received e-invoice converted): no page is drawn.
            try target.sink(forPage: nil, of: 1).write(Array(invoice.prettyPrintedJSON().utf8))
            return []
        }
        if settings.format == .pdf, let level = settings.output.pdfStandards.archivalLevel {
            return try writeArchival(invoice, level: level, settings: settings, to: target)
        }
        return try drawPages(of: invoice, settings: settings, to: target).uncoveredCharacters
    }

    /// Lays out, draws and writes each page in turn in `settings.format`; the document's
    /// metadata and the characters no installed font covers come back.
    func drawPages(
        of invoice: Invoice, settings: RenderSettings, to target: any OutputTarget,
        archive: ((DocumentMetadata) throws -> PDFArchive)? = nil
    ) throws -> (metadata: DocumentMetadata, uncoveredCharacters: [Unicode.Scalar]) {
        let layout = layout(for: invoice, settings: settings)
        let content = try content(of: invoice, settings: settings, withDetails: layout.needsLineDetails)
        try checkTheme(of: layout, content: content, settings: settings)
        let plan = layout.plan(content)
        // Before the first byte: a themed page draws no empty boxes and no table off the page.
        if settings.theme != nil, !plan.problems.isEmpty { throw ThemeProblems(problems: plan.problems) }
        try checkFonts(covering: plan.charactersNoFontCovers, settings: settings)
        var outline = plan.outline
        outline.metadata.creationDate = settings.creationDate
        var writer = try backends.writer(
            for: outline, as: settings.format, options: settings.output, archive: archive?(outline.metadata),
            to: target)
        try plan.forEachPage { try writer.write($0) }
        try writer.finish()
        return (outline.metadata, plan.uncoveredCharacters)
    }

    /// Every render's layout is made here, so the theme reaches every format and path. The
    /// invoice's (and `--accent`'s) accent is applied after the theme's: the invoice's win.
    func layout(for invoice: Invoice, settings: RenderSettings) -> InvoiceLayout {
        var layout = InvoiceLayout(shaper: shaper, paper: settings.paper)
        if let theme = settings.theme { layout = layout.themed(theme) }
        return layout.accented(settings.accent ?? invoice.accentColor)
    }

    /// A themed render's readability and fonts, before anything is drawn: every text colour
    /// against what is under it, the smallest text, the table's width, the window, and every
    /// font the theme names installed.
    private func checkTheme(of layout: InvoiceLayout, content: InvoiceContent, settings: RenderSettings) throws {
        guard let theme = settings.theme else { return }
        var problems = layout.readabilityProblems(of: content)
        let named: [(String, String)] =
            [
                ("fonts.body", theme.fonts.body), ("fonts.heading", theme.fonts.heading),
                ("fonts.numbers", theme.fonts.numbers),
            ]
            .compactMap { path, family in family.map { (path, $0) } }
            + Theme.Script.allCases.flatMap { script in
                (theme.fonts.fallbacks[script] ?? []).map { ("fonts.fallbacks.\(script.rawValue)", $0) }
            }
        for (path, family) in named where !shaper.hasFamily(family) {
            problems.append(
                ThemeProblem(
                    path: path,
                    message:
                        "no font family \"\(Diagnostic.printable(family))\" is installed (fc-list : family lists those that are)"
                ))
        }
        if !problems.isEmpty { throw ThemeProblems(problems: problems) }
    }

    /// A themed render with characters no font covers is refused, naming them: a theme is
    /// chosen, and its fonts (or the ones installed) must print the whole document.
    private func checkFonts(covering uncovered: [Unicode.Scalar], settings: RenderSettings) throws {
        guard settings.theme != nil, !uncovered.isEmpty else { return }
        let list = uncovered.map { String(format: "U+%04X", $0.value) }
        throw ThemeProblems(problems: [
            ThemeProblem(
                path: "fonts",
                message:
                    "no font the theme names or invoi has prints \(list.joined(separator: ", ")); name a font that covers them in fonts.fallbacks"
            )
        ])
    }

    /// The invoice's content with its logo decoded and its payment code encoded (callers check
    /// `paymentProblems` first: an invoice whose code cannot be made is shown without it).
    private func content(
        of invoice: Invoice, settings: RenderSettings, withDetails: Bool
    ) throws(LogoError) -> InvoiceContent {
        let logo = try invoice.logo.map { reference throws(LogoError) in try self.logo(reference) }
        var content: InvoiceContent
        let themeLabels = settings.theme?.labels ?? [:]
        if settings.digits != nil || settings.copyMark != nil || !themeLabels.isEmpty {
            var invoice = invoice
            if let digits = settings.digits { invoice.digits = digits }
            if let mark = settings.copyMark { invoice.copyMark = mark }
            invoice.labels = themeLabels.merging(invoice.labels) { _, own in own }
            content = InvoiceContent(
                invoice: invoice, locale: settings.locale, language: settings.language, logo: logo,
                isSigned: settings.isSigned, withDetails: withDetails)
        } else {
            content = InvoiceContent(
                invoice: invoice, locale: settings.locale, language: settings.language, logo: logo,
                isSigned: settings.isSigned, withDetails: withDetails)
        }
        if let scheme = paymentScheme(of: invoice, settings: settings),
            let matrix = paymentCode(of: invoice, settings: settings)
        {
            // A ZATCA code verifies the tax invoice; it pays nothing.
            let caption = content.wording[scheme == .zatca ? .scanToVerify : .scanToPay]
            let altText = "\(caption) (\(scheme.displayName))"
            if scheme == .swiss,
                let bill = Self.swissBill(
                    of: invoice, matrix: matrix, language: content.wording.language.code, altText: altText)
            {
                // The Swiss code has its own part at the foot of the last page, not Payment Details.
                content.swissBill = bill
            } else {
                content.paymentCode = PaymentCode(matrix: matrix, caption: caption, altText: altText)
            }
        }
        return content
    }

    /// The invoice's logo decoded (once per file for the life of the renderer).
    public func logo(_ reference: LogoReference) throws(LogoError) -> EmbeddedImage {
        guard let kind = reference.kind else {
            throw .undecodable(path: reference.resolvedPath, reason: "not a PNG, JPEG or SVG file name")
        }
        return try logos.image(at: reference.resolvedPath, format: ImageFormat(kind))
    }

    public func render(_ invoice: Invoice, settings: RenderSettings) throws -> RenderedOutput {
        try render(document(for: invoice, settings: settings), settings: settings)
    }

    public func render(_ document: Document, settings: RenderSettings) throws -> RenderedOutput {
        try backends.render(document, as: settings.format, options: settings.output)
    }

    /// Characters in the invoice's text that no installed font covers, for one warning per render.
    public func uncoveredCharacters(in document: Document) -> [Unicode.Scalar] {
        var seen = Set<Unicode.Scalar>()
        var result: [Unicode.Scalar] = []
        for page in document.pages {
            for op in page.textOps {
                for scalar in shaper.shapeLine(op.text, font: op.font, tracking: op.tracking).uncovered
                where seen.insert(scalar).inserted {
                    result.append(scalar)
                }
            }
        }
        return result
    }
}

extension Date {
    /// The creation date for documents: `SOURCE_DATE_EPOCH` when set (reproducible builds), else now.
    /// The variable is read with getenv: Foundation's environment is a dictionary of every variable,
    /// made anew at each reading.
    public static func documentCreationDate(
        sourceDateEpoch: String? = getenv("SOURCE_DATE_EPOCH").map { String(cString: $0) }
    ) -> Date {
        if let epoch = sourceDateEpoch.flatMap({ Int64($0.trimmingWhitespace()) }) {
            return Date(timeIntervalSince1970: TimeInterval(epoch))
        }
        return Date()
    }
}

/// An invoice laid out by a `Renderer`.
public struct LaidOutInvoice: Sendable {
    public var document: Document
    /// Characters in the document's text that no installed font covers, each once, in
    /// order of first appearance.
    public var uncoveredCharacters: [Unicode.Scalar]

    public init(document: Document, uncoveredCharacters: [Unicode.Scalar]) {
        self.document = document
        self.uncoveredCharacters = uncoveredCharacters
    }
}

/// What a theme asks of a render that a reader could not read, or fonts it lacks: found
/// before anything is written (exit 65, 422 from the server), each by the theme's key.
public struct ThemeProblems: Error, Sendable, CustomStringConvertible {
    public var problems: [ThemeProblem]

    public var description: String { problems.map(\.description).joined(separator: "\n") }
}
