import Foundation
import InvoiAssets
import InvoiDocument
import InvoiModel
import InvoiPayment
import InvoiRender
import InvoiSigning

/// A rendered file, ready to send.
struct RenderedFile: Sendable {
    var bytes: Data
    var format: OutputFormat
    /// The name `invoi render --out-dir` would give it (OutputName's rule).
    var fileName: String
    /// Pages of a PNG or SVG render; nil for the other formats.
    var pageCount: Int?
    /// What `invoi render` warns of: a received invoice's figures that disagree.
    var warnings: [String] = []
}

/// What a worker does with one request's body: decode and check the invoice as `invoi
/// render` does, then render it. Runs on a worker thread only.
struct InvoiceRendering: Sendable {
    let renderer: Renderer
    /// Where relative logo paths are looked up; nil refuses invoices with a logo (a client
    /// must not make the server read its files).
    let logoDirectory: String?
    /// Signs the PDFs of requests that ask (`sign=true`); nil on a server with no key.
    let signer: PDFSigner?
    /// The themes `?theme=` names.
    var themes = ThemeLibrary()

    private static let stopped = APIError(
        .serviceUnavailable, "the render was stopped: its request timed out, or the server is shutting down")

    /// The file for `body`; `isAbandoned` turns true once the request has been answered
    /// without it (the render then stops at its next file or write).
    func render(
        _ body: Data, query: RenderQuery, creationDate: Date, isAbandoned: @escaping @Sendable () -> Bool
    ) -> Result<RenderedFile, APIError> {
        var settings = query.settings(creationDate: creationDate)
        settings.isSigned = query.sign && signer != nil
        let invoice: Invoice
        do {
            invoice = try decode(body, kind: query.body)
        } catch {
            return .failure(error)
        }
        // Decoding a long invoice takes a while: nobody may be waiting any more.
        if isAbandoned() { return .failure(Self.stopped) }
        let choice = ThemeChoice(
            theme: query.theme.flatMap { themes.themes[$0] }, design: query.design, paperIsGiven: query.paperIsGiven)
        do {
            // No file is read: an invoice naming a theme file was refused as it was decoded.
            settings = try choice.settings(settings, for: invoice, files: ThemeFiles()).settings
        } catch {
            return .failure(
                APIError(.internalServerError, "could not resolve the theme (\(error)); this is a bug in invoi"))
        }
        do {
            let missing = try renderer.eInvoiceProblems(of: invoice, settings: settings)
            if !missing.isEmpty {
                return .failure(
                    APIError(
                        .unprocessableContent,
                        "the invoice cannot be written as \(query.format.rawValue) in "
                            + "\((query.profile ?? .en16931).name): every missing or invalid field is listed",
                        problems: missing.map { .init(path: $0.path, message: $0.message) }))
            }
        } catch {
            return .failure(.badParameter("profile", "\(error)"))
        }
        let paymentProblems = renderer.paymentProblems(of: invoice, settings: settings)
        if !paymentProblems.isEmpty {
            return .failure(
                APIError(
                    .unprocessableContent,
                    "the invoice cannot carry its payment QR code: every missing or invalid field is listed",
                    problems: paymentProblems.map { .init(path: $0.path, message: $0.message) }))
        }
        let target = RequestTarget(page: query.page, isAbandoned: isAbandoned)
        do {
            _ = try renderer.render(invoice, settings: settings, signedBy: query.sign ? signer : nil, to: target)
        } catch let logo as LogoError {
            // The path as the client wrote it, never the server's directory.
            let written = Excerpt.of(invoice.logo?.path ?? "")
            let message =
                switch logo {
                case .unreadable(_, let reason): "'\(written)' cannot be read (\(Excerpt.of(reason)))"
                case .undecodable(_, let reason): "'\(written)': \(Excerpt.of(reason, limit: 200))"
                }
            return .failure(
                APIError(
                    .unprocessableContent, "the logo cannot be used", problems: [.init(path: "logo", message: message)])
            )
        } catch let theme as ThemeProblems {
            return .failure(
                APIError(
                    .unprocessableContent, "the theme cannot be printed readably: every problem is listed",
                    problems: theme.problems.map { .init(path: "theme." + $0.path, message: $0.message) }))
        } catch  where target.stopped != nil {
            // The page asked for is written, or there is no such page, or nobody waits.
        } catch {
            return .failure(APIError(.internalServerError, "could not render (\(error)); this is a bug in invoi"))
        }
        if target.stopped == .abandoned { return .failure(Self.stopped) }
        guard let bytes = target.bytes, let pageCount = target.pageCount else {
            let count = target.pageCount ?? 0
            return .failure(
                .badParameter("page", "the invoice has \(count) page\(count == 1 ? "" : "s") (got \(query.page))"))
        }
        let base = OutputName.base(for: invoice)
        let fileExtension = query.format.fileExtension
        let warnings = invoice.received?.disagreements.map(\.description) ?? []
        guard target.isPaged else {
            return .success(
                RenderedFile(
                    bytes: bytes, format: query.format,
                    fileName: OutputName.fileNames(base: base, fileExtension: fileExtension, count: 1)[0],
                    warnings: warnings))
        }
        let names = OutputName.fileNames(base: base, fileExtension: fileExtension, count: pageCount)
        return .success(
            RenderedFile(
                bytes: bytes, format: query.format, fileName: names[query.page - 1], pageCount: pageCount,
                warnings: warnings))
    }

    /// The invoice, or 400 for a body that is no JSON text (with its line and column) and 422
    /// for an invoice that is (every problem with its JSON path).
    private func decode(_ body: Data, kind: BodyKind) throws(APIError) -> Invoice {
        var invoice: Invoice
        do {
            // Logo paths resolve against the logo directory, or a directory that is never read.
            let decoder = InvoiceDecoder(today: .today())
            switch kind {
            case .json:
                invoice = try decoder.decode(body, file: "<request>", baseDirectory: logoDirectory ?? "/").invoice
            case .eInvoice:
                do {
                    invoice = try InvoiceInput(decoder: decoder).read(body, file: "<request>").invoice
                } catch let error as InvoiceDecodingError {
                    throw error
                } catch {
                    throw APIError(.unsupportedMediaType, "this server cannot read PDFs: \(error)")
                }
            }
        } catch let error as APIError {
            throw error
        } catch {
            let errors = (error as? InvoiceDecodingError)?.errors ?? []
            let syntaxName = InvoiceInput.kind(of: body) == .json ? "JSON" : "XML"
            if let syntax = errors.first, errors.count == 1, syntax.path.isEmpty, syntax.line != nil {
                let place =
                    syntax.line.map { line in " at line \(line)" + (syntax.column.map { ", column \($0)" } ?? "") }
                    ?? ""
                throw APIError(
                    .badRequest, "the body is not well-formed \(syntaxName)\(place): \(syntax.message)",
                    problems: [.init(path: "", message: syntax.message + place)])
            }
            throw APIError(
                .unprocessableContent, "the invoice is not valid",
                problems: errors.map { .init(path: $0.path, message: $0.message) })
        }
        if case .file = invoice.theme {
            throw APIError(
                .unprocessableContent, "the server reads no theme file an invoice names",
                problems: [
                    .init(
                        path: "theme",
                        message:
                            "give a design's name, or choose a theme of the server's with ?theme=NAME (GET /themes lists them)"
                    )
                ])
        }
        if let logo = invoice.logo {
            guard logoDirectory != nil else {
                throw APIError(
                    .unprocessableContent, "the server reads no logo files",
                    problems: [
                        .init(path: "logo", message: "this server takes no logo (it is started without --logo-dir)")
                    ])
            }
            func outside(_ problem: String) -> APIError {
                APIError(
                    .unprocessableContent, "the logo must be inside the server's logo directory",
                    problems: [.init(path: "logo", message: problem)])
            }
            if logo.path.hasPrefix("/") || logo.path.split(separator: "/").contains("..") {
                throw outside("give a path relative to the logo directory, without '..'")
            }
            // A symbolic link inside the directory may point out of it: the file's real path
            // must lie inside the directory's. The real path is what is read.
            if let directory = logoDirectory.flatMap(Self.realPath), let real = Self.realPath(logo.resolvedPath) {
                guard real.hasPrefix(directory.hasSuffix("/") ? directory : directory + "/") else {
                    let name = Excerpt.of(logo.path)
                    throw outside("'\(name)' points outside the logo directory, through a symbolic link")
                }
                invoice.logo?.resolvedPath = real
            }
        }
        return invoice
    }

    /// The path with every symbolic link resolved; nil when it does not exist.
    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
