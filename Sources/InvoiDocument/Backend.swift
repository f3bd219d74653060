import Foundation

/// The output formats, one per backend.
public enum OutputFormat: String, Hashable, Sendable, CaseIterable {
    case pdf, png, svg, txt, ops
    /// E-invoices (EN 16931): CII or UBL XML, and the PDF/A-3 with the CII inside (Factur-X).
    /// Written from the invoice and its totals, not drawn from the pages (but for Factur-X's page).
    case cii, ubl, facturx
    /// invoi's own invoice JSON, written from the invoice: a received e-invoice converted.
    case json

    public var fileExtension: String {
        switch self {
        case .txt: "txt"
        case .ops, .json: "json"
        case .cii, .ubl: "xml"
        case .facturx: "pdf"
        default: rawValue
        }
    }

    /// Whether the format is an e-invoice, written in a profile whose rules the invoice must meet.
    public var isEInvoice: Bool {
        switch self {
        case .cii, .ubl, .facturx: true
        case .pdf, .png, .svg, .txt, .ops, .json: false
        }
    }
}

/// What a backend makes: one file for the whole document, or one per page.
public enum RenderedOutput: Sendable {
    case document(Data)
    case pages([Data])
}

/// Where a backend writes bytes, as it makes them.
public protocol ByteSink: AnyObject {
    func write(_ bytes: UnsafeRawBufferPointer) throws
}

extension ByteSink {
    public func write(_ data: Data) throws {
        try data.withUnsafeBytes { try write($0) }
    }

    public func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try write($0) }
    }
}

/// Where a render's files go: one for the whole document (pdf, txt, ops), or one per page
/// (png, svg). Asked for each file in order, once; the number of pages is known before the
/// first, so that names (NAME.png or NAME-1.png …) and refusals come before any bytes.
public protocol OutputTarget: AnyObject {
    /// The file of the whole document (`page` nil) or of page `page` (from 0) of `pageCount`.
    func sink(forPage page: Int?, of pageCount: Int) throws -> any ByteSink
}

/// Where a page stands in a set of page files (PNG, SVG): each page of a set of more than
/// one carries it, so that a later render of the same name can tell the pages invoi wrote
/// from files of the same name that it did not (a one-page render carries none: it is no set).
public struct PagePosition: Hashable, Sendable {
    /// From 1.
    public let number: Int
    public let count: Int

    /// The keyword of the PNG `tEXt` chunk that holds `text`.
    public static let pngKeyword = "invoi:page"
    /// The attribute of an SVG page's root element that holds `text`.
    public static let svgAttribute = "data-invoi-page"

    /// Page `index` (from 0) of `count`; nil when there is only one page.
    public init?(index: Int, of count: Int) {
        guard count > 1, (0..<count).contains(index) else { return nil }
        number = index + 1
        self.count = count
    }

    /// Reads `text` back: "K/M" with 1 ≤ K ≤ M and M > 1, digits only.
    public init?(text: some StringProtocol) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2,
            parts.allSatisfy({ !$0.isEmpty && $0.count <= 9 && $0.allSatisfy { ("0"..."9").contains($0) } }),
            let number = Int(parts[0]), let count = Int(parts[1]), count > 1, (1...count).contains(number)
        else { return nil }
        self.number = number
        self.count = count
    }

    /// "K/M".
    public var text: String { "\(number)/\(count)" }
}

/// What a backend is told before the first page.
public struct DocumentOutline: Hashable, Sendable {
    public var metadata: DocumentMetadata
    public var pageCount: Int
    /// The size of the first page (a PDF surface is created with it).
    public var firstPageSize: Size

    public init(metadata: DocumentMetadata, pageCount: Int, firstPageSize: Size) {
        self.metadata = metadata
        self.pageCount = pageCount
        self.firstPageSize = firstPageSize
    }
}

/// Writes one document page by page: a long invoice is never held whole, in ops or in bytes.
public protocol PageWriter {
    mutating func write(_ page: Page) throws
    /// Completes the output after the last page.
    mutating func finish() throws
}

/// A backend turns a laid-out document into bytes, page by page. Backends never shape
/// text, and each declares the options its own format has (`PDFOptions`, `PNGOptions`,
/// `TerminalOptions`, …): the neutral document knows none of them.
public protocol Backend: Sendable {
    associatedtype Options: Sendable
    associatedtype Writer: PageWriter
    var format: OutputFormat { get }
    /// A writer for a document of `outline.pageCount` pages into `target`.
    func writer(for outline: DocumentOutline, options: Options, to target: any OutputTarget) throws -> Writer
}

extension Backend {
    /// The whole document in memory, through the same page-by-page writer (tests, goldens).
    public func render(_ document: Document, options: Options) throws -> RenderedOutput {
        let target = MemoryTarget()
        var writer = try writer(for: document.outline, options: options, to: target)
        for page in document.pages { try writer.write(page) }
        try writer.finish()
        return target.output
    }
}

extension Document {
    public var outline: DocumentOutline {
        DocumentOutline(
            metadata: metadata, pageCount: pages.count, firstPageSize: pages.first?.size ?? PaperSize.a4.size)
    }
}

/// Files kept in memory.
public final class MemoryTarget: OutputTarget {
    private final class Buffer: ByteSink {
        var data = Data()
        func write(_ bytes: UnsafeRawBufferPointer) throws { data.append(contentsOf: bytes) }
    }

    private var document: Buffer?
    private var pages: [Buffer] = []

    public init() {}

    public func sink(forPage page: Int?, of pageCount: Int) throws -> any ByteSink {
        let buffer = Buffer()
        if page == nil { document = buffer } else { pages.append(buffer) }
        return buffer
    }

    /// What was written: the document's file, or the pages' files.
    public var output: RenderedOutput {
        if let document { return .document(document.data) }
        return .pages(pages.map(\.data))
    }
}

/// The options of a format that has none to choose (svg, ops).
public struct NoOptions: Hashable, Sendable {
    public init() {}
}

public struct BackendError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
