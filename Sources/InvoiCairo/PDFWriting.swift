/// The bytes of the objects a tagged PDF's writer adds to Cairo's file, written straight into
/// byte arrays: a 200,000-item invoice has over a million structure elements, and a `String`
/// made and converted for each number would cost more than the element itself.
enum PDFWriting {
    static func append(_ text: StaticString, to out: inout [UInt8]) {
        text.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    /// A non-negative integer's decimal digits.
    static func append(_ value: Int, to out: inout [UInt8]) {
        precondition(value >= 0, "PDF object numbers, MCIDs and keys are not negative")
        if value < 10 {
            out.append(UInt8(ascii: "0") + UInt8(value))
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var rest = value
            var start = 20
            while rest > 0 {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    /// `N 0 R`.
    static func appendReference(_ number: Int, to out: inout [UInt8]) {
        append(number, to: &out)
        out += [0x20, UInt8(ascii: "0"), 0x20, UInt8(ascii: "R")]
    }

    /// A PDF text string in UTF-16BE with its byte order mark, written in hex.
    static func textString(_ text: String) -> String {
        let digits: [UInt8] = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = Array("<FEFF".utf8)
        out.reserveCapacity(6 + 4 * text.utf16.count)
        for unit in text.utf16 {
            out.append(digits[Int(unit >> 12)])
            out.append(digits[Int(unit >> 8) & 0xF])
            out.append(digits[Int(unit >> 4) & 0xF])
            out.append(digits[Int(unit) & 0xF])
        }
        out.append(UInt8(ascii: ">"))
        return String(decoding: out, as: UTF8.self)
    }

    /// A PDF name (`/text#2Fxml` for `text/xml`): every byte outside `!` … `~`, and the
    /// delimiters and `#`, written as `#XX`.
    static func name(_ text: String) -> String {
        let digits = Array("0123456789ABCDEF")
        var out = "/"
        for byte in text.utf8 {
            if (0x21...0x7E).contains(byte), !"()<>[]{}/%#".utf8.contains(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "#" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0xF)])
            }
        }
        return out
    }

    /// `entries` added to a dictionary, before its closing `>>`; nil when it has none.
    static func adding(_ entries: [UInt8], to dictionary: ArraySlice<UInt8>) -> [UInt8]? {
        var close = dictionary.endIndex - 2
        while close >= dictionary.startIndex, !(dictionary[close] == 0x3E && dictionary[close + 1] == 0x3E) {
            close -= 1
        }
        guard close >= dictionary.startIndex else { return nil }
        var out = Array(dictionary[..<close])
        out += Array("   ".utf8)
        out += entries
        out.append(0x0A)
        out += dictionary[close...]
        return out
    }
}

/// Objects gathered for one object stream (ISO 32000-1 §7.5.7): their numbers and offsets, and
/// their bodies one after another.
struct PDFObjectStreamBuilder {
    private(set) var numbers: [Int] = []
    private(set) var header: [UInt8] = []
    private(set) var data: [UInt8] = []

    var isEmpty: Bool { numbers.isEmpty }

    /// Adds object `number`, whose body `write` appends.
    mutating func add(number: Int, _ write: (inout [UInt8]) -> Void) {
        numbers.append(number)
        PDFWriting.append(number, to: &header)
        header.append(0x20)
        PDFWriting.append(data.count, to: &header)
        header.append(0x20)
        write(&data)
        data.append(0x0A)
    }
}
