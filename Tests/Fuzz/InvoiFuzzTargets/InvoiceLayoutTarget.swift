import Foundation
import InvoiDocument
import InvoiLayout
import InvoiLayoutTestSupport
import InvoiModel
import InvoiTerminal

/// A valid invoice laid out in full with fixed advances (no fonts), on the paper and with a
/// logo size picked from the input, then written as a text preview at a width picked from
/// it too: the layout must finish with finite geometry on every page.
enum InvoiceLayoutTarget {
    static func run(_ data: Data, show: ((String) -> Void)?) -> FuzzTarget.Verdict {
        guard let invoice = JSONDecodingTarget.decode(data, show: show) else { return .refused }
        let hash = data.reduce(UInt64(14_695_981_039_346_656_037)) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 }
        let paper: PaperSize = hash & 1 == 0 ? .a4 : .letter
        let logo = invoice.logo.map { _ in
            EmbeddedImage.vector(
                SanitizedSVG(
                    source: #"<svg xmlns="http://www.w3.org/2000/svg" id="logo" viewBox="0 0 1 1"/>"#,
                    size: Size(width: Double(1 + (hash >> 8) % 4000), height: Double(1 + (hash >> 24) % 4000))))
        }
        let document = InvoiceLayout(shaper: FixedAdvanceShaper(), paper: paper).document(for: invoice, logo: logo)
        FuzzCheck.require(!document.pages.isEmpty, "the document has no page")
        for (index, page) in document.pages.enumerated() {
            for op in page.ops {
                let bounds = op.bounds
                FuzzCheck.require(
                    [bounds.x, bounds.y, bounds.width, bounds.height].allSatisfy(\.isFinite),
                    "page \(index + 1) has an op with geometry that is not finite: \(op)")
            }
        }
        let columns = 20 + Int((hash >> 40) % 981)
        TextGridTarget.render(
            document, options: TerminalOptions(columns: columns, usesColor: hash & 2 == 0), show: show)
        return .accepted
    }
}
