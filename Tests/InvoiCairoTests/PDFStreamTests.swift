import Foundation
import InvoiDocument
import Testing

@testable import InvoiCairo

/// `PDFStream` finds the catalog and keeps the tail however Cairo cuts its writes: the
/// catalog's mark or its object header may straddle two writes, or come one byte a time.
@Suite struct PDFStreamTests {
    private final class Collector: ByteSink {
        var bytes: [UInt8] = []
        func write(_ raw: UnsafeRawBufferPointer) throws { bytes.append(contentsOf: raw) }
    }

    /// A whole PDF as Cairo writes it, the catalog object in it, and its last 4 KB.
    static let pdf: [UInt8] = {
        let text = """
            %PDF-1.5
            %\u{00B5}\u{00ED}\u{00AE}\u{00FB}
            3 0 obj
            << /Length 4 0 R /Filter /FlateDecode >>
            stream
            \(String(repeating: "x/Type /Catalo", count: 700))
            endstream
            endobj
            1 0 obj
            << /Type /Pages /Kids [ 5 0 R ] /Count 1 >>
            endobj
            12 0 obj
            << /Type /Catalog
               /Pages 1 0 R
            >>
            endobj
            xref
            0 13
            \(String(repeating: "0000000000 65535 f \n", count: 13))trailer
            << /Size 13 /Root 12 0 R /Info 11 0 R >>
            startxref
            9999
            %%EOF

            """
        return Array(text.utf8)
    }()

    static let catalog = Array("\n12 0 obj\n<< /Type /Catalog\n   /Pages 1 0 R\n>>\nendobj".utf8)

    @Test(arguments: [1, 2, 3, 7, 13, 14, 15, 64, 500, 4096, 100_000])
    func theCatalogIsFoundInWritesOfAnySize(size: Int) throws {
        let collector = Collector()
        let stream = PDFStream(sink: collector)
        // The first half as pages, written before the stream is told the file is finishing.
        let half = Self.pdf.count / 2
        var offset = 0
        func write(upTo end: Int) {
            while offset < end {
                let piece = Array(Self.pdf[offset..<min(end, offset + size)])
                #expect(piece.withUnsafeBytes { stream.write($0) })
                offset += piece.count
            }
        }
        write(upTo: half)
        stream.isFinishing = true
        write(upTo: Self.pdf.count)
        #expect(stream.flush())
        #expect(collector.bytes == Self.pdf)
        #expect(stream.byteCount == Self.pdf.count)
        #expect(stream.catalog == Self.catalog)
        #expect(Self.pdf.ends(with: stream.tail) && stream.tail.count >= min(4096, Self.pdf.count - half))
    }
}

extension Array where Element == UInt8 {
    fileprivate func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && self[(count - suffix.count)...].elementsEqual(suffix)
    }
}
