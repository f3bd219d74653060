import Foundation
import InvoiTestSupport
import Testing

/// Every golden as a tagged PDF: each text-showing and painting operator on each page is in
/// a structure element (an MCID the tree references for that page) or an artifact — read from
/// the content streams themselves, not from the PDF/UA kit. `InvoiCairoTests` shows the check
/// failing for a page with an op that layout gave no role.
@Suite struct MarkedContentTests {
    @Test func everyOperatorOfEveryGoldenIsTaggedOrAnArtifact() throws {
        let names = PDFAConformanceTests.goldenNames
        #expect(names.count >= 40)
        let directory = try Tools.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for name in names {
            let file = directory.appendingPathComponent("\(name).pdf")
            try Data(try PDFUAConformanceTests().pdf(of: name, standards: [])).write(to: file)
            let report = try MarkedContent.check(pdfAt: file.path)
            #expect(report.findings.isEmpty, "\(name): \(report.findings.prefix(5))")
            #expect(report.checkedOperators >= 10, "\(name): \(report.checkedOperators) operators")
        }
    }
}
