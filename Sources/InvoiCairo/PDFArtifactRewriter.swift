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
    private let compressor = DeflateCompressor()
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
    private static let xrefStart = Array("\nxref\n".utf8)
    private static let objectHeader = Array(" 0 obj\n".utf8)

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
        // Only the new bytes (and the few before, where a word may begin) are looked through:
        // Cairo writes a long array a number at a time.
        var from = max(0, pending.count - Self.objectEnd.count)
        pending.append(contentsOf: bytes)
        if inTrailer { return }
        while let end = PDFObjectCollector.firstIndex(of: Self.objectEnd, in: pending, from: from) {
            let objectText = Array(pending[..<(end + Self.objectEnd.count)])
            pending.removeFirst(end + Self.objectEnd.count)
            emit(rewrittenLength(objectText))
            from = 0
        }
        if pending.count >= Self.streamStart.count,
            pending.suffix(Self.streamStart.count).elementsEqual(Self.streamStart)
        {
            let header = pending
            pending = []
            mode = Self.contentLengthObject(header).map { .holding(lengthObject: $0) } ?? .passing
            held = []
            emit(header)
        } else if let xref = PDFObjectCollector.firstIndex(
            of: Self.xrefStart, in: pending, from: max(0, from - Self.xrefStart.count))
        {
            emit(Array(pending[..<xref]))
            pending.removeFirst(xref)
            inTrailer = true
        }
    }

    /// The rest, once Cairo is done: the cross-reference table and the trailer with the
    /// offsets moved.
    func finish() {
        defer { pending = [] }
        guard inTrailer, !shifts.isEmpty else { return emit(pending) }
        // Cairo's table: `xref`, `0 N`, then one 20-byte entry per object, `nnnnnnnnnn ggggg n \n`.
        var out = pending
        guard let table = PDFObjectCollector.firstIndex(of: Self.xrefStart, in: out) else { return emit(pending) }
        var index = table + Self.xrefStart.count
        while index < out.count, out[index] != 0x0A { index += 1 }  // the `0 N` line
        index += 1
        while index + 20 <= out.count, out[index + 17] == UInt8(ascii: "n") || out[index + 17] == UInt8(ascii: "f") {
            if out[index + 17] == UInt8(ascii: "n"), let offset = Self.integer(out[index..<(index + 10)]) {
                out.replaceSubrange(index..<(index + 10), with: Self.padded(shifted(offset)))
            }
            index += 20
        }
        let mark = Array("startxref\n".utf8)
        if let start = Self.lastIndex(of: mark, in: out) {
            var end = start + mark.count
            while end < out.count, (0x30...0x39).contains(out[end]) { end += 1 }
            if let offset = Self.integer(out[(start + mark.count)..<end]) {
                out.replaceSubrange((start + mark.count)..<end, with: Array(String(shifted(offset)).utf8))
            }
        }
        emit(out)
    }

    private static func integer(_ bytes: ArraySlice<UInt8>) -> Int? {
        guard !bytes.isEmpty, bytes.count < 16, bytes.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return bytes.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    private static func padded(_ value: Int) -> [UInt8] {
        let digits = Array(String(value).utf8)
        return [UInt8](repeating: 0x30, count: max(0, 10 - digits.count)) + digits
    }

    private static func lastIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        var index = haystack.count - needle.count
        while index >= 0 {
            if haystack[index] == needle[0], haystack[index..<(index + needle.count)].elementsEqual(needle) {
                return index
            }
            index -= 1
        }
        return nil
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

    /// A stream's length object with its new value, when the stream was rewritten; the object
    /// as it was otherwise. Its offset shift is noted after it.
    private func rewrittenLength(_ object: [UInt8]) -> [UInt8] {
        guard !newLengths.isEmpty, let header = PDFObjectCollector.firstIndex(of: Self.objectHeader, in: object)
        else { return object }
        var digitsStart = header
        while digitsStart > 0, (0x30...0x39).contains(object[digitsStart - 1]) { digitsStart -= 1 }
        guard let number = Self.integer(object[digitsStart..<header]),
            let length = newLengths.removeValue(forKey: number)
        else { return object }
        let rewritten = Array(object[..<(header + Self.objectHeader.count)]) + Array("   \(length)\nendobj".utf8)
        // Everything after this object moves by the change in its size, on top of the stream's.
        let cairoEnd = received - pending.count
        shifts.append((cairoEnd, (shifts.last?.by ?? 0) + rewritten.count - object.count))
        return rewritten
    }
}
