import InvoiCairo
import InvoiDocument
import InvoiSVG
import InvoiTerminal
import InvoiText

/// The one table of backends: adding a format is a new backend file and one line here.
public enum BackendTable {
    /// A backend for `format`. The Cairo backends draw with `fonts`: pass the same cache
    /// to every backend of a process so that each font file is opened once.
    public static func backend(for format: OutputFormat, outlines: any GlyphOutlineProvider,
                               fonts: CairoFontCache = CairoFontCache()) -> any Backend {
        switch format {
        case .pdf: PDFBackend(fonts: fonts)
        case .png: PNGBackend(fonts: fonts)
        case .svg: SVGBackend(outlines: outlines)
        case .txt: TerminalBackend()
        case .ops: OpsBackend()
        }
    }

    /// A backend for every format, the Cairo ones sharing one font cache.
    static func backends(outlines: any GlyphOutlineProvider) -> [OutputFormat: any Backend] {
        let fonts = CairoFontCache()
        var backends: [OutputFormat: any Backend] = [:]
        for format in OutputFormat.allCases {
            backends[format] = backend(for: format, outlines: outlines, fonts: fonts)
        }
        return backends
    }
}
