import Foundation
import InvoiModel
import InvoiTestSupport
import InvoiXML
import Testing

@testable import InvoiReading

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The UBL files of the shared corpus and how to read them.
enum UBLCorpus {
    /// `../shared/einvoice-corpus` beside the package root; nil when it is not there.
    static let directory: URL? = {
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let corpus = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/einvoice-corpus")
        return FileManager.default.fileExists(atPath: corpus.appendingPathComponent("manifest.tsv").path)
            ? corpus : nil
    }()

    static let skipMessage = "the e-invoice corpus (../shared/einvoice-corpus) is not here; skipped"

    /// The manifest's UBL files (syntax ubl-invoice or ubl-creditnote).
    static func files() throws -> [String] {
        guard let directory else { return [] }
        let manifest = try String(contentsOf: directory.appendingPathComponent("manifest.tsv"), encoding: .utf8)
        let rows = manifest.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        guard let header = rows.first, let syntax = header.firstIndex(of: "syntax") else {
            throw TestError("manifest.tsv has no syntax column")
        }
        return rows.dropFirst().filter { $0.count > syntax && $0[syntax].hasPrefix("ubl-") }.map { String($0[0]) }
    }

    static func bytes(_ file: String) throws -> [UInt8] {
        guard let directory else { throw TestError(skipMessage) }
        return [UInt8](try Data(contentsOf: directory.appendingPathComponent("FILES").appendingPathComponent(file)))
    }

    /// The corpus file `file` read by the UBL reader.
    static func read(_ file: String) throws -> Invoice {
        try UBLReader.read(try TestXML.parse(try bytes(file)), attachmentName: nil)
    }
}

/// XML for the tests: invoi's own parser, or, until it is written, Foundation's, turned into
/// the same element tree.
enum TestXML {
    static func parse(_ bytes: [UInt8]) throws -> InvoiXML.XMLElement {
        do {
            return try XMLDocument.parse(bytes).root
        } catch let error where error.message.contains("not written yet") {
            return try FoundationTree(bytes).root()
        }
    }

    private final class FoundationTree: NSObject, XMLParserDelegate {
        struct Open {
            var namespace: String
            var localName: String
            var qualifiedName: String
            var attributes: [XMLAttribute]
            var children: [InvoiXML.XMLElement] = []
            var text = ""
            var line: Int
            var column: Int
        }
        let parser: XMLParser
        var stack: [Open] = []
        var finished: InvoiXML.XMLElement?

        init(_ bytes: [UInt8]) {
            parser = XMLParser(data: Data(bytes))
            super.init()
            parser.shouldProcessNamespaces = true
            parser.delegate = self
        }

        func root() throws -> InvoiXML.XMLElement {
            guard parser.parse(), let finished else {
                throw TestError("not well-formed XML: \(String(describing: parser.parserError))")
            }
            return finished
        }

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            let attributes = attributes.sorted { $0.key < $1.key }.map { key, value in
                XMLAttribute(
                    namespace: "", localName: key.split(separator: ":").last.map(String.init) ?? key, value: value)
            }
            stack.append(
                Open(
                    namespace: namespaceURI ?? "", localName: elementName,
                    qualifiedName: qualifiedName ?? elementName, attributes: attributes, line: parser.lineNumber,
                    column: parser.columnNumber))
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if !stack.isEmpty { stack[stack.count - 1].text += string }
        }

        func parser(_ parser: XMLParser, foundCDATA block: Data) {
            if !stack.isEmpty { stack[stack.count - 1].text += String(decoding: block, as: UTF8.self) }
        }

        func parser(
            _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
        ) {
            guard let open = stack.popLast() else { return }
            let element = InvoiXML.XMLElement(
                namespace: open.namespace, localName: open.localName, qualifiedName: open.qualifiedName,
                attributes: open.attributes, children: open.children, text: open.text, line: open.line,
                column: open.column)
            if stack.isEmpty {
                finished = element
            } else {
                stack[stack.count - 1].children.append(element)
            }
        }
    }
}

@Suite struct UBLCorpusTests {
    /// Every UBL file of the corpus reads, and its stated BT-112 and BT-115 are the file's.
    @Test func everyUBLFileReadsWithItsTotals() throws {
        guard UBLCorpus.directory != nil else {
            print(UBLCorpus.skipMessage)
            return
        }
        let files = try UBLCorpus.files()
        #expect(files.count >= 150)
        var counts: [String: Int] = [:]
        var filesWith: [String: Int] = [:]
        for file in files {
            let root = try TestXML.parse(try UBLCorpus.bytes(file))
            let invoice: Invoice
            do {
                invoice = try UBLReader.read(root, attachmentName: nil)
            } catch {
                Issue.record("\(file): \(error.message) at \(error.path) \(error.line ?? 0):\(error.column ?? 0)")
                continue
            }
            let received = try #require(invoice.received, "\(file)")
            // The file's own figures, found without the reader.
            let cbc = UBLReader.cbc
            let total = root.child("LegalMonetaryTotal", in: UBLReader.cac)
            let inclusive = total?.child("TaxInclusiveAmount", in: cbc).flatMap { StatedNumber(xml: $0.text) }
            let payable = total?.child("PayableAmount", in: cbc).flatMap { StatedNumber(xml: $0.text) }
            if let inclusive { #expect(received.totals.taxInclusive == inclusive, "\(file)") }
            #expect(received.totals.payable == payable, "\(file)")
            #expect(received.lines.count == invoice.lineItems.count, "\(file)")
            var kinds = Set<String>()
            for fallback in received.fallbacks {
                let kind = Self.kind(fallback)
                counts[kind, default: 0] += 1
                kinds.insert(kind)
            }
            for kind in kinds { filesWith[kind, default: 0] += 1 }
        }
        print("UBL corpus: \(files.count) files; fallbacks by kind (count, files):")
        for (kind, count) in counts.sorted(by: { $0.key < $1.key }) {
            print("  \(kind): \(count) in \(filesWith[kind] ?? 0) files")
        }
    }

    static func kind(_ fallback: ReadingFallback) -> String {
        switch fallback {
        case .dateAsWritten: "dateAsWritten"
        case .unknownUnitCode: "unknownUnitCode"
        case .unknownCurrency: "unknownCurrency"
        case .unknownCountryCode: "unknownCountryCode"
        case .languageFromCountry: "languageFromCountry"
        case .missingTotal: "missingTotal"
        case .unmappedElement: "unmappedElement"
        case .vatCategoryAsWritten: "vatCategoryAsWritten"
        }
    }
}
