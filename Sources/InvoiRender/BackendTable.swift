import InvoiCairo
import InvoiDocument
import InvoiSVG
import InvoiTerminal
import InvoiText

/// The one table of backends: adding a format is a new backend file and one line here.
public enum BackendTable {
    public static func backend(for format: OutputFormat, outlines: any GlyphOutlineProvider) -> any Backend {
        switch format {
        case .pdf: PDFBackend()
        case .png: PNGBackend()
        case .svg: SVGBackend(outlines: outlines)
        case .txt: TerminalBackend()
        case .ops: OpsBackend()
        }
    }
}
