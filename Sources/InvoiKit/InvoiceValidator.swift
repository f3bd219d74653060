public import Foundation
internal import InvoiAssets
internal import InvoiDocument
internal import InvoiEInvoice
public import InvoiModel
internal import InvoiRender

/// Checks invoices as `invoi check` does: every problem of the JSON by its path, the logo read
/// and decoded, and optionally what an e-invoice profile's rules require.
///
/// ```swift
/// let report = InvoiceValidator().validate(json: data, profile: .xrechnung)
/// for problem in report.errors { print(problem) }   // toCountry: required for XRechnung: …
/// ```
public struct InvoiceValidator: Sendable {
    /// The issue date an invoice without one gets.
    private let today: CalendarDate

    /// A validator that gives an invoice without an issue date today's date.
    public init() {
        today = .today()
    }

    /// Every problem of the invoice in `json` (or in a received e-invoice's XML or PDF), with the
    /// e-invoice `profile`'s requirements when one is given. A relative `logo` path is read from `logoDirectory`, else from the
    /// current directory.
    public func validate(
        json: Data, profile: RenderOptions.Profile? = nil, logoDirectory: URL? = nil
    )
        -> ValidationReport
    {
        switch decode(json, logoDirectory: logoDirectory) {
        case .decoded(let invoice, let warnings):
            var problems = warnings
            if let logo = logoProblem(of: invoice) { problems.append(logo) }
            problems += profileProblems(of: invoice, profile: profile)
            return ValidationReport(invoice: invoice, problems: problems)
        case .failed(let error):
            // A profile's problems in the fields that did decode come with the decoding errors,
            // so that one report shows everything to fix.
            let partial = error.partial.map { profileProblems(of: $0, profile: profile) } ?? []
            return ValidationReport(invoice: nil, problems: error.diagnostics.map(InvoiceProblem.init) + partial)
        }
    }

    /// What decoding `json` gives: the invoice and its warnings (the JSON's, and the order its
    /// text is shown in), or every error. The logo is not read: a render reads it once.
    enum Decoding {
        case decoded(Invoice, warnings: [InvoiceProblem])
        case failed(InvoiceDecodingError)
    }

    /// `json` may also be a received e-invoice, told by its content: CII or UBL XML, or a PDF
    /// that embeds one; its stated figures that disagree are warnings.
    func decode(_ json: Data, logoDirectory: URL?) -> Decoding {
        do {
            let (invoice, warnings) = try InvoiceInput(decoder: InvoiceDecoder(today: today)).read(
                json, file: "", baseDirectory: logoDirectory?.path ?? FileManager.default.currentDirectoryPath)
            let review = DisplayOrderReview().warnings(for: invoice, file: "")
            return .decoded(invoice, warnings: (warnings + review).map(InvoiceProblem.init))
        } catch let error as InvoiceDecodingError {
            return .failed(error)
        } catch {
            // qpdf's library, which a PDF needs, is missing.
            return .failed(
                InvoiceDecodingError(diagnostics: [Diagnostic(severity: .error, file: "", message: "\(error)")]))
        }
    }

    /// Every problem of `invoice` itself (its logo, the order its text is shown in) and, when
    /// `profile` is given, what that profile's rules require of it.
    public func validate(_ invoice: Invoice, profile: RenderOptions.Profile? = nil) -> ValidationReport {
        var problems = DisplayOrderReview().warnings(for: invoice, file: "").map(InvoiceProblem.init)
        if let logo = logoProblem(of: invoice) { problems.append(logo) }
        problems += profileProblems(of: invoice, profile: profile)
        return ValidationReport(invoice: invoice, problems: problems)
    }

    /// The logo read and decoded as a render would: a file that cannot be used is an error at `logo`.
    private func logoProblem(of invoice: Invoice) -> InvoiceProblem? {
        guard let logo = invoice.logo else { return nil }
        guard let kind = logo.kind else {
            return InvoiceProblem(severity: .error, path: "logo", message: "not a PNG, JPEG or SVG file name")
        }
        do throws(LogoError) {
            _ = try LogoDecoder().decode(contentsOf: logo.resolvedPath, format: ImageFormat(kind))
            return nil
        } catch {
            return InvoiceProblem(severity: .error, path: "logo", message: error.description)
        }
    }

    /// What `profile` asks of the invoice.
    private func profileProblems(of invoice: Invoice, profile: RenderOptions.Profile?) -> [InvoiceProblem] {
        requirements(of: profile).map { errors($0.problems(of: invoice)) } ?? []
    }

    /// What `profile` asks of the fields that decoded, in a file that had errors.
    private func profileProblems(of partial: PartialInvoice, profile: RenderOptions.Profile?) -> [InvoiceProblem] {
        requirements(of: profile).map { errors($0.problems(of: partial)) } ?? []
    }

    /// Peppol BIS is UBL; every other profile is checked as CII, the syntax all of them have.
    private func requirements(of profile: RenderOptions.Profile?) -> EInvoiceRequirements? {
        profile.map(EInvoiceProfile.init).map {
            EInvoiceRequirements(profile: $0, syntax: EInvoiceSyntax.cii.accepts($0) ? .cii : .ubl)
        }
    }

    private func errors(_ problems: [EInvoiceProblem]) -> [InvoiceProblem] {
        problems.map { InvoiceProblem(severity: .error, path: $0.path, message: $0.message) }
    }
}

/// What an ``InvoiceValidator`` found.
public struct ValidationReport: Sendable {
    /// The decoded invoice; nil when the JSON has errors.
    public let invoice: Invoice?
    /// Every problem in the order found: the JSON's, the logo's, then the profile's.
    public let problems: [InvoiceProblem]

    /// The problems that keep the invoice from being rendered.
    public var errors: [InvoiceProblem] { problems.filter { $0.severity == .error } }
    /// The problems that do not.
    public var warnings: [InvoiceProblem] { problems.filter { $0.severity == .warning } }
    /// Whether the invoice can be rendered as validated (warnings allowed).
    public var isValid: Bool { errors.isEmpty }
}
