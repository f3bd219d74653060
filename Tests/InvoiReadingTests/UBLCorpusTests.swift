import Foundation
import InvoiModel
import InvoiTestSupport
import InvoiXML
import Testing

@testable import InvoiReading

/// The UBL files of the shared corpus and how to read them.
enum UBLCorpus {
    /// `../shared/einvoice-corpus` beside the package root (or beside a directory above it, for
    /// a git worktree one level deeper); nil when it is not there.
    static let directory: URL? = {
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        for _ in 0..<3 {
            directory = directory.deletingLastPathComponent()
            let corpus = directory.appendingPathComponent("shared/einvoice-corpus")
            if FileManager.default.fileExists(atPath: corpus.appendingPathComponent("manifest.tsv").path) {
                return corpus
            }
        }
        return nil
    }()

    static let skipMessage = "the e-invoice corpus (../shared/einvoice-corpus) is not here; skipped"

    /// The manifest's UBL files (syntax ubl-invoice or ubl-creditnote).
    static func files() throws -> [String] {
        guard let directory else { return [] }
        let manifest = try String(contentsOf: directory.appendingPathComponent("manifest.tsv"), encoding: .utf8)
        // Lines end in CR LF, one Character in Swift: split on either.
        let rows = manifest.split(whereSeparator: \.isNewline).map {
            $0.split(separator: "\t", omittingEmptySubsequences: false)
        }
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

/// XML for the tests: invoi's own parser, failing the test on a document it refuses.
enum TestXML {
    static func parse(_ bytes: [UInt8]) throws -> InvoiXML.XMLElement {
        try XMLDocument.parse(bytes).root
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
        var unmapped: [String: Int] = [:]
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
            for term in received.terms + received.lines.flatMap(\.terms) where term.term == .otherElement {
                unmapped[term.name ?? "", default: 0] += 1
            }
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
        // The elements outside EN 16931 met most often: each should be one no EN 16931 term maps.
        print("most frequent elements kept as other elements:")
        for (name, count) in unmapped.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }).prefix(60) {
            print("  \(count) \(name)")
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
        case .netPriceFromGross: "netPriceFromGross"
        case .priceFromAmount: "priceFromAmount"
        case .lineAmountFromTotal: "lineAmountFromTotal"
        case .textLineAsNote: "textLineAsNote"
        case .currencyFromAmounts: "currencyFromAmounts"
        case .currencyFromSellerCountry: "currencyFromSellerCountry"
        case .readAsZUGFeRD1: "readAsZUGFeRD1"
        }
    }
}
