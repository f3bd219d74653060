import Foundation
import InvoiModel
import InvoiRender
import InvoiSpeedups
import InvoiTestSupport
import Testing

@testable import InvoiFacturX

/// The e-invoice inside a received PDF: invoi's own Factur-X, every Factur-X/ZUGFeRD PDF of the
/// corpus, and hand-made files with the shapes that break careless readers.
@Suite struct PDFAttachmentTests {
    /// INVOI_EINVOICE_CORPUS, else `../shared/einvoice-corpus` beside the package (a worktree's
    /// one level further up).
    static let corpus: URL = {
        if let path = ProcessInfo.processInfo.environment["INVOI_EINVOICE_CORPUS"] { return URL(fileURLWithPath: path) }
        let package = FacturXTests.directory.appendingPathComponent("../..").standardizedFileURL
        return ["../shared/einvoice-corpus", "../../shared/einvoice-corpus"].map {
            package.appendingPathComponent($0).standardizedFileURL
        }.first { FileManager.default.fileExists(atPath: $0.path) }
            ?? package.appendingPathComponent("../shared/einvoice-corpus").standardizedFileURL
    }()

    func facturX() throws -> (pdf: [UInt8], xml: [UInt8]) {
        let fixture = FacturXTests()
        return (try fixture.convert(), try fixture.xml())
    }

    @Test func invoisOwnFacturXGivesBackTheXMLItEmbedded() throws {
        let (pdf, xml) = try facturX()
        let invoice = try PDFAttachments.eInvoice(in: pdf)
        #expect(invoice.name == "factur-x.xml")
        #expect(invoice.data == xml)
        #expect(invoice.mimeType == "text/xml")
        #expect(invoice.relationship == "Alternative")
        #expect(PDFAttachments.rootElementName(of: invoice.data) == "CrossIndustryInvoice")
        // Listed once, though both the name tree and /AF hold it.
        #expect(try PDFAttachments.files(in: pdf).map(\.name) == ["factur-x.xml"])
    }

    @Test func everyCorpusPDFYieldsItsCIIInvoice() throws {
        let manifest = Self.corpus.appendingPathComponent("manifest.tsv")
        guard let text = try? String(contentsOf: manifest, encoding: .utf8) else {
            print("skipped: no e-invoice corpus at \(Self.corpus.path)")
            return
        }
        // The file, and whether the manifest calls its XML a draft before ZUGFeRD 1.0 (CBFBUY:5,
        // whose root is rsm:Invoice) rather than CII.
        var files: [(name: String, isDraft: Bool)] = []
        for line in text.split(whereSeparator: \.isNewline) {
            let columns: [Substring] = line.split(separator: "\t", omittingEmptySubsequences: false)
            if columns.count > 10 && columns[5] == "facturx-pdf" {
                files.append((String(columns[0]), columns[10].hasPrefix("other")))
            }
        }
        #expect(files.count > 80)
        for file in files {
            let pdf = [UInt8](try Data(contentsOf: Self.corpus.appendingPathComponent("FILES/" + file.name)))
            let invoice = try PDFAttachments.eInvoice(in: pdf)
            let root = PDFAttachments.rootElementName(of: invoice.data)
            let expected = file.isDraft ? ["Invoice"] : ["CrossIndustryInvoice", "CrossIndustryDocument"]
            #expect(expected.contains(root ?? ""), "\(file.name): \(invoice.name) has root \(root ?? "none")")
        }
    }

    @Test func damagedPDFsAreTypedErrorsNeverACrash() throws {
        let (pdf, xml) = try facturX()
        var inputs: [[UInt8]] = [[], Array("%PDF-".utf8), Array("%PDF-1.7\n%%EOF\n".utf8)]
        // Cut anywhere before the file's last `startxref`: cut after it, only the trailer is
        // lost, which qpdf rebuilds (checked below).
        let keyword = Array("startxref".utf8)
        var trailer = pdf.count - keyword.count
        while trailer > 0, !pdf[trailer..<(trailer + keyword.count)].elementsEqual(keyword) { trailer -= 1 }
        #expect(trailer > pdf.count / 2)
        inputs += stride(from: 0, to: trailer, by: max(1, trailer / 40)).map { Array(pdf.prefix($0)) }
        for end in trailer..<pdf.count {
            // Never a crash: the invoice read back whole, or a typed error.
            let input = Array(pdf.prefix(end))
            if case .success(let invoice) = Result(catching: { () throws(PDFAttachmentError) in
                try PDFAttachments.eInvoice(in: input)
            }) {
                #expect(invoice.data == xml, "\(end) bytes")
            }
        }
        var generator = SystemRandomNumberGenerator()
        inputs.append(Array("%PDF-1.4\n".utf8) + (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) })
        for input in inputs {
            #expect(throws: PDFAttachmentError.self, "\(input.count) bytes") {
                _ = try PDFAttachments.eInvoice(in: input)
            }
        }
        // The error names where qpdf stopped.
        do {
            _ = try PDFAttachments.eInvoice(in: Array(pdf.prefix(pdf.count / 2)))
        } catch {
            guard case .unreadable(let message) = error else { throw TestError("got \(error)") }
            #expect(!message.isEmpty)
        }
    }

    @Test func anEncryptedPDFIsRefused() throws {
        guard Tools.isInstalled("qpdf") else {
            print("skipped: no qpdf command to encrypt with")
            return
        }
        let (pdf, _) = try facturX()
        let encrypted = try Tools.withFile(Data(pdf), name: "in.pdf") { input -> Data in
            let output = input.deletingLastPathComponent().appendingPathComponent("encrypted.pdf")
            let run = try Tools.run("qpdf", ["--encrypt", "user", "owner", "256", "--", input.path, output.path])
            #expect(run.status == 0, "\(run.errors)")
            return try Data(contentsOf: output)
        }
        #expect(throws: PDFAttachmentError.self) { _ = try PDFAttachments.eInvoice(in: [UInt8](encrypted)) }
    }

    @Test func withoutAnInvoiceTheErrorListsTheAttachments() throws {
        let pdf = HandMadePDF.with(files: [("notes.txt", "text/plain", Array("hello".utf8))])
        #expect(throws: PDFAttachmentError.noEInvoice(attachments: ["notes.txt"])) {
            _ = try PDFAttachments.eInvoice(in: pdf)
        }
        #expect(throws: PDFAttachmentError.noEInvoice(attachments: [])) {
            _ = try PDFAttachments.eInvoice(in: HandMadePDF.with(files: []))
        }
        let description = PDFAttachmentError.noEInvoice(attachments: ["notes.txt"]).description
        #expect(description.contains("factur-x.xml") && description.contains("\"notes.txt\""))
    }

    @Test func theInvoiceIsFoundByNameIgnoringCaseElseByItsRoot() throws {
        let cii = Array("<?xml version=\"1.0\"?>\n<!-- x --><rsm:CrossIndustryInvoice xmlns:rsm=\"u\"/>".utf8)
        let ubl = Array("<Invoice xmlns=\"urn:oasis:names:specification:ubl:schema:xsd:Invoice-2\"/>".utf8)
        let other = Array("<Order/>".utf8)
        let named = HandMadePDF.with(files: [
            ("order.xml", "text/xml", other), ("ZUGFeRD-invoice.XML", "text/xml", cii), ("factur-x.xml", "", ubl),
        ])
        // factur-x.xml before zugferd-invoice.xml, whatever the order in the file.
        #expect(try PDFAttachments.eInvoice(in: named).data == ubl)
        let unnamed = HandMadePDF.with(files: [("order.xml", "text/xml", other), ("rechnung.xml", "text/xml", ubl)])
        #expect(try PDFAttachments.eInvoice(in: unnamed).name == "rechnung.xml")
        let two = HandMadePDF.with(files: [("a.xml", "text/xml", ubl), ("b.xml", "text/xml", cii)])
        #expect(throws: PDFAttachmentError.ambiguousEInvoice(attachments: ["a.xml", "b.xml"])) {
            _ = try PDFAttachments.eInvoice(in: two)
        }
    }

    @Test func aNameTreeWithKidsAndALoopIsWalkedOnce() throws {
        let xml = Array("<rsm:CrossIndustryInvoice/>".utf8)
        let pdf = HandMadePDF.with(
            files: [("a.txt", "text/plain", [1]), ("factur-x.xml", "text/xml", xml)], kids: true)
        #expect(try PDFAttachments.files(in: pdf).map(\.name) == ["a.txt", "factur-x.xml"])
        #expect(try PDFAttachments.eInvoice(in: pdf).data == xml)
    }

    @Test func aDecompressionBombIsRefusedByTheLimit() throws {
        // 17 MB of zeros deflate to about 17 KB.
        let zeros = [UInt8](repeating: 0x20, count: 17 << 20)
        let pdf = HandMadePDF.with(files: [("factur-x.xml", "text/xml", zeros)], deflated: true)
        #expect(throws: PDFAttachmentError.self) { _ = try PDFAttachments.eInvoice(in: pdf) }
        let small = HandMadePDF.with(files: [("factur-x.xml", "text/xml", Array(zeros.prefix(1000)))], deflated: true)
        #expect(try PDFAttachments.eInvoice(in: small).data == Array(zeros.prefix(1000)))
        let limits = PDFAttachmentLimits(maximumFileSize: 999)
        #expect(throws: PDFAttachmentError.attachmentTooLarge(name: "factur-x.xml", limit: 999)) {
            _ = try PDFAttachments.eInvoice(in: small, limits: limits)
        }
    }

    @Test func tooManyAttachmentsAreRefused() throws {
        let files = (0..<12).map { ("f\($0).txt", "text/plain", [UInt8(ascii: "x")]) }
        #expect(throws: PDFAttachmentError.tooManyAttachments(limit: 10)) {
            _ = try PDFAttachments.eInvoice(
                in: HandMadePDF.with(files: files), limits: PDFAttachmentLimits(maximumCount: 10))
        }
    }

    @Test func rootNamesAreFoundPastTheProlog() {
        #expect(PDFAttachments.rootElementName(of: Array("\u{FEFF}<?xml?><!DOCTYPE x><a:Invoice>".utf8)) == "Invoice")
        #expect(PDFAttachments.rootElementName(of: Array("hello".utf8)) == nil)
        #expect(PDFAttachments.rootElementName(of: Array("<!-- never closed".utf8)) == nil)
    }
}

/// Small PDFs written here byte by byte, with a correct cross-reference table: a page-less
/// catalog whose /Names /EmbeddedFiles lists `files` (in one leaf, or one kid per file with a
/// kid that points back at the root node when `kids`).
enum HandMadePDF {
    static func with(
        files: [(name: String, mime: String, data: [UInt8])], kids: Bool = false, deflated: Bool = false
    ) -> [UInt8] {
        var objects: [[UInt8]] = []
        func add(_ body: [UInt8]) -> Int {
            objects.append(body)
            return objects.count
        }
        func text(_ string: String) -> [UInt8] { Array(string.utf8) }
        var pairs: [(String, Int)] = []
        for file in files {
            let data = deflated ? zlib(file.data) : file.data
            let subtype = file.mime.isEmpty ? "" : " /Subtype /" + file.mime.replacingOccurrences(of: "/", with: "#2F")
            let filter = deflated ? " /Filter /FlateDecode" : ""
            let stream = add(
                text("<< /Type /EmbeddedFile\(subtype)\(filter) /Length \(data.count) >>\nstream\n") + data
                    + text("\nendstream"))
            let specification = add(
                text("<< /Type /Filespec /F (\(file.name)) /UF (\(file.name)) /EF << /F \(stream) 0 R >> >>"))
            pairs.append((file.name, specification))
        }
        let rootNode: Int
        if kids {
            // The root node is the last object; each kid's /Limits and a loop back to the root.
            let rootNumber = objects.count + pairs.count + 1
            let kidNumbers = pairs.map { pair in
                add(text("<< /Names [(\(pair.0)) \(pair.1) 0 R] /Kids [\(rootNumber) 0 R] >>"))
            }
            rootNode = add(text("<< /Kids [" + kidNumbers.map { "\($0) 0 R" }.joined(separator: " ") + "] >>"))
        } else {
            rootNode = add(text("<< /Names [" + pairs.map { "(\($0.0)) \($0.1) 0 R" }.joined(separator: " ") + "] >>"))
        }
        let pages = add(text("<< /Type /Pages /Kids [] /Count 0 >>"))
        let catalog = add(text("<< /Type /Catalog /Pages \(pages) 0 R /Names << /EmbeddedFiles \(rootNode) 0 R >> >>"))
        var output = text("%PDF-1.7\n")
        var offsets: [Int] = []
        for (index, body) in objects.enumerated() {
            offsets.append(output.count)
            output += text("\(index + 1) 0 obj\n") + body + text("\nendobj\n")
        }
        let xref = output.count
        output += text("xref\n0 \(objects.count + 1)\n0000000000 65535 f \n")
        for offset in offsets { output += text(String(format: "%010d 00000 n \n", offset)) }
        output += text("trailer\n<< /Size \(objects.count + 1) /Root \(catalog) 0 R >>\nstartxref\n\(xref)\n%%EOF\n")
        return output
    }

    /// `data` as a zlib stream.
    static func zlib(_ data: [UInt8]) -> [UInt8] {
        guard let compressor = DeflateCompressor(level: 9) else { return [] }
        var output = [UInt8](repeating: 0, count: compressor.zlibBound(forInputCount: data.count))
        let count = data.withUnsafeBytes { input in
            output.withUnsafeMutableBytes { compressor.zlibCompress(input, into: $0) }
        }
        return Array(output.prefix(count ?? 0))
    }
}
