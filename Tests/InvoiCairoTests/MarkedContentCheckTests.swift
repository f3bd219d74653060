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

    /// What Cairo leaves out or joins does not shift the marked content after it: a space alone
    /// on a whole point (no ink, an empty box), a rectangle without area, a filled rectangle and
    /// the same one stroked (written as one `B`), a line of text running far off the page (its
    /// last glyphs dropped). Each element still holds its own text, and nothing is untagged.
    @Test func whatCairoLeavesOutOrJoinsShiftsNoSequence() throws {
        let regular = try TestFont.regular()
        func paragraph(_ index: Int) -> ContentRole { .structure([StructureNode(.paragraph, index)]) }
        var ops: [DrawOp] = []
        var title = regular.textOp("INVOICE", size: 25, at: Point(x: 42, y: 70))
        title.role = .structure([StructureNode(.title)])
        ops.append(.text(title))
        var space = regular.textOp(" ", size: 10, at: Point(x: 42, y: 100))
        space.role = paragraph(0)
        ops.append(.text(space))
        var first = regular.textOp("First", size: 10, at: Point(x: 60, y: 100))
        first.role = paragraph(1)
        ops.append(.text(first))
        let box = Rect(x: 42, y: 120, width: 200, height: 30)
        ops.append(.rect(RectOp(rect: box, fill: .black, role: .artifact(.layout))))
        ops.append(.rect(RectOp(rect: box, stroke: Stroke(width: 1, color: .black), role: paragraph(2))))
        ops.append(.rect(RectOp(rect: Rect(x: 42, y: 160, width: 0, height: 5), fill: .black, role: paragraph(3))))
        var long = regular.textOp(String(repeating: "Wide ", count: 60), size: 10, at: Point(x: 400, y: 200))
        long.role = paragraph(4)
        ops.append(.text(long))
        var last = regular.textOp("Total 1,234.00", size: 11, at: Point(x: 42, y: 240))
        last.role = paragraph(5)
        ops.append(.text(last))

        let report = try report(ops)
        #expect(report.findings.isEmpty, "\(report.findings)")
        let document = Document(pages: [Page(size: PaperSize.a4.size, ops: ops)], metadata: Fixtures.metadata)
        let data = try #require(try PDFBackend(fonts: CairoFontCache()).render(document).documentData)
        let tree = try Tools.withFile(data, name: "invoice.pdf") {
            try Tools.run("pdfinfo", ["-struct-text", $0.path])
        }
        let texts = tree.output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("\"") }
        #expect(texts.first == "\"INVOICE\"" && texts.last == "\"Total 1,234.00\"", "\(texts)")
        #expect(texts.contains("\"First\""), "\(texts)")
        #expect(texts.contains { $0.hasPrefix("\"Wide Wide") }, "\(texts)")
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
