import Foundation
import InvoiDocument
import InvoiImageTestSupport
import InvoiModel
import InvoiRender
import Testing

/// The copy mark and the signed line in what each backend writes, and the settings that
/// override the invoice.
@Suite struct CopyMarkOutputTests {
    static let renderer: Renderer? = try? Renderer(fonts: .fixed)

    func render(
        _ invoice: Invoice, _ format: OutputFormat, copyMark: CopyMark? = nil, isSigned: Bool = false,
        dpi: Double = 72
    ) throws -> [Data] {
        let renderer = try #require(Self.renderer, "fonts of the fixed set are missing: run tools/setup")
        let settings = RenderSettings(
            format: format, output: OutputOptions(dpi: dpi, columns: 100, usesColor: false),
            creationDate: GoldenTests.creationDate, copyMark: copyMark, isSigned: isSigned)
        return switch try renderer.render(invoice, settings: settings) {
        case .document(let data): [data]
        case .pages(let pages): pages
        }
    }

    func text(_ invoice: Invoice, _ format: OutputFormat, copyMark: CopyMark? = nil) throws -> String {
        String(decoding: try render(invoice, format, copyMark: copyMark).joined(), as: UTF8.self)
    }

    /// The PDF's text layer and its Info dictionary, by poppler.
    func pdf(_ data: Data) throws -> (text: String, info: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("invoi-mark-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("invoice.pdf")
        try data.write(to: file)
        let text = try Tool.check("/usr/bin/pdftotext", [file.path, "-"])
        let info = try Tool.check("/usr/bin/pdfinfo", ["-enc", "UTF-8", file.path])
        return (String(decoding: text, as: UTF8.self), String(decoding: info, as: UTF8.self))
    }

    /// The Subject line of pdfinfo's report; nil when the file has none.
    func subject(_ info: String) -> String? {
        info.split(separator: "\n").first { $0.hasPrefix("Subject:") }
            .map { $0.dropFirst("Subject:".count).trimmingCharacters(in: .whitespaces) }
    }

    func rasters(_ pdf: Data) throws -> [RasterImage] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("invoi-mark-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("invoice.pdf")
        try pdf.write(to: file)
        _ = try Tool.check(
            "/usr/bin/pdftoppm", ["-r", "72", "-png", file.path, directory.appendingPathComponent("page").path])
        return try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasPrefix("page") && $0.hasSuffix(".png") }.sorted()
            .map { try RasterImage(pngData: Data(contentsOf: directory.appendingPathComponent($0))) }
    }

    @Test func theMarkIsInEveryBackendsOutput() throws {
        let plain = Invoice.sample
        var marked = plain
        marked.copyMark = .copy
        #expect(try text(marked, .ops).contains(#""text": "Copy""#))
        #expect(!(try text(plain, .ops).contains(#""text": "Copy""#)))
        #expect(try text(marked, .svg).contains(">Copy</text>"))
        #expect(!(try text(plain, .svg).contains(">Copy</text>")))
        #expect(try text(marked, .txt).contains("│ Copy │"))
        #expect(!(try text(plain, .txt).contains("│ Copy │")))
        let pdf = try pdf(try render(marked, .pdf)[0])
        #expect(pdf.text.contains("Copy"))
        #expect(subject(pdf.info) == "Invoice INV-0001 — Copy", "\(pdf.info)")
        let plainPDF = try self.pdf(try render(plain, .pdf)[0])
        #expect(!plainPDF.text.contains("Copy\n") && subject(plainPDF.info) == nil)
        // The PNG draws the frame and its word where, without the mark, the page is blank (the
        // title and the number under it left out, so that nothing else is drawn there).
        var untitled = plain
        untitled.labels[.invoiceTitle] = ""
        untitled.invoiceNumber = ""
        var markedUntitled = untitled
        markedUntitled.copyMark = .copy
        let renderer = try #require(Self.renderer)
        let document = try renderer.document(for: markedUntitled, settings: RenderSettings(format: .png))
        let frame = try #require(
            document.pages[0].ops.lazy.compactMap { op -> Rect? in
                if case .rect(let rect) = op, rect.stroke != nil { op.bounds } else { nil }
            }.first)
        func darkPixels(_ image: RasterImage) -> Int {
            (Int(frame.minX.rounded(.down))...Int(frame.maxX.rounded(.up))).reduce(0) { sum, x in
                sum
                    + (Int(frame.minY.rounded(.down))...Int(frame.maxY.rounded(.up))).filter { y in
                        (image.pixel(x: x, y: y)?.red ?? 255) < 160
                    }.count
            }
        }
        let page = try RasterImage(pngData: try render(markedUntitled, .png)[0])
        let blank = try RasterImage(pngData: try render(untitled, .png)[0])
        #expect(darkPixels(page) > 60 && darkPixels(blank) == 0, "\(darkPixels(page)), \(darkPixels(blank))")
    }

    @Test func theSettingOverridesTheInvoice() throws {
        var invoice = Invoice.sample
        invoice.copyMark = .original
        #expect(try text(invoice, .ops).contains(#""text": "Original""#))
        let overridden = try text(invoice, .ops, copyMark: .certifiedCopy)
        #expect(overridden.contains(#""text": "Certified copy""#) && !overridden.contains(#""text": "Original""#))
        #expect(try text(Invoice.sample, .ops, copyMark: .copy).contains(#""text": "Copy""#))
    }

    /// The Hebrew original: its word in the text layer and the subject, in the document's language.
    @Test func theHebrewOriginalIsMarkedInThePDF() throws {
        let url = GoldenFiles.directory("he-tax-invoice-receipt-original-signed").appendingPathComponent("invoice.json")
        let invoice = try InvoiceDecoder(today: GoldenTests.today).decode(Data(contentsOf: url), file: url.path).invoice
        let pdf = try pdf(try render(invoice, .pdf, isSigned: true)[0])
        #expect(pdf.text.contains("מקור"))
        #expect(pdf.text.contains("מסמך חתום דיגיטלית"))
        #expect(subject(pdf.info) == "חשבונית מס / קבלה IL-2026-8 — מקור", "\(pdf.info)")
    }

    /// A signed file's pages look like the unsigned one's but for the line in the bottom margin.
    @Test func theSignedPagesDifferOnlyByTheirLine() throws {
        var invoice = Invoice.sample
        invoice.lineItems = (1...40).map {
            LineItem(id: "\($0)", description: "Design work, item \($0)", quantity: 1, rate: 10)
        }
        let unsigned = try rasters(try render(invoice, .pdf)[0])
        let signed = try rasters(try render(invoice, .pdf, isSigned: true)[0])
        try #require(unsigned.count > 1 && signed.count == unsigned.count)
        let margin = 42  // the bottom padding, in pixels at 72 dpi
        for (index, (plain, marked)) in zip(unsigned, signed).enumerated() {
            var changedAbove = 0
            var changedBelow = 0
            for y in 0..<plain.height {
                for x in 0..<plain.width where plain.pixel(x: x, y: y) != marked.pixel(x: x, y: y) {
                    if y < plain.height - margin { changedAbove += 1 } else { changedBelow += 1 }
                }
            }
            #expect(changedAbove == 0, "page \(index + 1): \(changedAbove) pixels changed above the margin")
            #expect(changedBelow > 0, "page \(index + 1): no line in the margin")
        }
        let text = try pdf(try render(invoice, .pdf, isSigned: true)[0]).text
        #expect(text.components(separatedBy: "Digitally signed document").count - 1 == signed.count)
        #expect(!(try pdf(try render(invoice, .pdf)[0]).text.contains("signed")))
    }
}
