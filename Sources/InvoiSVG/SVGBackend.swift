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

    public func render(_ document: Document, options: NoOptions = NoOptions()) throws -> RenderedOutput {
        var library = GlyphLibrary(provider: outlines)
        let pages = document.pages.map { page in
            var writer = SVGPageWriter(page: page, metadata: document.metadata)
            return Data(writer.write(using: &library))
        }
        return .pages(pages)
    }
}
