import Foundation
import InvoiDocument
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
        let entries = try #require(Self.latestEntries(in: [UInt8](pdf)), "the cross-reference sections")
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
        let sections = try #require(Self.sections(in: pdf))
        #expect(sections.count == 2, "Cairo's table and invoi's update")
        let nulled = sections[0].keys.sorted()
        #expect(!nulled.isEmpty)
        for number in nulled {
            let cairos = try #require(sections[1][number])
            let header = Array("\(number) 0 obj".utf8)
            #expect(
                Array(pdf[cairos..<min(pdf.count, cairos + header.count)]) != header, "object \(number) was written")
            let body = Array("\(number) 0 obj\nnull\nendobj".utf8)
            #expect(Array(pdf[sections[0][number]!..<(sections[0][number]! + body.count)]) == body)
        }
    }

    @Test func qpdfFindsNothingToRepair() throws {
        let pdf = try untagged(try Fixtures.invoice())
        let check = try Tools.withFile(pdf, name: "untagged.pdf") { try Tools.run("qpdf", ["--check", $0.path]) }
        #expect(check.status == 0, "\(check.output)\(check.errors)")
        #expect(!(check.output + check.errors).contains("damaged"), "\(check.output)\(check.errors)")
    }

    /// Every in-use entry of the file's classic cross-reference sections, the newest section's
    /// entry winning, by object number.
    static func latestEntries(in pdf: [UInt8]) -> [Int: Int]? {
        guard let sections = sections(in: pdf) else { return nil }
        var entries: [Int: Int] = [:]
        for section in sections {
            for (number, offset) in section where entries[number] == nil { entries[number] = offset }
        }
        return entries
    }

    /// The in-use entries of each classic cross-reference section, newest first.
    static func sections(in pdf: [UInt8]) -> [[Int: Int]]? {
        let text = String(decoding: pdf, as: UTF8.self)
        guard let last = text.range(of: "startxref\n", options: .backwards),
            var offset = Int(text[last.upperBound...].prefix { $0.isNumber })
        else { return nil }
        var sections: [[Int: Int]] = []
        var visited: Set<Int> = []
        while visited.insert(offset).inserted {
            var entries: [Int: Int] = [:]
            defer { sections.append(entries) }
            let bytes = pdf[offset...]
            let section = String(decoding: bytes.prefix(200_000), as: UTF8.self)
            guard section.hasPrefix("xref\n") else { return nil }
            var lines = section.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
            while let line = lines.first, !line.hasPrefix("trailer") {
                let fields = line.split(separator: " ")
                guard fields.count == 2, let first = Int(fields[0]), let count = Int(fields[1]) else { return nil }
                lines = lines.dropFirst()
                for number in first..<(first + count) {
                    guard let row = lines.first else { return nil }
                    lines = lines.dropFirst()
                    let parts = row.split(separator: " ")
                    if parts.count >= 3, parts[2] == "n", let at = Int(parts[0]) {
                        entries[number] = at
                    }
                }
            }
            guard let trailer = section.range(of: "trailer"),
                let previous = section[trailer.upperBound...].range(of: "/Prev ")
            else { break }
            let rest = section[previous.upperBound...]
            guard let value = Int(rest.prefix { $0.isNumber }) else { break }
            // `/Prev` must belong to this trailer, not to a later object.
            guard !section[trailer.upperBound..<previous.lowerBound].contains("startxref") else { break }
            offset = value
        }
        return sections
    }
}
