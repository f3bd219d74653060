import CCairo
import Foundation
import InvoiDocument

/// What a PDF may be given beside the document.
public struct PDFOptions: Hashable, Sendable {
    /// The creator string written in the metadata ("invoi 1.2.0").
    public var creator: String

    public init(creator: String = "invoi") {
        self.creator = creator
    }
}

/// `--format pdf`: every page on one Cairo PDF surface, written to memory.
/// Text keeps its UTF-8 and clusters so it stays selectable and searchable;
/// fonts are embedded as subsets; email links become link annotations.
public struct PDFBackend: Backend {
    public typealias Options = PDFOptions

    public let fonts: CairoFontCache

    /// A backend drawing with `fonts`: pass every backend of a process the same cache,
    /// so that each font file is opened once however many backends are made.
    public init(fonts: CairoFontCache = CairoFontCache()) {
        self.fonts = fonts
    }

    public var format: OutputFormat { .pdf }

    public func render(_ document: Document, options: PDFOptions = PDFOptions()) throws -> RenderedOutput {
        guard let first = document.pages.first else { throw BackendError("pdf: the document has no pages") }
        for page in document.pages { try Self.checkSize(page.size) }

        let sink = ByteSink()
        let surface = CairoSurface(
            cairo_pdf_surface_create_for_stream(
                { closure, data, length in
                    guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
                    Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue().bytes
                        .append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                    return CAIRO_STATUS_SUCCESS
                },
                Unmanaged.passUnretained(sink).toOpaque(), first.size.width, first.size.height),
            dependency: sink)
        try surface.checkStatus("creating the PDF surface")
        setMetadata(document.metadata, creator: options.creator, on: surface)

        let context = CairoContext(drawingOn: surface)
        try context.checkStatus("creating the PDF context")
        let painter = PagePainter(context: context, fonts: fonts, target: .pdf)
        for page in document.pages {
            cairo_pdf_surface_set_size(surface.handle, page.size.width, page.size.height)
            try painter.paint(page.ops)
            cairo_show_page(context.handle)
            try context.checkStatus("finishing a page")
        }
        cairo_surface_finish(surface.handle)
        try surface.checkStatus("writing the PDF")
        return .document(Data(PDFLanguageUpdate.appending(to: sink.bytes, metadata: document.metadata)))
    }

    private func setMetadata(_ metadata: DocumentMetadata, creator: String, on surface: CairoSurface) {
        func set(_ key: cairo_pdf_metadata_t, _ value: String) {
            guard !value.isEmpty else { return }
            cairo_pdf_surface_set_metadata(surface.handle, key, value)
        }
        set(CAIRO_PDF_METADATA_TITLE, metadata.title)
        set(CAIRO_PDF_METADATA_AUTHOR, metadata.author)
        set(CAIRO_PDF_METADATA_SUBJECT, metadata.subject)
        set(CAIRO_PDF_METADATA_CREATOR, creator)
        // Cairo 1.16 would write the current time (it ignores SOURCE_DATE_EPOCH):
        // a given date makes the output reproducible.
        if let date = metadata.creationDate, let stamp = PDFDate.string(for: date) {
            set(CAIRO_PDF_METADATA_CREATE_DATE, stamp)
            set(CAIRO_PDF_METADATA_MOD_DATE, stamp)
        }
    }

    /// PDF viewers accept pages from 3 to 14 400 points on a side.
    static func checkSize(_ size: Size) throws {
        guard size.width.isFinite, size.height.isFinite, (1...14_400).contains(size.width),
            (1...14_400).contains(size.height)
        else { throw BackendError("pdf: page size \(size.width) × \(size.height) pt is not drawable") }
    }
}

/// Collects what a Cairo stream surface writes.
final class ByteSink {
    var bytes: [UInt8] = []
}
