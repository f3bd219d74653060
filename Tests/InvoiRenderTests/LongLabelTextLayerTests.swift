import Foundation
import InvoiDocument
import InvoiLocalization
import InvoiModel
import InvoiRender
import Testing

/// Long labels and references wrap in their columns: every amount of the sample is whole in
/// the PDF's text layer, as a reader (or a program reading the PDF) finds it.
@Suite struct LongLabelTextLayerTests {
    static let renderer: Renderer? = try? Renderer(fonts: .fixed)

    static let amounts = [
        "$2,400.00", "$450.00", "$2,250.00", "$95.00", "$3,040.00", "$80.00", "$520.00", "$189.99", "$8,399.99",
        "$1,680.00", "$10,079.99",
    ]

    static let long = String(repeating: "Abcdefghij", count: 50)

    @Test(arguments: [
        ("column.amount", 65), ("column.amount", 100), ("column.amount", 500), ("total", 70), ("subtotal", 300),
        ("column.rate", 200), ("tax", 250), ("orderReference", 90), ("buyerReference", 90),
    ])
    func amountsAreWholeInThePDFTextLayer(field: String, length: Int) throws {
        let renderer = try #require(Self.renderer, "fonts of the fixed set are missing: run tools/setup")
        var invoice = Invoice.sample
        let text = String(Self.long.prefix(length))
        switch field {
        case "orderReference": invoice.orderReference = text
        case "buyerReference": invoice.buyerReference = text
        default: invoice.labels[try #require(WordKey(rawValue: field))] = text
        }
        guard case .document(let pdf) = try renderer.render(invoice, settings: RenderSettings(format: .pdf)) else {
            Issue.record("a PDF is one document")
            return
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("invoi-long-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("invoice.pdf")
        try pdf.write(to: url)
        let layer = String(decoding: try Tool.check("/usr/bin/pdftotext", [url.path, "-"]), as: UTF8.self)
        let words = Set(layer.split(whereSeparator: \.isWhitespace).map(String.init))
        for amount in Self.amounts {
            #expect(words.contains(amount), "\(field) × \(length): \(amount) is not whole in the text layer")
        }
        // The table on the first page; at most Payment Details goes over to a second.
        let pages = layer.split(separator: "\u{0C}", omittingEmptySubsequences: true)
        #expect(pages.count <= 2, "\(field) × \(length)")
        #expect(pages.first?.contains("$2,400.00") == true, "\(field) × \(length)")
    }
}
