import Foundation
import InvoiSpeedups
import Testing

@testable import InvoiPDFFile

/// The one reader of a PDF's cross-reference data: classic tables, cross-reference streams
/// (with and without predictors) and objects inside object streams, through /Prev.
@Suite struct CrossReferenceTests {
    static func deflated(_ bytes: [UInt8]) throws -> [UInt8] {
        let compressor = try #require(DeflateCompressor())
        var out = [UInt8](repeating: 0, count: compressor.zlibBound(forInputCount: bytes.count))
        let count = try #require(
            bytes.withUnsafeBytes { input in out.withUnsafeMutableBytes { compressor.zlibCompress(input, into: $0) } })
        return Array(out[..<count])
    }

    /// A file as the tagged PDF writes it: objects 1 and 2 plain, 3 in object stream 4, a
    /// cross-reference stream (object 5), then an incremental update with a classic table that
    /// replaces object 2.
    static func file() throws -> [UInt8] {
        var bytes = Array("%PDF-1.5\n".utf8)
        var offsets: [Int: Int] = [:]
        func add(_ number: Int, _ text: String) {
            offsets[number] = bytes.count
            bytes += Array("\(number) 0 obj\n\(text)\nendobj\n".utf8)
        }
        add(1, "<< /Type /Catalog /Pages 2 0 R >>")
        add(2, "<< /Type /Pages /Kids [] /Count 0 >>")
        let objects = "3 0\n<< /Type /StructElem /S /P >>\n"
        let packed = try deflated(Array(objects.utf8))
        offsets[4] = bytes.count
        bytes += Array(
            "4 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Length \(packed.count) /Filter /FlateDecode >>\nstream\n".utf8)
        bytes += packed + Array("\nendstream\nendobj\n".utf8)
        let streamOffset = bytes.count
        let entries: [PDFCrossReferenceEntry] = [
            .free(next: 0, generation: 65535), .inUse(offset: offsets[1]!), .inUse(offset: offsets[2]!),
            .compressed(stream: 4, index: 0), .inUse(offset: offsets[4]!), .inUse(offset: streamOffset),
        ]
        let (widths, rows) = PDFCrossReferenceEntry.binary(entries)
        let packedRows = try deflated(rows)
        bytes += Array(
            ("5 0 obj\n<< /Type /XRef /Size 6 /W [ \(widths.map(String.init).joined(separator: " ")) ] /Root 1 0 R"
                + " /Length \(packedRows.count) /Filter /FlateDecode >>\nstream\n").utf8)
        bytes += packedRows + Array("\nendstream\nendobj\nstartxref\n\(streamOffset)\n%%EOF\n".utf8)
        let update = bytes.count
        bytes += Array("2 0 obj\n<< /Type /Pages /Kids [] /Count 0 /Changed true >>\nendobj\n".utf8)
        let table = bytes.count
        bytes += Array(PDFCrossReferenceTable.section([2: update]).utf8)
        bytes += Array("trailer\n<< /Size 6 /Root 1 0 R /Prev \(streamOffset) >>\nstartxref\n\(table)\n%%EOF\n".utf8)
        return bytes
    }

    @Test func objectsAreFoundThroughEverySection() throws {
        let file = try Self.file()
        let reference = try PDFCrossReference(file)
        #expect(reference.trailer["/Prev"] != nil, "the newest trailer is the update's")
        #expect(try reference.object(1).dictionary?["/Type"]?.isName("/Catalog") == true)
        #expect(try reference.object(2).dictionary?["/Changed"] != nil, "the update's version of object 2")
        #expect(try reference.object(3).dictionary?["/S"]?.isName("/P") == true, "from the object stream")
        #expect(throws: PDFSyntaxError.self) { try reference.object(9) }
        #expect(PDFTrailer(reference.trailer, crossReference: reference.lastSection)?.root == 1)
    }

    @Test func aLoopOfSectionsIsAnError() throws {
        var text = String(decoding: try Self.file(), as: UTF8.self)
        let last = try #require(text.ranges(of: "startxref\n").last)
        let table = text[last.upperBound...].prefix { $0.isNumber }
        text = text.replacingOccurrences(of: #"/Prev \d+"#, with: "/Prev \(table)", options: .regularExpression)
        #expect(throws: PDFSyntaxError.self) { try PDFCrossReference(Array(text.utf8)) }
    }

    /// qpdf writes its cross-reference streams with PNG Up prediction.
    @Test func predictedRowsAreUndone() throws {
        // Two rows of three bytes, the second predicted from the first.
        let predicted: [UInt8] = [2, 1, 2, 3, 2, 1, 1, 1]
        #expect(try PDFCrossReference.unpredicted(predicted, columns: 3) == [1, 2, 3, 2, 3, 4])
        #expect(throws: PDFSyntaxError.self) { try PDFCrossReference.unpredicted([7, 0, 0, 0], columns: 3) }
    }

    @Test func aClassicSectionIsWrittenInRunsAndReadBack() throws {
        let text = PDFCrossReferenceTable.section([0: 0, 1: 17, 2: 40, 7: 99])
        #expect(text.hasPrefix("xref\n0 3\n") && text.contains("7 1\n0000000099 00000 n \n"))
        var table = Array(
            "xref\n0 2\n0000000000 65535 f \n0000000017 00000 n \ntrailer\n<< /Size 2 /Root 1 0 R >>".utf8)
        let read = try #require(PDFCrossReferenceTable(startOf: table))
        #expect(read.entries == [.free(next: 0, generation: 65535), .inUse(offset: 17)])
        table.removeLast(30)
        #expect(PDFCrossReferenceTable(startOf: table) == nil)
    }

    /// Cairo's tables (one subsection, 20-byte rows) are read row by row; every other spelling by
    /// the tokenizer. The same table spelt both ways must read the same, and what one refuses the
    /// other refuses.
    @Test func cairosRowsAndOtherSpellingsReadAlike() throws {
        let trailer = "trailer\n<< /Size 4 /Root 1 0 R /Info 3 0 R >>\nstartxref\n123\n%%EOF\n"
        let rows = "0000000000 65535 f \n0000000015 00000 n \n0000004096 00002 n\r\n0000000000 00001 f \n"
        let cairos = Array(("\nxref\n0 4\n" + rows + trailer).utf8)
        // Read by the row reader itself, not left to the tokenizer.
        let byRows = try #require(PDFCrossReferenceTable.standardSection(cairos))
        let standard = try #require(PDFCrossReferenceTable(startOf: cairos))
        #expect(byRows.entries == standard.entries && byRows.trailer == standard.trailer)
        #expect(
            standard.entries == [
                .free(next: 0, generation: 65535), .inUse(offset: 15), .inUse(offset: 4096),
                .free(next: 0, generation: 1),
            ])
        #expect(standard.trailer["/Root"] != nil && standard.trailer["/Info"] != nil)
        let otherSpellings = [
            "xref\n0 4\n0 65535 f\n15 0 n\n4096 2 n\n0 1 f\n" + trailer,
            "xref % a comment\n0 4\n" + rows + trailer,
            "xref\n0 2\n0000000000 65535 f \n0000000015 00000 n \n2 2\n0000004096 00002 n \n0000000000 00001 f \n"
                + trailer,
        ]
        for text in otherSpellings {
            #expect(PDFCrossReferenceTable.standardSection(Array(text.utf8)) == nil, "the tokenizer's: \(text)")
            let read = try #require(PDFCrossReferenceTable(startOf: Array(text.utf8)), "\(text)")
            #expect(read.entries == standard.entries, "\(text)")
            #expect(read.trailer == standard.trailer, "\(text)")
        }
        let refused = [
            "xref\n0 4\n" + rows.replacingOccurrences(of: "00002 n", with: "00002 x") + trailer,
            "xref\n0 4\n" + rows + trailer.replacingOccurrences(of: "/Size 4", with: "/Size 5"),
            "xref\n0 5\n" + rows + trailer,
            "xref\n0 4\n" + rows,
        ]
        for text in refused { #expect(PDFCrossReferenceTable(startOf: Array(text.utf8)) == nil, "\(text)") }
    }
}
