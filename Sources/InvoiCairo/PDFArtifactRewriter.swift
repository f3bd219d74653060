import Foundation
import InvoiSpeedups

/// Marks a tagged PDF's artifacts as ISO 32000-1 §14.8.2.2 asks, `/Artifact BMC … EMC`, in
/// Cairo's output as it passes. Cairo 1.16 refuses a tag named `Artifact`, so `StructureTags`
/// opens a `NonStruct` tag for an artifact; here, in each content stream Cairo wrote,
/// `/NonStruct << /MCID n >> BDC` becomes `/Artifact BMC` (the update then takes those elements
/// out of the structure tree). A rewritten stream changes length, so its /Length object and
/// Cairo's cross-reference table are written anew with the shifted offsets; everything else
/// passes unchanged. Like the collector, it relies on Cairo writing a stream's data in writes of
/// their own, the data ending at a write that starts `\nendstream`.
final class PDFArtifactRewriter {
    private enum Mode {
        case text
        /// Inside a stream that is passed on as it comes (fonts, images).
        case passing
        /// Inside a content stream, held until it ends.
        case holding(lengthObject: Int)
    }

    private var mode = Mode.text
    private var pending: [UInt8] = []
    private var held: [UInt8] = []
    /// Length objects of rewritten streams, and their new values.
    private var newLengths: [Int: Int] = [:]
    /// Where Cairo's offsets shift: from Cairo's offset `from` on, add `by`.
    private var shifts: [(from: Int, by: Int)] = []
    private var received = 0
    private var written = 0
    /// From `xref` on: the cross-reference table and trailer, rewritten at the end.
    private var inTrailer = false
    private let decompressor = DeflateDecompressor()
    private let compressor = DeflateCompressor(level: 6)
    /// Where the file's bytes go, a piece at a time (a stream's data a piece of its own).
    private let output: ([UInt8]) -> Void

    init(output: @escaping ([UInt8]) -> Void) {
        self.output = output
    }

    private static let endStream = Array("\nendstream".utf8)
    private static let streamStart = Array(">>\nstream\n".utf8)
    private static let objectEnd = Array("endobj".utf8)
    private static let contentPrefix = Array("<< /Length ".utf8)
    private static let contentSuffix = Array(" 0 R\n   /Filter /FlateDecode\n>>\nstream\n".utf8)
    private static let marker = Array("/NonStruct << /MCID ".utf8)

    /// Takes Cairo's bytes; hands what goes to the file to `output`.
    func process(_ bytes: UnsafeBufferPointer<UInt8>) {
        let bytes = bytes[...]
        received += bytes.count
        switch mode {
        case .passing:
            guard bytes.starts(with: Self.endStream) else { return emit(Array(bytes)) }
            mode = .text
        case .holding(let lengthObject):
            guard bytes.starts(with: Self.endStream) else {
                held.append(contentsOf: bytes)
                return
            }
            finishHeld(lengthObject: lengthObject, endingAt: received - bytes.count)
            mode = .text
        case .text: break
        }
        pending.append(contentsOf: bytes)
        if inTrailer { return }
        while let end = PDFObjectCollector.firstIndex(of: Self.objectEnd, in: pending) {
            let objectText = Array(pending[..<(end + Self.objectEnd.count)])
            pending.removeFirst(end + Self.objectEnd.count)
            emit(rewrittenLength(objectText))
        }
        if pending.count >= Self.streamStart.count,
            pending.suffix(Self.streamStart.count).elementsEqual(Self.streamStart)
        {
            let header = pending
            pending = []
            mode = Self.contentLengthObject(header).map { .holding(lengthObject: $0) } ?? .passing
            held = []
            emit(header)
        } else if let xref = PDFObjectCollector.firstIndex(of: Array("\nxref\n".utf8), in: pending) {
            emit(Array(pending[..<xref]))
            pending.removeFirst(xref)
            inTrailer = true
        }
    }

    /// The rest, once Cairo is done: the cross-reference table and the trailer with the
    /// offsets moved.
    func finish() {
        guard inTrailer else {
            defer { pending = [] }
            return emit(pending)
        }
        var text = String(decoding: pending, as: UTF8.self)
        pending = []
        guard !shifts.isEmpty, let xref = text.range(of: "xref\n"), let trailer = text.range(of: "trailer") else {
            return emit(Array(text.utf8))
        }
        var table = ""
        for line in text[xref.upperBound..<trailer.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
        {
            if line.count >= 18, line.hasSuffix(" n "), let offset = Int(line.prefix(10)) {
                let moved = String(shifted(offset))
                table += String(repeating: "0", count: max(0, 10 - moved.count)) + moved + line.dropFirst(10) + "\n"
            } else if !line.isEmpty {
                table += line + "\n"
            }
        }
        text = String(text[..<xref.upperBound]) + table + String(text[trailer.lowerBound...])
        if let start = text.range(of: "startxref\n", options: .backwards) {
            let digits = text[start.upperBound...].prefix { $0.isNumber }
            if let offset = Int(digits) {
                text =
                    String(text[..<start.upperBound]) + String(shifted(offset))
                    + String(text[text.index(start.upperBound, offsetBy: digits.count)...])
            }
        }
        return emit(Array(text.utf8))
    }

    private func shifted(_ offset: Int) -> Int {
        var delta = 0
        for shift in shifts where shift.from <= offset { delta = shift.by }
        return offset + delta
    }

    private func emit(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        written += bytes.count
        output(bytes)
    }

    /// The object of a content stream's header (`<< /Length N 0 R /Filter /FlateDecode >>`
    /// and nothing else): its length object N.
    private static func contentLengthObject(_ header: [UInt8]) -> Int? {
        guard let start = PDFObjectCollector.firstIndex(of: contentPrefix, in: header),
            header.count > contentSuffix.count, header.suffix(contentSuffix.count).elementsEqual(contentSuffix)
        else { return nil }
        let digits = header[(start + contentPrefix.count)..<(header.count - contentSuffix.count)]
        guard !digits.isEmpty, digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int(String(decoding: digits, as: UTF8.self))
    }

    /// The held stream's data, rewritten when it marks artifacts (else as it was).
    private func finishHeld(lengthObject: Int, endingAt cairoEnd: Int) {
        let original = held
        held = []
        guard let decompressor, let compressor,
            let content = decompressor.zlibDecompress(original),
            PDFObjectCollector.firstIndex(of: Self.marker, in: content) != nil
        else { return emit(original) }
        let marked = Self.markingArtifacts(content)
        var compressed = [UInt8](repeating: 0, count: compressor.zlibBound(forInputCount: marked.count))
        let count = marked.withUnsafeBytes { input in
            compressed.withUnsafeMutableBytes { compressor.zlibCompress(input, into: $0) }
        }
        guard let count else { return emit(original) }
        compressed.removeSubrange(count...)
        let output = compressed
        newLengths[lengthObject] = count
        emit(output)
        shifts.append((cairoEnd, written - cairoEnd))
    }

    /// `content` with every `/NonStruct << /MCID n >> BDC` as `/Artifact BMC`.
    static func markingArtifacts(_ content: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(content.count)
        var index = 0
        let close = Array(" >> BDC".utf8)
        while index < content.count {
            if content[index] == marker[0], content[index...].starts(with: marker) {
                var end = index + marker.count
                while end < content.count, (0x30...0x39).contains(content[end]) { end += 1 }
                if end > index + marker.count, content[end...].starts(with: close) {
                    out += Array("/Artifact BMC".utf8)
                    index = end + close.count
                    continue
                }
            }
            out.append(content[index])
            index += 1
        }
        return out
    }

    /// A stream's length object with its new value, when the stream was rewritten; the text
    /// otherwise. Its offset shift is noted after it.
    private func rewrittenLength(_ object: [UInt8]) -> [UInt8] {
        guard !newLengths.isEmpty else { return object }
        let text = String(decoding: object, as: UTF8.self)
        guard let header = text.range(of: " 0 obj\n") else { return object }
        let numberText = text[..<header.lowerBound].reversed().prefix { $0.isNumber }
        guard let number = Int(String(numberText.reversed())), let length = newLengths.removeValue(forKey: number)
        else { return object }
        let body = text[header.upperBound...]
        let old = body.drop { $0 == " " }.prefix { $0.isNumber }
        guard !old.isEmpty else { return object }
        let rewritten = String(text[..<header.upperBound]) + "   \(length)\nendobj"
        // Everything after this object moves by the change in its size, on top of the stream's.
        let cairoEnd = received - pending.count
        let change = rewritten.utf8.count - object.count
        let previous = shifts.last?.by ?? 0
        shifts.append((cairoEnd, previous + change))
        _ = body
        return Array(rewritten.utf8)
    }
}
