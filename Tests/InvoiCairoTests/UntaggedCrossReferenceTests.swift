import Foundation
import InvoiDocument
import InvoiPDFFile
import InvoiTestSupport
import Testing

@testable import InvoiCairo

/// An untagged PDF is Cairo's file as Cairo writes it. Cairo 1.16 numbers a structure element
/// for every link tag and lists it in its cross-reference table without writing it; invoi's
/// update makes each of them `null`, so that every object the file lists is where it says.
struct UntaggedCrossReferenceTests {
    private func untagged(_ document: Document) throws -> Data {
        let output = try PDFBackend(fonts: CairoFontCache())
            .render(document, options: PDFOptions(creator: "invoi 0.1.0", isTagged: false))
        return try #require(output.documentData)
    }

    @Test(arguments: ["en", "he"])
    func everyListedObjectIsWhereTheTableSays(language: String) throws {
        var document = try Fixtures.invoice()
        document.metadata.language = language
        let pdf = try untagged(document)
        let latest = Self.latestEntries(in: [UInt8](pdf))
        let entries = try #require(latest, "the cross-reference sections")
        #expect(entries.count > 10)
        for (number, offset) in entries.sorted(by: { $0.key < $1.key }) {
            let header = Array("\(number) 0 obj".utf8)
            let found = offset + header.count <= pdf.count && Array(pdf[offset..<(offset + header.count)]) == header
            #expect(found, "object \(number) is listed at \(offset), where another object is")
        }
    }

    /// Only what Cairo listed at another object's offset becomes `null`: nothing it wrote.
    @Test func onlyObjectsCairoNeverWroteBecomeNull() throws {
        let pdf = [UInt8](try untagged(try Fixtures.invoice()))
        let found = Self.sections(in: pdf)
        let (update, cairos) = try #require(found, "invoi's update after Cairo's table")
        #expect(!update.isEmpty)
        for (number, offset) in update.sorted(by: { $0.key < $1.key }) {
            let listed = try #require(cairos[number])
            let header = Array("\(number) 0 obj".utf8)
            #expect(
                Array(pdf[listed..<min(pdf.count, listed + header.count)]) != header, "object \(number) was written")
            let body = Array("\(number) 0 obj\nnull\nendobj".utf8)
            #expect(Array(pdf[offset..<min(pdf.count, offset + body.count)]) == body)
        }
    }

    @Test func qpdfFindsNothingToRepair() throws {
        let pdf = try untagged(try Fixtures.invoice())
        let check = try Tools.withFile(pdf, name: "untagged.pdf") { try Tools.run("qpdf", ["--check", $0.path]) }
        #expect(check.status == 0, "\(check.output)\(check.errors)")
        #expect(!(check.output + check.errors).contains("damaged"), "\(check.output)\(check.errors)")
    }

    /// Where the file's newest cross-reference entries put each object in use, read by
    /// InvoiPDFFile's reader (through `/Prev`, the newest entry winning).
    static func latestEntries(in pdf: [UInt8]) -> [Int: Int]? {
        guard let file = try? PDFCrossReference(pdf) else { return nil }
        return file.entries.compactMapValues { if case .inUse(let offset) = $0 { offset } else { nil } }
    }

    /// The update's entries (the objects whose newest entry is not Cairo's) and Cairo's own
    /// table's, which the update's trailer names with `/Prev`.
    static func sections(in pdf: [UInt8]) -> (update: [Int: Int], cairos: [Int: Int])? {
        guard let latest = latestEntries(in: pdf), let file = try? PDFCrossReference(pdf),
            let previous = file.trailer["/Prev"]?.integer, previous < pdf.count,
            let table = PDFCrossReferenceTable(startOf: Array(pdf[previous...]))
        else { return nil }
        var cairos: [Int: Int] = [:]
        for (number, entry) in table.entries.enumerated() {
            if case .inUse(let offset) = entry { cairos[number] = offset }
        }
        return (latest.filter { cairos[$0.key] != $0.value }, cairos)
    }
}
