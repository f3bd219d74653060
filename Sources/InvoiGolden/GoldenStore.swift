import Foundation
import InvoiAssets
import InvoiDocument
import InvoiModel
import InvoiRender
import Synchronization

/// Why a case cannot be recorded or compared; each kind has its exit status in the CLI.
public struct GoldenFailure: Error, Sendable, CustomStringConvertible {
    public enum Kind: Sendable {
        /// The invoice (or a golden file it needs) cannot be read.
        case unreadable
        /// The invoice does not decode, or a golden file is damaged or from a newer invoi.
        case corrupt
        /// A golden file cannot be written.
        case cannotWrite
        /// A tool a format needs is not installed (pdftotext for the PDF's text).
        case unavailable
    }

    public var kind: Kind
    public var message: String
    public var description: String { message }

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }
}

/// Outputs recorded beside ops.json, the page PNGs and preview.txt, which are always recorded.
public enum GoldenFormat: String, Codable, Hashable, Sendable, CaseIterable, Comparable {
    /// Each page as SVG (page-N.svg).
    case svg
    /// The PDF's text layer as poppler's pdftotext reads it (pdf.txt).
    case pdftext

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// How a golden was rendered; verify renders again with the same options.
public struct GoldenOptions: Codable, Hashable, Sendable {
    public var dpi: Double
    public var paper: String
    public var formats: [GoldenFormat]
    /// `--font`: the family tried before the built-in ones; nil for the default.
    public var font: String?
    /// Columns of preview.txt.
    public var previewWidth: Int

    public init(dpi: Double = 72, paper: PaperSize = .a4, formats: [GoldenFormat] = [], font: String? = nil) {
        self.dpi = dpi
        self.paper = paper.rawValue
        self.formats = Array(Set(formats)).sorted()
        self.font = font
        self.previewWidth = 100
    }

    var paperSize: PaperSize { PaperSize(rawValue: paper) ?? .a4 }
}

/// One font file a golden's pages are drawn with, as it was when recorded.
public struct FontFingerprint: Codable, Hashable, Sendable {
    /// The file's name, for messages.
    public var file: String
    public var path: String
    public var size: Int
    /// 64-bit FNV-1a of the whole file. A content hash, not size and modification time:
    /// goldens are recorded on one machine and verified on another (CI), where a font file
    /// installed from the same package has another mtime, and a font updated in place may
    /// keep its size.
    public var fnv1a64: String
}

/// `manifest.json` of a `NAME.golden` folder.
public struct GoldenManifest: Codable, Hashable, Sendable {
    /// The invoi that recorded it; a newer one's goldens are refused.
    public var invoi: String
    /// The date an invoice without dates was given (verify decodes with the same).
    public var today: String
    public var options: GoldenOptions
    public var pages: Int
    public var fonts: [FontFingerprint]

    static let fileName = "manifest.json"

    func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return ((try? encoder.encode(self)) ?? Data()) + Data("\n".utf8)
    }
}

/// What one invoice renders to, as a golden holds it.
public struct GoldenOutputs: Sendable {
    public var ops: Data
    public var pages: [Data]
    public var preview: Data
    public var svgPages: [Data]
    public var pdfText: Data?
    /// The font files the pages are drawn with.
    public var fontPaths: [String]

    /// The files of a golden folder and their bytes (without the manifest).
    var files: [(name: String, data: Data)] {
        var files: [(String, Data)] = [("ops.json", ops), ("preview.txt", preview)]
        files += pages.enumerated().map { ("page-\($0.offset + 1).png", $0.element) }
        files += svgPages.enumerated().map { ("page-\($0.offset + 1).svg", $0.element) }
        if let pdfText { files.append(("pdf.txt", pdfText)) }
        return files
    }
}

/// Renders invoices for goldens. Holds one renderer per font family (the fonts are opened once)
/// and each font file's fingerprint (each file read once).
public final class GoldenRenderer: Sendable {
    private let renderers = Mutex([String: Renderer]())
    private let fingerprints = Mutex([String: FontFingerprint?]())
    private let makeRenderer: @Sendable (String?) throws -> Renderer

    /// `makeRenderer` makes the renderer for a `--font` family (nil: the default families).
    public init(makeRenderer: @escaping @Sendable (String?) throws -> Renderer) {
        self.makeRenderer = makeRenderer
    }

    func renderer(font: String?) throws(GoldenFailure) -> Renderer {
        let key = font ?? ""
        if let renderer = renderers.withLock({ $0[key] }) { return renderer }
        do {
            let renderer = try makeRenderer(font)
            renderers.withLock { $0[key] = renderer }
            return renderer
        } catch {
            throw GoldenFailure(.unavailable, "cannot open the fonts: \(error)")
        }
    }

    /// Decodes the invoice file at `path` as of `today`.
    public func decode(_ data: Data, path: String, today: CalendarDate) throws(GoldenFailure) -> Invoice {
        do throws(InvoiceDecodingError) {
            return try InvoiceDecoder(today: today).decode(
                data, file: path, baseDirectory: GoldenCase.directory(of: path)
            ).invoice
        } catch {
            let shown = error.errors.prefix(5).map { diagnostic in
                [diagnostic.path.isEmpty ? nil : diagnostic.path, diagnostic.message].compactMap { $0 }
                    .joined(separator: ": ")
            }
            throw GoldenFailure(
                .corrupt,
                "the invoice no longer decodes: " + shown.joined(separator: "; ")
                    + (error.errors.count > 5 ? "; … (\(error.errors.count - 5) more)" : ""))
        }
    }

    /// Everything a golden holds, rendered from one layout of the invoice.
    public func render(_ invoice: Invoice, options: GoldenOptions) throws(GoldenFailure) -> GoldenOutputs {
        let renderer = try renderer(font: options.font)
        // The invoice's own design and theme, as a render resolves them; a golden is recorded
        // at its manifest's paper, which a theme's does not change.
        let theme: Theme?
        do {
            theme = try ThemeChoice(paperIsGiven: true).settings(
                RenderSettings(format: .ops, paper: options.paperSize), for: invoice, files: ThemeFiles()
            ).settings.theme
        } catch {
            switch error {
            case .unreadable(let path, let reason): throw GoldenFailure(.unreadable, "theme: \(path): \(reason)")
            case .invalid(let invalid):
                throw GoldenFailure(.corrupt, "theme: " + invalid.errors.map(\.description).joined(separator: "; "))
            }
        }
        func settings(_ format: OutputFormat) -> RenderSettings {
            var settings = RenderSettings(
                format: format, paper: options.paperSize,
                output: OutputOptions(
                    dpi: options.dpi, columns: options.previewWidth, usesColor: false, creator: "invoi"))
            settings.theme = theme
            return settings
        }
        func pages(_ output: RenderedOutput) -> [Data] {
            switch output {
            case .document(let data): [data]
            case .pages(let pages): pages
            }
        }
        do {
            let document = try renderer.document(for: invoice, settings: settings(.ops))
            var outputs = GoldenOutputs(
                ops: pages(try renderer.render(document, settings: settings(.ops))).first ?? Data(),
                pages: pages(try renderer.render(document, settings: settings(.png))),
                preview: pages(try renderer.render(document, settings: settings(.txt))).first ?? Data(),
                svgPages: [], pdfText: nil,
                fontPaths: Array(Set(document.pages.flatMap { $0.textOps.flatMap { $0.runs.map(\.font.path) } }))
                    .sorted())
            if options.formats.contains(.svg) {
                outputs.svgPages = pages(try renderer.render(document, settings: settings(.svg)))
            }
            if options.formats.contains(.pdftext) {
                let pdf = pages(try renderer.render(document, settings: settings(.pdf))).first ?? Data()
                outputs.pdfText = try PDFText.extract(from: pdf)
            }
            return outputs
        } catch let failure as GoldenFailure {
            throw failure
        } catch let error as LogoError {
            let kind: GoldenFailure.Kind =
                switch error {
                case .unreadable: .unreadable
                case .undecodable: .corrupt
                }
            throw GoldenFailure(kind, "logo: \(error.description(showing: Diagnostic.shortPath(error.path)))")
        } catch {
            throw GoldenFailure(.corrupt, "cannot render: \(error)")
        }
    }

    /// The font file as it is now (nil when it cannot be read), read once per renderer.
    func fingerprint(ofFontAt path: String) -> FontFingerprint? {
        if let known = fingerprints.withLock({ $0[path] }) { return known }
        var result: FontFingerprint?
        if let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped) {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            data.withUnsafeBytes { bytes in
                for byte in bytes {
                    hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
                }
            }
            result = FontFingerprint(
                file: (path as NSString).lastPathComponent, path: path, size: data.count,
                fnv1a64: String(hash, radix: 16))
        }
        fingerprints.withLock { $0[path] = result }
        return result
    }
}

/// The PDF's text layer, read by poppler's pdftotext (as the project's own goldens check it).
enum PDFText {
    static let tool = "/usr/bin/pdftotext"

    static func extract(from pdf: Data) throws -> Data {
        guard FileManager.default.isExecutableFile(atPath: tool) else {
            throw GoldenFailure(
                .unavailable, "--formats pdftext needs pdftotext (Debian package poppler-utils), which is not installed"
            )
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "invoi-golden-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("page.pdf")
        try pdf.write(to: input)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["-layout", "-enc", "UTF-8", input.path, "-"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw GoldenFailure(.unavailable, "pdftotext failed (status \(process.terminationStatus))")
        }
        return text
    }
}
