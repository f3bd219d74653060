import Foundation
import InvoiDocument
import InvoiTestSupport
import Testing

@testable import InvoiCairo

/// The untagged-content check (`MarkedContent`, run over every golden in InvoiFacturXTests)
/// can fail: an op that layout gave no role is drawn outside every structure element and
/// artifact, and the check names it; the same page with the role passes.
@Suite struct MarkedContentCheckTests {
    func report(_ ops: [DrawOp]) throws -> MarkedContent.Report {
        let document = Document(pages: [Page(size: PaperSize.a4.size, ops: ops)], metadata: Fixtures.metadata)
        let output = try PDFBackend(fonts: CairoFontCache()).render(document, options: PDFOptions())
        let data = try #require(output.documentData)
        return try Tools.withFile(data, name: "invoice.pdf") { try MarkedContent.check(pdfAt: $0.path) }
    }

    func page(textRole: ContentRole?) throws -> [DrawOp] {
        let regular = try TestFont.regular()
        var title = regular.textOp("INVOICE", size: 25, at: Point(x: 42, y: 70))
        title.role = .structure([StructureNode(.title)])
        var total = regular.textOp("Total 1,234.00", size: 11, at: Point(x: 42, y: 120))
        total.role = textRole
        let rule = LineOp(
            from: Point(x: 42, y: 90), to: Point(x: 553, y: 90), width: 1, color: .black,
            role: .artifact(.layout))
        return [.text(title), .line(rule), .text(total)]
    }

    @Test func everyOperatorWithARoleIsTaggedOrAnArtifact() throws {
        let report = try report(try page(textRole: .structure([StructureNode(.paragraph)])))
        #expect(report.findings.isEmpty, "\(report.findings)")
        #expect(report.checkedOperators >= 3, "two texts and a rule")
    }

    @Test func aTextOpWithoutARoleIsFound() throws {
        let report = try report(try page(textRole: nil))
        #expect(report.findings.count == 1, "\(report.findings)")
        let finding = try #require(report.findings.first)
        #expect(["Tj", "TJ"].contains(finding.operation) && finding.page == 1, "\(finding)")
        #expect(finding.reason.contains("no marked-content sequence"), "\(finding)")
    }

    @Test func aRuleWithoutARoleIsFound() throws {
        var ops = try page(textRole: .structure([StructureNode(.paragraph)]))
        ops.append(.rect(RectOp(rect: Rect(x: 42, y: 200, width: 100, height: 20), fill: .black)))
        let report = try report(ops)
        #expect(report.findings.map(\.operation) == ["f"], "\(report.findings)")
    }

    /// Content marked with an MCID the structure tree does not reference is found too.
    @Test func anUnreferencedMarkedSequenceIsFound() {
        let contents = Array("/P << /MCID 0 >> BDC BT (a) Tj ET EMC /P << /MCID 7 >> BDC 0 0 1 1 re f EMC".utf8)
        let result = MarkedContent.scan(contents) { $0 == 0 }
        #expect(result.checked == 2)
        #expect(result.findings.map(\.operation) == ["f"])
        #expect(result.findings.first?.reason.contains("MCID 7") == true)
    }
}
