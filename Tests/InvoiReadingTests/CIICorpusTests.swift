import Foundation
import InvoiModel
import InvoiTestSupport
import InvoiXML
import Testing

@testable import InvoiReading

/// The CII and ZUGFeRD 1.0 files of the shared corpus and how to read them.
enum CIICorpus {
    /// `../shared/einvoice-corpus` beside the package root (or beside the directory of worktrees
    /// the package root is in); nil when it is not there.
    static let directory: URL? = {
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let candidates = [
            packageRoot.deletingLastPathComponent(),
            packageRoot.deletingLastPathComponent().deletingLastPathComponent(),
        ].map { $0.appendingPathComponent("shared/einvoice-corpus") }
        return candidates.first {
            FileManager.default.fileExists(atPath: $0.appendingPathComponent("manifest.tsv").path)
        }
    }()

    static let skipMessage = "the e-invoice corpus (../shared/einvoice-corpus) is not here; skipped"

    /// The manifest's CII and ZUGFeRD 1.0 XML files (syntax `cii` or `other`).
    static func files() throws -> [String] {
        guard let directory else { return [] }
        let manifest = try String(contentsOf: directory.appendingPathComponent("manifest.tsv"), encoding: .utf8)
        // The manifest's lines end in CRLF, one Character in Swift.
        let rows = manifest.split(whereSeparator: \.isNewline).map {
            $0.split(separator: "\t", omittingEmptySubsequences: false)
        }
        guard let header = rows.first, let syntax = header.firstIndex(of: "syntax") else {
            throw TestError("manifest.tsv has no syntax column")
        }
        return rows.dropFirst().filter { $0.count > syntax && ($0[syntax] == "cii" || $0[syntax] == "other") }.map {
            String($0[0])
        }
    }

    static func bytes(_ file: String) throws -> [UInt8] {
        guard let directory else { throw TestError(skipMessage) }
        return [UInt8](try Data(contentsOf: directory.appendingPathComponent("FILES").appendingPathComponent(file)))
    }

    /// `bytes` read by invoi's parser and `EInvoiceReader`'s dispatch, which must find CII or
    /// ZUGFeRD 1.0 in them.
    static func read(bytes: [UInt8]) throws -> Invoice {
        let invoice = try EInvoiceReader().read(xml: bytes)
        guard let syntax = invoice.received?.source.syntax, syntax == .cii || syntax == .zugferd1 else {
            throw TestError("not read as CII")
        }
        return invoice
    }

    /// The corpus file `file` read by the CII reader; nil (with a message) when the corpus is absent.
    static func read(_ file: String) throws -> Invoice? {
        guard directory != nil else {
            print(skipMessage)
            return nil
        }
        return try read(bytes: try bytes(file))
    }
}

extension InvoiXML.XMLElement {
    /// The first element named `localName` at any depth, in document order.
    func first(named localName: String) -> InvoiXML.XMLElement? {
        for child in children {
            if child.localName == localName { return child }
            if let found = child.first(named: localName) { return found }
        }
        return nil
    }
}

@Suite struct CIICorpusTests {
    /// Every CII and ZUGFeRD 1.0 file of the corpus reads; its stated BT-112 and BT-115 are the
    /// file's GrandTotalAmount and DuePayableAmount as written; one stated line per line.
    @Test func everyCIIFileReadsWithItsTotals() throws {
        guard CIICorpus.directory != nil else {
            print(CIICorpus.skipMessage)
            return
        }
        let files = try CIICorpus.files()
        #expect(files.count >= 58)
        var counts: [String: Int] = [:]
        var filesWith: [String: Int] = [:]
        var examples: [String: String] = [:]
        for file in files {
            let bytes = try CIICorpus.bytes(file)
            let root = try TestXML.parse(bytes)
            let invoice: Invoice
            do {
                invoice = try CIICorpus.read(bytes: bytes)
            } catch let error as EInvoiceReadingError {
                Issue.record("\(file): \(error.message) at \(error.path) \(error.line ?? 0):\(error.column ?? 0)")
                continue
            }
            let received = try #require(invoice.received, "\(file)")
            // The file's own figures, found without the reader.
            let grand = root.first(named: "GrandTotalAmount").flatMap { StatedNumber(xml: $0.text) }
            let due = root.first(named: "DuePayableAmount").flatMap { StatedNumber(xml: $0.text) }
            #expect(grand != nil && received.totals.taxInclusive == grand, "\(file)")
            #expect(due != nil && received.totals.payable == due, "\(file)")
            let lineCount = root.first(named: "IncludedSupplyChainTradeLineItem") == nil ? 0 : received.lines.count
            #expect(received.lines.count == invoice.lineItems.count && lineCount == invoice.lineItems.count, "\(file)")
            var kinds = Set<String>()
            for fallback in received.fallbacks {
                let kind = UBLCorpusTests.kind(fallback)
                counts[kind, default: 0] += 1
                kinds.insert(kind)
                if examples[kind] == nil { examples[kind] = "\(fallback)" }
            }
            for kind in kinds { filesWith[kind, default: 0] += 1 }
        }
        print("CII corpus: \(files.count) files; fallbacks by kind (count, files, an example):")
        for (kind, count) in counts.sorted(by: { $0.key < $1.key }) {
            print("  \(kind): \(count) in \(filesWith[kind] ?? 0) files, e.g. \(examples[kind] ?? "")")
        }
    }
}
