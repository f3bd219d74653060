import Foundation
import InvoiModel
import InvoiRender
import InvoiTestSupport
import Testing

@testable import InvoiFacturX

/// Cairo's PDF of the sample invoice, converted with the project's EN 16931 CII fixture, and
/// checked with the tools a receiver would use: the e-invoice validator, qpdf, poppler.
@Suite struct FacturXTests {
    static let renderer: Renderer? = try? Renderer(fonts: .fixed)
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    /// The validator kit beside the repository, or the one INVOI_EINVOICE_VALIDATE names.
    static let validator =
        ProcessInfo.processInfo.environment["INVOI_EINVOICE_VALIDATE"]
        ?? directory.appendingPathComponent("../../../shared/einvoice/validate").standardizedFileURL.path
    /// 2026-03-12T09:30:00Z
    static let date = Date(timeIntervalSince1970: 1_773_307_800)
    static let metadata = FacturXMetadata(
        title: "Invoice INV-0001", author: "Acme Studio", subject: "Invoice INV-0001 for Meridian Group",
        creationDate: date)

    func samplePDF(language: String? = nil, tagged: Bool = true) throws -> [UInt8] {
        let renderer = try #require(Self.renderer, "fonts of the fixed set are missing: run tools/setup")
        var settings = RenderSettings(format: .pdf, language: language, creationDate: Self.date)
        settings.output.isTagged = tagged
        guard case .document(let data) = try renderer.render(Invoice.sample, settings: settings) else {
            throw TestError("the pdf backend wrote pages")
        }
        return [UInt8](data)
    }

    func xml() throws -> [UInt8] {
        [UInt8](try Data(contentsOf: Self.directory.appendingPathComponent("Fixtures/facturx-en16931.xml")))
    }

    func convert(
        _ conformance: FacturXConformance = .en16931, metadata: FacturXMetadata = metadata, language: String? = nil
    ) throws -> [UInt8] {
        try FacturXConverter.makeFacturX(
            fromPDF: samplePDF(language: language), embedding: xml(), conformance: conformance, metadata: metadata)
    }

    /// The file as text, byte for character, to find the uncompressed dictionaries and the XMP.
    func latin1(_ bytes: [UInt8]) -> String { String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) })) }

    func xmp(in bytes: [UInt8]) throws -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        let start = try #require(text.range(of: "<?xpacket begin="), "the XMP is written uncompressed")
        let end = try #require(text.range(of: "<?xpacket end=\"w\"?>"))
        return String(text[start.lowerBound..<end.upperBound])
    }

    @Test func theValidatorAcceptsItAtItsProfileAndReadsBackTheSameXML() throws {
        #expect(FileManager.default.isExecutableFile(atPath: Self.validator), "validator kit: \(Self.validator)")
        let pdf = try convert()
        let directory = try Tools.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("invoice.pdf")
        try Data(pdf).write(to: file)
        let extracted = directory.appendingPathComponent("extracted.xml")
        let valid = try Tools.run(
            Self.validator, [file.path, "--profile", "en16931", "--extract-xml", extracted.path])
        #expect(valid.status == 0, "\(valid.output)\(valid.errors)")
        #expect(try Data(contentsOf: extracted) == Data(try xml()), "the embedded XML, byte for byte")

        let wrongLevel = try Tools.run(Self.validator, [file.path, "--profile", "basic"])
        #expect(wrongLevel.status == 1)
        #expect(wrongLevel.output.contains("FX-PDF-XMP-LEVEL"), "\(wrongLevel.output)")
    }

    @Test func qpdfAndPopplerReadIt() throws {
        let pdf = try convert()
        let directory = try Tools.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("invoice.pdf")
        try Data(pdf).write(to: file)

        let check = try Tools.run("qpdf", ["--check", file.path])
        #expect(check.status == 0, "\(check.output)\(check.errors)")
        #expect(check.output.contains("No syntax or stream encoding errors found"))

        let text = try Tools.run("pdftotext", ["-layout", file.path, "-"])
        #expect(text.status == 0)
        for words in ["Acme Studio", "INVOICE", "INV-0001", "Meridian Group", "hello@acmestudio.com", "Total"] {
            #expect(text.output.contains(words), "\(words)")
        }

        let list = try Tools.run("pdfdetach", ["-list", file.path])
        #expect(list.output.contains("1 embedded files") && list.output.contains("1: factur-x.xml"), "\(list.output)")
        let saved = directory.appendingPathComponent("saved.xml")
        let save = try Tools.run("pdfdetach", ["-save", "1", "-o", saved.path, file.path])
        #expect(save.status == 0)
        #expect(try Data(contentsOf: saved) == Data(try xml()))

        // The XMP as XML; the structure as qpdf reads it.
        let xmpFile = directory.appendingPathComponent("xmp.xml")
        try Data(try xmp(in: pdf).utf8).write(to: xmpFile)
        let lint = try Tools.run("xmllint", ["--noout", xmpFile.path])
        #expect(lint.status == 0, "\(lint.errors)")

        // The Info dictionary, as a reader sees it, says what the XMP says (PDF/A).
        let info = try Tools.run("pdfinfo", ["-isodates", file.path])
        let xmp = try xmp(in: pdf)
        let fields = Dictionary(
            info.output.split(separator: "\n").compactMap { line -> (String, String)? in
                guard let colon = line.firstIndex(of: ":") else { return nil }
                return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
            }, uniquingKeysWith: { first, _ in first })
        let producer = try #require(fields["Producer"])
        #expect(producer.hasPrefix("cairo"), "Cairo's producer kept")
        #expect(xmp.contains("<pdf:Producer>\(producer)</pdf:Producer>"))
        #expect(xmp.contains("<xmp:CreatorTool>\(try #require(fields["Creator"]))</xmp:CreatorTool>"))
        #expect(fields["Title"] == "Invoice INV-0001" && fields["Author"] == "Acme Studio")
        #expect(fields["CreationDate"] == "2026-03-12T09:30:00Z" && fields["ModDate"] == "2026-03-12T09:30:00Z")
        #expect(fields["PDF version"] == "1.7" && fields["Metadata Stream"] == "yes" && fields["Encrypted"] == "no")
    }

    @Test func theStructureIsPDFA3WithFacturXMetadata() throws {
        let pdf = try convert()
        let text = latin1(pdf)
        #expect(text.hasPrefix("%PDF-1.7\n"))
        #expect(text.contains(/\/ID \[ ?<[0-9a-f]{32}> ?<[0-9a-f]{32}> ?\]/), "a document ID in the trailer")
        #expect(!text.contains("/Encrypt"))

        let xmp = try xmp(in: pdf)
        for element in [
            "<pdfaid:part>3</pdfaid:part>", "<pdfaid:conformance>B</pdfaid:conformance>",
            "<fx:DocumentType>INVOICE</fx:DocumentType>", "<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>",
            "<fx:Version>1.0</fx:Version>", "<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>",
            "<pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>",
            "<rdf:li xml:lang=\"x-default\">Invoice INV-0001</rdf:li>", "<rdf:li>Acme Studio</rdf:li>",
            "<xmp:CreateDate>2026-03-12T09:30:00+00:00</xmp:CreateDate>",
            "<xmp:ModifyDate>2026-03-12T09:30:00+00:00</xmp:ModifyDate>", "<xmpMM:DocumentID>uuid:",
        ] {
            #expect(xmp.contains(element), "\(element)")
        }
        #expect(text.contains("/Type /Metadata"), "the XMP stream")

        #expect(text.contains("/Title (Invoice INV-0001)") && text.contains("/Author (Acme Studio)"))
        #expect(text.contains("/CreationDate (D:20260312093000+00'00')"))
        #expect(text.contains("/ModDate (D:20260312093000+00'00')"))

        // The attachment, its specification, /AF, the name tree, the output intent.
        #expect(text.contains("/Subtype /text#2fxml") || text.contains("/Subtype /text#2Fxml"))
        #expect(text.contains("/AFRelationship /Alternative"))
        #expect(text.contains("/UF (factur-x.xml)") && text.contains("/Desc (Factur-X invoice)"))
        #expect(text.contains(/\/AF \[ \d+ 0 R \]/))
        #expect(text.contains(/\/EmbeddedFiles << \/Names \[ \(factur-x.xml\) \d+ 0 R \] >>/))
        #expect(text.contains("/S /GTS_PDFA1") && text.contains("/OutputConditionIdentifier (sRGB IEC61966-2.1)"))
        #expect(text.contains(/\/DestOutputProfile \d+ 0 R/))

        // Every annotation (the e-mail links) printable.
        let expanded = try Tools.expandedPDF(Data(pdf))
        let links = expanded.split(separator: "\n").filter { $0.contains("/Subtype /Link") }
        #expect(links.count == 2, "the sample's two e-mail links")
        for link in links { #expect(link.contains("/F 4"), "\(link)") }
    }

    @Test func theSameInputGivesTheSameBytes() throws {
        let first = try convert()
        #expect(try convert() == first)
        let basic = try convert(.basic)
        #expect(basic != first)
        #expect(try xmp(in: basic).contains("<fx:ConformanceLevel>BASIC</fx:ConformanceLevel>"))
        #expect(latin1(try convert(.basicWL)).contains("/AFRelationship /Data"))
    }

    @Test func theLanguageIsKeptOrAdded() throws {
        let german = latin1(try convert(metadata: Self.metadata, language: "de"))
        #expect(german.contains("/Lang (de)"))
        var metadata = Self.metadata
        metadata.language = "fr"
        let kept = latin1(try convert(metadata: metadata, language: "de"))
        #expect(kept.contains("/Lang (de)") && !kept.contains("/Lang (fr)"), "the catalog's own language wins")
        // A tagged PDF always names its language (English here), which wins too.
        let english = latin1(try convert(metadata: metadata))
        #expect(english.contains("/Lang (en)") && !english.contains("/Lang (fr)"))
    }

    /// Markup in the metadata is escaped in the XMP; non-Latin text is a UTF-16 string in Info.
    @Test func metadataTextIsEscaped() throws {
        var metadata = Self.metadata
        metadata.title = "Q&A <\"Ünïcode\"> \u{1}€"
        metadata.author = "חברה & Co"
        let pdf = try convert(metadata: metadata)
        let xmp = try xmp(in: pdf)
        #expect(xmp.contains("Q&amp;A &lt;\"Ünïcode\"&gt; €"))
        #expect(xmp.contains("<rdf:li>חברה &amp; Co</rdf:li>"))
        let info = try #require(latin1(pdf).firstMatch(of: /\/Author <[^\n]*\/Title [^\n]*>>/)?.0)
        #expect(info.contains("/Author <feff05d7"), "UTF-16 with a byte order mark: \(info)")
        #expect(info.contains("/Title (Q&A <\"\u{DC}n\u{EF}code\"> \u{A0})"), "PDFDocEncoding (€ is A0), no control")
    }

    @Test func aDamagedPDFIsATypedError() throws {
        let pdf = try samplePDF()
        var damaged: [[UInt8]] = [
            [], Array("not a pdf at all".utf8), Array(pdf.prefix(pdf.count / 2)), Array(pdf.prefix(pdf.count - 40)),
            Array(pdf.prefix(400)) + [UInt8](repeating: 0x41, count: 2000) + Array(pdf.suffix(200)),
        ]
        // The page's resources listed at another object's offset: qpdf alone, without
        // recovery, would read them as null and write a page without its fonts. (An untagged
        // PDF: its cross-reference section is a table, a tagged one's a compressed stream.)
        var misplaced = latin1(try samplePDF(tagged: false))
        let resources = try #require(misplaced.firstMatch(of: /\/Resources (\d+) 0 R/)?.1)
        let table = try #require(misplaced.range(of: "\nxref\n0 ", options: .backwards))
        let entries = misplaced[table.upperBound...].drop { $0 != "\n" }.dropFirst()
        let entry = entries.index(entries.startIndex, offsetBy: 20 * Int(resources)!)
        misplaced.replaceSubrange(entry..<misplaced.index(entry, offsetBy: 10), with: "0000000015")
        damaged.append(misplaced.unicodeScalars.map { UInt8($0.value) })
        for input in damaged {
            #expect {
                _ = try FacturXConverter.makeFacturX(
                    fromPDF: input, embedding: try xml(), conformance: .en16931, metadata: Self.metadata)
            } throws: { error in
                guard case .unreadablePDF(let message) = error as? FacturXError else { return false }
                return !message.isEmpty
            }
        }
    }

    @Test func aMissingColorProfileIsATypedError() {
        let paths = ["/nonexistent/sRGB.icc", "/etc/hostname"]
        #expect(throws: FacturXError.missingColorProfile(searched: paths)) { try ColorProfile.load(from: paths).get() }
        #expect(throws: Never.self) { try ColorProfile.installed.get() }
    }
}
