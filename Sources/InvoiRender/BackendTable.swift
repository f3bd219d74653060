import Foundation
import InvoiAssets
import InvoiCairo
import InvoiCharacters
import InvoiDocument
import InvoiFacturX
import InvoiSVG
import InvoiTerminal
import InvoiText

/// What a render may choose for each format. The table hands each backend its own part
/// (`PDFOptions`, `PNGOptions`, `TerminalOptions`), so callers need no backend module.
public struct OutputOptions: Hashable, Sendable {
    /// png: pixels per inch.
    public var dpi: Double
    /// txt: width of the character grid in columns.
    public var columns: Int
    /// txt: whether to write SGR colour (already resolved from `--color auto`).
    public var usesColor: Bool
    /// pdf: the creator string written in the metadata.
    public var creator: String
    /// txt: the order right-to-left text is written in (`--bidi`).
    public var bidi: BidiOrder
    /// pdf: tagged (the default); untagged only to measure what tagging costs.
    public var isTagged = true
    /// pdf, facturx: the standards the file claims (`--pdf-standard`).
    public var pdfStandards: PDFStandards = []

    /// Whether the PDF claims PDF/UA-1.
    var claimsPDFUA: Bool { pdfStandards.contains(.ua1) && isTagged }

    public init(
        dpi: Double = 144, columns: Int = 100, usesColor: Bool = false, creator: String = "invoi",
        bidi: BidiOrder = .visual, isTagged: Bool = true, pdfStandards: PDFStandards = []
    ) {
        self.isTagged = isTagged
        self.pdfStandards = pdfStandards
        self.dpi = dpi
        self.columns = columns
        self.usesColor = usesColor
        self.creator = creator
        self.bidi = bidi
    }
}

/// How the text preview writes right-to-left text (`--bidi`).
public enum BidiOrder: String, Hashable, Sendable, CaseIterable {
    /// In the order it is shown: for terminals that do not reorder (xterm, tmux, most).
    case visual
    /// In logical order, each line isolated: for terminals that apply the bidi algorithm
    /// themselves (VTE/GNOME Terminal, Konsole, mlterm).
    case terminal
}

/// The one table of backends: adding a format is a new backend module and one case here.
/// The only code that imports the backends.
struct BackendTable: Sendable {
    private let outlines: any GlyphOutlineProvider
    /// Shared by every PDF and PNG render of the table's owner, so that each font file is
    /// opened once, whatever the number of renders or threads.
    private let cairoFonts: CairoFontCache

    /// Backends drawing with the fonts `shaper` read: each font file is read once.
    init(shaper: FontShaper) {
        outlines = shaper
        cairoFonts = CairoFontCache(files: shaper.fontFiles)
    }

    /// A page writer of `format` into `target`.
    /// `archive` makes a PDF a PDF/A-3 as it is written.
    func writer(
        for outline: DocumentOutline, as format: OutputFormat, options: OutputOptions, archive: PDFArchive? = nil,
        to target: any OutputTarget
    ) throws -> any PageWriter {
        switch format {
        case .pdf:
            try PDFBackend(fonts: cairoFonts).writer(
                for: outline, options: options.pdfOptions(archive: archive), to: target)
        case .png:
            try PNGBackend(fonts: cairoFonts).writer(for: outline, options: PNGOptions(dpi: options.dpi), to: target)
        case .svg:
            try SVGBackend(outlines: outlines).writer(for: outline, options: NoOptions(), to: target)
        case .txt:
            try TerminalBackend().writer(for: outline, options: terminalOptions(options), to: target)
        case .ops:
            try OpsBackend().writer(for: outline, options: NoOptions(), to: target)
        case .cii, .ubl, .facturx, .json:
            throw BackendError("\(format.rawValue) is written from the invoice, not drawn from pages")
        }
    }

    private func terminalOptions(_ options: OutputOptions) -> TerminalOptions {
        TerminalOptions(
            columns: options.columns, usesColor: options.usesColor, writesLogicalOrder: options.bidi == .terminal)
    }

    func render(_ document: Document, as format: OutputFormat, options: OutputOptions) throws -> RenderedOutput {
        switch format {
        case .pdf:
            try PDFBackend(fonts: cairoFonts).render(document, options: options.pdfOptions)
        case .png:
            try PNGBackend(fonts: cairoFonts).render(document, options: PNGOptions(dpi: options.dpi))
        case .svg:
            try SVGBackend(outlines: outlines).render(document)
        case .txt:
            try TerminalBackend().render(
                document,
                options: TerminalOptions(
                    columns: options.columns, usesColor: options.usesColor,
                    writesLogicalOrder: options.bidi == .terminal))
        case .ops:
            try OpsBackend().render(document)
        case .cii, .ubl, .facturx, .json:
            throw BackendError("\(format.rawValue) is written from the invoice, not drawn from a document")
        }
    }

    /// Throws unless the backends can draw `svg` (librsvg parses it): a logo is checked
    /// when it is read, whatever the format, as `invoi check` promises.
    static func checkDrawable(_ svg: SanitizedSVG) throws(ImageDecodingFailure) {
        try svg.checkDrawable()
    }
}

/// Images invoi makes beside its pages, written by the png backend's encoder.
public enum PageImageFile {
    /// Opaque RGBA pixels (alpha ignored) as a PNG.
    public static func png(width: Int, height: Int, rgba: [UInt8]) throws -> Data {
        try encodeOpaquePNG(width: width, height: height, rgba: rgba)
    }
}

extension OutputOptions {
    /// The PDF backend's part.
    var pdfOptions: PDFOptions { pdfOptions(archive: nil) }

    func pdfOptions(archive: PDFArchive?) -> PDFOptions {
        PDFOptions(creator: creator, isTagged: isTagged, claimsPDFUA: claimsPDFUA, archive: archive)
    }
}

/// A standard a PDF claims to meet, as `--pdf-standard` names it (Typst's names).
public enum PDFStandard: String, Hashable, Sendable, CaseIterable {
    /// PDF/UA-1: tagged for assistive technology (`pdfuaid:part 1` in the XMP).
    case ua1 = "ua-1"
    /// PDF/A-3b: archival; the look is kept.
    case a3b = "a-3b"
    /// PDF/A-3a: archival and tagged (structure, reading order, text).
    case a3a = "a-3a"
}

/// The standards a PDF claims: a comma-separated list, as `--pdf-standard ua-1,a-3a`.
public struct PDFStandards: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let ua1 = PDFStandards(rawValue: 1)
    public static let a3b = PDFStandards(rawValue: 2)
    public static let a3a = PDFStandards(rawValue: 4)

    public init(_ standard: PDFStandard) {
        switch standard {
        case .ua1: self = .ua1
        case .a3b: self = .a3b
        case .a3a: self = .a3a
        }
    }

    /// The list's standards; the message names the first unknown one, or the conflict.
    public static func parse(_ list: String) -> Result<PDFStandards, PDFStandardsError> {
        var standards: PDFStandards = []
        for name in list.split(separator: ",", omittingEmptySubsequences: false) {
            let trimmed = String(name).trimmingWhitespace()
            guard let standard = PDFStandard(rawValue: trimmed) else {
                return .failure(.unknown(trimmed))
            }
            standards.insert(PDFStandards(standard))
        }
        if standards.contains(.a3a), standards.contains(.a3b) { return .failure(.twoArchivalLevels) }
        return .success(standards)
    }

    /// The PDF/A level asked for, if any.
    var archivalLevel: PDFALevel? {
        contains(.a3a) ? .a : contains(.a3b) ? .b : nil
    }
}

/// Why a `--pdf-standard` list is refused.
public enum PDFStandardsError: Error, Hashable, Sendable, CustomStringConvertible {
    case unknown(String)
    case twoArchivalLevels

    public var description: String {
        switch self {
        case .unknown(let name):
            "\(name.isEmpty ? "an empty name" : "'\(name)'") is no PDF standard; use "
                + PDFStandard.allCases.map(\.rawValue).joined(separator: ", ") + ", separated by commas"
        case .twoArchivalLevels: "a-3a and a-3b are two levels of the same standard: give one"
        }
    }
}
