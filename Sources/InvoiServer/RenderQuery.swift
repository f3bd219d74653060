import Foundation
import InvoiDocument
import InvoiEInvoice
import InvoiLocalization
import InvoiModel
import InvoiRender

/// The query of `POST /render`: the CLI's render options, checked as its flags are
/// before the body is read. An unknown or out-of-range parameter is a 400
/// naming it.
struct RenderQuery: Sendable, Hashable {
    var format: OutputFormat = .pdf
    var paper: PaperSize = .a4
    var dotsPerInch: Double = 144
    var columns: Int = 100
    var language: String?
    var locale: String?
    var digits: Digits?
    var accent: AccentColor?
    var profile: EInvoiceProfile?
    var copyMark: CopyMark?
    var paymentQR: PaymentQRScheme?
    /// The page of a PNG or SVG to send, from 1.
    var page: Int = 1
    /// Whether to sign the PDF with the server's key.
    var sign = false
    /// `pdf-standard`: what the PDF claims (ua-1, a-3b, a-3a).
    var pdfStandards: PDFStandards = []
    /// Overrides the invoice's and the theme's design.
    var design: DesignName?
    /// A theme of the server's themes directory, by name.
    var theme: String?
    /// Whether `paper` was given: a theme's paper then gives way.
    var paperIsGiven = false

    /// Every parameter `POST /render` takes (the OpenAPI description lists the same).
    static let parameterNames = [
        "format", "paper", "dpi", "width", "language", "locale", "digits",
        "accent", "profile", "page", "copy-mark", "sign", "pdf-standard", "payment-qr", "design", "theme",
    ]

    init() {}

    init(parameters: [(name: String, value: String)]) throws(APIError) {
        var seen = Set<String>()
        for (name, value) in parameters {
            guard Self.parameterNames.contains(name) else {
                throw .badParameter(
                    Diagnostic.printable(String(name.prefix(80))),
                    "unknown; the parameters are " + Self.parameterNames.joined(separator: ", "))
            }
            guard seen.insert(name).inserted else { throw .badParameter(name, "given more than once") }
            try set(name, to: value)
        }
        if seen.contains("page"), format != .png, format != .svg {
            throw .badParameter("page", "only png and svg are sent a page at a time")
        }
        if sign, !format.isSignable {
            throw .badParameter("sign", "only pdf and facturx are signed (got format \(format.rawValue))")
        }
        do {
            _ = try EInvoiceTarget(format: format, profile: profile)
        } catch {
            throw .badParameter("profile", "\(error)")
        }
    }

    private mutating func set(_ name: String, to value: String) throws(APIError) {
        let shown = "\"" + Diagnostic.printable(String(value.prefix(80))) + "\""
        switch name {
        case "format":
            guard let format = OutputFormat(rawValue: value) else {
                throw .badParameter(
                    name, "\(shown) is no format; use " + OutputFormat.allCases.map(\.rawValue).joined(separator: ", "))
            }
            self.format = format
        case "paper":
            guard let paper = PaperSize(rawValue: value) else {
                throw .badParameter(name, "\(shown) is no paper size; use a4 or letter")
            }
            self.paper = paper
            paperIsGiven = true
        case "design":
            guard let design = DesignName(rawValue: value) else {
                throw .badParameter(
                    name, "\(shown) is no design; use " + DesignName.allCases.map(\.rawValue).joined(separator: ", "))
            }
            self.design = design
        case "theme":
            guard ThemeLibrary.isName(value) else {
                throw .badParameter(
                    name,
                    "\(shown) is no theme name: a name is letters, digits, _ and - (a theme of the server's themes directory, never a path); GET /themes lists them"
                )
            }
            theme = value
        case "dpi":
            let range = RenderOptionBounds.dotsPerInch
            guard let dpi = Double(value), range.contains(dpi) else {
                throw .badParameter(
                    name, "must be from \(Int(range.lowerBound)) to \(Int(range.upperBound)) (got \(shown))")
            }
            dotsPerInch = dpi
        case "width":
            let range = RenderOptionBounds.columns
            guard let columns = Int(value), range.contains(columns) else {
                throw .badParameter(
                    name, "must be from \(range.lowerBound) to \(range.upperBound) columns (got \(shown))")
            }
            self.columns = columns
        case "language":
            guard Language(tag: value) != nil else { throw .badParameter(name, LanguageProblem.unknown(value)) }
            language = value
        case "locale":
            if let problem = LocaleIdentifier.problem(with: value) { throw .badParameter(name, problem) }
            locale = value
        case "digits":
            guard let digits = Digits(rawValue: value) else {
                throw .badParameter(name, "\(shown) is no choice of digits; use latin or native")
            }
            self.digits = digits
        case "accent":
            guard let color = AccentColor(value) else {
                let themes = AccentColor.themes.map(\.name).joined(separator: ", ")
                throw .badParameter(name, "must be a hex colour #RRGGBB or one of \(themes) (got \(shown))")
            }
            accent = color
        case "profile":
            guard let profile = EInvoiceProfile(rawValue: value) else {
                throw .badParameter(
                    name,
                    "\(shown) is no profile; use " + EInvoiceProfile.allCases.map(\.rawValue).joined(separator: ", "))
            }
            self.profile = profile
        case "copy-mark":
            guard let mark = CopyMark(optionValue: value) else {
                throw .badParameter(name, "\(shown) is no copy mark; use \(CopyMark.optionValues)")
            }
            copyMark = mark
        case "sign":
            guard let sign = Bool(value) else { throw .badParameter(name, "must be true or false (got \(shown))") }
            self.sign = sign
        case "pdf-standard":
            switch PDFStandards.parse(value) {
            case .success(let standards): pdfStandards = standards
            case .failure(let error): throw .badParameter(name, "\(error)")
            }
        case "payment-qr":
            guard let scheme = PaymentQRScheme(rawValue: value) else {
                throw .badParameter(
                    name,
                    "\(shown) is no payment QR scheme; use "
                        + PaymentQRScheme.allCases.map(\.rawValue).joined(separator: ", "))
            }
            paymentQR = scheme
        default:  // "page"
            guard let page = Int(value), page >= 1 else {
                throw .badParameter(name, "must be a page number from 1 (got \(shown))")
            }
            self.page = page
        }
    }

    /// The settings `invoi render` would use for the same options, writing to a file (no
    /// colour in the text preview) at `creationDate`.
    func settings(creationDate: Date) -> RenderSettings {
        RenderSettings(
            format: format, paper: paper, locale: locale, language: language,
            output: OutputOptions(
                dpi: dotsPerInch, columns: columns, usesColor: false, creator: "invoi \(InvoiVersion.current)",
                bidi: .visual, pdfStandards: pdfStandards),
            creationDate: creationDate, accent: accent, profile: profile, digits: digits, copyMark: copyMark,
            paymentQR: paymentQR)
    }
}

extension OutputFormat {
    /// The `Content-Type` of a file in this format.
    var mediaType: String {
        switch self {
        case .pdf, .facturx: "application/pdf"
        case .png: "image/png"
        case .svg: "image/svg+xml"
        case .txt: "text/plain; charset=utf-8"
        case .ops, .json: "application/json"
        case .cii, .ubl: "application/xml"
        }
    }
}
