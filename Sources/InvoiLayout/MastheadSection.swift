import InvoiDocument
import InvoiModel

/// The band design's header: the classic header's two columns reversed out of a band of the
/// accent colour that runs across the top of the page, edge to edge.
struct MastheadSection {
    let style: InvoiceStyle
    let typesetter: Typesetter
    var logoPosition = Theme.Placement.start
    let pageWidth: Double
    /// The top margin: the band starts at the page's edge, this far above the block.
    let top: Double

    func layOut(_ content: InvoiceContent, x: Double, width: Double) -> HeaderSection.Layout {
        var reversed = style
        // The title and the copy mark take the accent; on the band they take the page's colour.
        reversed.accent = style.reversed
        reversed.companyName.color = style.reversed
        reversed.meta.color = style.reversed
        let header = HeaderSection(style: reversed, typesetter: typesetter, logoPosition: logoPosition)
            .layOut(content, x: x, width: width)
        let height = header.block.height + style.mastheadPadding
        let band = RectOp(
            rect: Rect(x: 0, y: -top, width: pageWidth, height: top + height), fill: style.accent,
            role: .artifact(.layout))
        // Drawn first: everything of the header is on it.
        let block = Block(height: height, ops: [.rect(band)] + header.block.ops)
        // The stamp goes under the band, never on it.
        return HeaderSection.Layout(block: block, rightColumnHeight: height)
    }
}
