import Foundation
import InvoiDocument
import InvoiText

/// `--format svg`: one standalone SVG document per page, written straight
/// from the ops. Glyphs are drawn as outlines (each defined once in `<defs>`
/// and placed with `<use>`), so the page looks the same in every viewer;
/// an invisible text layer keeps the words selectable and searchable.
public struct SVGBackend: Backend {
    private let outlines: any GlyphOutlineProvider

    public init(outlines: any GlyphOutlineProvider) {
        self.outlines = outlines
    }

    public var format: OutputFormat { .svg }

    public func render(_ document: Document) throws -> RenderedOutput {
        try render(document, options: NoOptions())
    }

    public func writer(
        for outline: DocumentOutline, options: NoOptions, to target: any OutputTarget
    ) throws
        -> Writer
    {
        Writer(
            library: GlyphLibrary(provider: outlines), metadata: outline.metadata, target: target,
            pageCount: outline.pageCount)
    }

    /// Each page's SVG written to its own file; the glyph outlines are looked up once for all.
    public struct Writer: PageWriter {
        var library: GlyphLibrary
        let metadata: DocumentMetadata
        let target: any OutputTarget
        let pageCount: Int
        private var index = 0

        init(library: GlyphLibrary, metadata: DocumentMetadata, target: any OutputTarget, pageCount: Int) {
            self.library = library
            self.metadata = metadata
            self.target = target
            self.pageCount = pageCount
        }

        public mutating func write(_ page: Page) throws {
            var writer = SVGPageWriter(
                page: page, metadata: metadata, position: PagePosition(index: index, of: pageCount))
            let bytes = writer.write(using: &library)
            try target.sink(forPage: index, of: pageCount).write(Data(bytes))
            index += 1
        }

        public func finish() throws {}
    }
}
