import Foundation
import InvoiModel
import InvoiTestSupport
import Testing

/// Received e-invoices from the command line: XRechnung and Peppol XML and Factur-X PDFs of the
/// corpus rendered to every format, previewed, checked (a stated figure that disagrees is a
/// warning), converted to invoi's JSON, and their attachments extracted under safe names.
@Suite struct ReceivedInvoiceCommandTests {
    /// INVOI_EINVOICE_CORPUS, else `../shared/einvoice-corpus` beside the package (a worktree's
    /// one level further up).
    static let corpus: URL? = {
        if let path = ProcessInfo.processInfo.environment["INVOI_EINVOICE_CORPUS"] {
            return URL(fileURLWithPath: path)
        }
        let package = EInvoiceCommandTests.repository
        return ["../shared/einvoice-corpus", "../../shared/einvoice-corpus"].map {
            package.appendingPathComponent($0).standardizedFileURL
        }.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("FILES").path) }
    }()

    static func corpusFile(_ name: String) -> String? {
        guard let corpus else {
            print("skipped: no e-invoice corpus beside the package (set INVOI_EINVOICE_CORPUS)")
            return nil
        }
        return corpus.appendingPathComponent("FILES/" + name).path
    }

    static let xrechnungCII =
        "kosit-xrechnung-testsuite__src__test__business-cases__standard__01.20a-INVOICE_uncefact.xml"
    static let xrechnungUBL = "kosit-xrechnung-testsuite__src__test__business-cases__standard__01.15a-INVOICE_ubl.xml"
    static let facturXPDF = "mustangproject__validator__src__test__resources__validV2PDF.pdf"

    @Test func receivedFilesRenderToEveryFormat() throws {
        guard let cii = Self.corpusFile(Self.xrechnungCII), let ubl = Self.corpusFile(Self.xrechnungUBL),
            let pdf = Self.corpusFile(Self.facturXPDF)
        else { return }
        let directory = try TemporaryDirectory()
        for input in [cii, ubl, pdf] {
            for format in ["pdf", "png", "svg", "txt", "ops", "json", "cii", "ubl", "facturx"] {
                let out = "out-\(format)-\((input as NSString).lastPathComponent)"
                let result = try directory.run("render", input, "--format", format, "--out-dir", out)
                #expect(result.status == 0, "\(format) \(input): \(result.standardError)")
                let written =
                    (try? FileManager.default.contentsOfDirectory(
                        atPath: directory.url.appendingPathComponent(out).path)) ?? []
                #expect(!written.isEmpty, "\(format) \(input) wrote nothing")
                // A conversion says what it leaves out; a page says nothing of the kind.
                let converts = ["json", "cii", "ubl", "facturx"].contains(format)
                #expect(result.standardError.contains("cannot carry") == converts, "\(format): \(result.standardError)")
            }
        }
    }

    @Test func previewFitsEightyColumns() throws {
        guard let cii = Self.corpusFile(Self.xrechnungCII) else { return }
        let result = try TemporaryDirectory().run("preview", cii, "--width", "80", "--color", "never")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("1234567890"))
        for line in result.standardOutput.split(separator: "\n") {
            #expect(line.count <= 80, "\(line)")
        }
    }

    /// invoi's own CII of a golden with one stated total changed.
    static func disagreeingCII(in directory: TemporaryDirectory) throws -> String {
        let golden = EInvoiceCommandTests.golden("einvoice-xrechnung-de")
        let written = try directory.run(
            "render", golden, "--format", "cii", "--profile", "xrechnung", "-o", "right.xml")
        #expect(written.status == 0, "\(written.standardError)")
        var text = try directory.contents(of: "right.xml")
        let summation = try #require(text.range(of: "<ram:SpecifiedTradeSettlementHeaderMonetarySummation>"))
        let open = try #require(text.range(of: "<ram:LineTotalAmount>", range: summation.upperBound..<text.endIndex))
        let close = try #require(text.range(of: "</ram:LineTotalAmount>", range: open.upperBound..<text.endIndex))
        let stated = try #require(Decimal(string: String(text[open.upperBound..<close.lowerBound])))
        text.replaceSubrange(open.upperBound..<close.lowerBound, with: "\(stated + 1)")
        try directory.write(text, to: "wrong.xml")
        return "\(stated + 1)"
    }

    @Test func checkAndRenderWarnOfAStatedFigureThatDisagrees() throws {
        let directory = try TemporaryDirectory()
        let stated = try Self.disagreeingCII(in: directory)
        let right = try directory.run("check", "right.xml")
        #expect(right.status == 0 && !right.standardError.contains("BR-CO"), "\(right.standardError)")
        for arguments in [
            ["check", "wrong.xml"], ["check", "--quiet", "wrong.xml"], ["render", "wrong.xml", "-o", "w.pdf"],
        ] {
            let result = try directory.run(arguments)
            // A warning, not an error: check's convention exits 0, and the render is written.
            #expect(result.status == 0, "\(arguments): \(result.standardError)")
            #expect(
                result.errorLines.contains {
                    $0.hasPrefix("invoi: warning: wrong.xml: BR-CO-10: BT-106 states \(stated)")
                },
                "\(arguments): \(result.standardError)")
        }
        #expect(try directory.entries().contains("w.pdf"))
        let json = try directory.run("check", "--json", "wrong.xml")
        #expect(json.standardOutput.contains(#""severity":"warning""#) && json.standardOutput.contains("BR-CO-10"))
    }

    @Test func anXMLThatIsNoEInvoiceIsADataErrorNamingItsRoot() throws {
        let directory = try TemporaryDirectory()
        try directory.write(#"<?xml version="1.0"?><Order xmlns="urn:example:order"><ID>1</ID></Order>"#, to: "o.xml")
        let result = try directory.run("render", "o.xml", "-o", "o.pdf")
        #expect(result.status == 65)
        #expect(result.standardError.hasPrefix("invoi: error: o.xml:") && result.standardError.contains("Order"))
        #expect(try !directory.entries().contains("o.pdf"))
        try directory.write("<Invoice><a></Invoice>", to: "bad.xml")
        let bad = try directory.run("check", "bad.xml")
        #expect(bad.status == 65)
        #expect(bad.standardError.hasPrefix("invoi: error: bad.xml:1:"), "\(bad.standardError)")
    }

    @Test func aPDFWithoutAnEInvoiceIsADataErrorListingItsAttachments() throws {
        let directory = try TemporaryDirectory()
        #expect(try directory.run("render", "--sample", "-o", "plain.pdf").status == 0)
        let result = try directory.run("check", "plain.pdf")
        #expect(result.status == 65)
        #expect(
            result.standardError.contains("plain.pdf: no embedded e-invoice (factur-x.xml"), "\(result.standardError)")
        try directory.write("%PDF-1.7\nnot really", to: "broken.pdf")
        let broken = try directory.run("render", "broken.pdf", "-o", "b.pdf")
        #expect(broken.status == 65 && broken.standardError.contains("broken.pdf: not a readable PDF"))
    }

    @Test func theJSONOfAReceivedInvoiceDecodesBackInInvoi() throws {
        guard let cii = Self.corpusFile(Self.xrechnungCII) else { return }
        let directory = try TemporaryDirectory()
        let result = try directory.run("render", cii, "--format", "json", "-o", "x.json")
        #expect(result.status == 0, "\(result.standardError)")
        let data = try Data(contentsOf: directory.url.appendingPathComponent("x.json"))
        let (invoice, _) = try InvoiceDecoder(today: CalendarDate(year: 2026, month: 1, day: 1)!).decode(
            data, file: "x.json")
        #expect(invoice.invoiceNumber == "1234567890")
        #expect(invoice.lineItems.count == 2)
        #expect(invoice.currency.code == "EUR")
        #expect(try directory.run("check", "x.json").status == 0)
    }

    /// A UBL invoice of invoi's with embedded attachments whose names try to leave the directory.
    static func hostileAttachments(in directory: TemporaryDirectory) throws {
        let golden = EInvoiceCommandTests.golden("einvoice-peppol-be")
        let written = try directory.run("render", golden, "--format", "ubl", "--profile", "peppol", "-o", "p.xml")
        #expect(written.status == 0, "\(written.standardError)")
        var text = try directory.contents(of: "p.xml")
        let names = [
            "../../etc/passwd", "a/b", "evil\u{202E}fdp.exe", "dup.txt", "dup.txt", ".hidden", "", "..", "taken.txt",
        ]
        let references = names.enumerated().map { index, name in
            """
            <cac:AdditionalDocumentReference><cbc:ID>R\(index)</cbc:ID><cac:Attachment>\
            <cbc:EmbeddedDocumentBinaryObject mimeCode="text/csv" filename="\(name)">aGVsbG8=\
            </cbc:EmbeddedDocumentBinaryObject></cac:Attachment></cac:AdditionalDocumentReference>
            """
        }.joined()
        let supplier = try #require(text.range(of: "<cac:AccountingSupplierParty>"))
        text.insert(contentsOf: references, at: supplier.lowerBound)
        try directory.write(text, to: "hostile.xml")
    }

    @Test func attachmentsAreExtractedUnderSafeNamesAndNothingIsOverwritten() throws {
        let directory = try TemporaryDirectory()
        try Self.hostileAttachments(in: directory)
        try FileManager.default.createDirectory(
            at: directory.url.appendingPathComponent("out"), withIntermediateDirectories: true)
        try directory.write("mine", to: "out/taken.txt")
        let result = try directory.run("render", "hostile.xml", "-o", "h.pdf", "--extract-attachments", "out")
        // The render is written; the one attachment refused (a file is there) makes it 73.
        #expect(result.status == 73, "\(result.standardError)")
        #expect(try directory.entries().contains("h.pdf"))
        #expect(try directory.contents(of: "out/taken.txt") == "mine")
        #expect(result.standardError.contains("out/taken.txt already exists"), "\(result.standardError)")
        let extracted = try FileManager.default.contentsOfDirectory(
            atPath: directory.url.appendingPathComponent("out").path
        ).sorted()
        #expect(
            extracted == [
                "attachment-7.csv", "attachment-8.csv", "b", "dup-2.txt", "dup.txt", "evilfdp.exe", "hidden",
                "passwd", "taken.txt",
            ], "\(extracted)")
        #expect(try directory.contents(of: "out/passwd") == "hello")
        #expect(!FileManager.default.fileExists(atPath: directory.url.appendingPathComponent("etc").path))
        #expect(result.standardError.contains("writing \"dup-2.txt\" instead"))
        #expect(result.standardError.contains("extracted \"passwd\" (5 bytes) to out/passwd"))
        // check extracts too, and a second run refuses every file that is there.
        let again = try directory.run("check", "hostile.xml", "--extract-attachments", "out")
        #expect(again.status == 73)
        #expect(try directory.contents(of: "out/passwd") == "hello")
    }
}
