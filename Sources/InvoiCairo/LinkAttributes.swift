import InvoiDocument

/// The attribute string of a Cairo link tag: `rect=[x y w h] uri='…'`.
struct LinkAttributes: Equatable {
    let text: String

    /// Whether the link's rectangle can be an annotation's: not empty, within the page's reach.
    static func isAnnotatable(_ link: LinkOp) -> Bool {
        let r = link.rect
        return PagePainter.isDrawable(r.x) && PagePainter.isDrawable(r.y) && PagePainter.isDrawable(r.width)
            && PagePainter.isDrawable(r.height) && r.width > 0 && r.height > 0
    }

    /// Nil when the rectangle is empty or out of the page's reach.
    init?(_ link: LinkOp) {
        let r = link.rect
        guard Self.isAnnotatable(link) else { return nil }
        let rect = [r.x, r.y, r.width, r.height].map(Self.decimal).joined(separator: " ")
        text = "rect=[\(rect)] uri='\(Self.quoted(Self.pdfSafeURI(link.uri)))'"
    }

    /// Cairo 1.16 writes the URI into a PDF literal string unescaped, so every
    /// byte that could end or corrupt that string (parentheses, backslash, quote,
    /// controls, non-ASCII) is percent-encoded, as a URI allows.
    static func pdfSafeURI(_ uri: String) -> String {
        var out = ""
        for byte in uri.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            case _ where "-._~:/?#[]@!$&*+,;=%".utf8.contains(byte):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let digits = Array("0123456789ABCDEF")
                out.append("%")
                out.append(digits[Int(byte >> 4)])
                out.append(digits[Int(byte & 0xF)])
            }
        }
        return out
    }

    /// Escapes a value for Cairo's attribute parser, which takes `\x` as `x`.
    static func quoted(_ value: String) -> String {
        var out = ""
        for character in value {
            if character == "'" || character == "\\" { out.append("\\") }
            out.append(character)
        }
        return out
    }

    /// Fixed-point with up to three decimals: Cairo's parser reads no exponents.
    static func decimal(_ value: Double) -> String {
        let thousandths = (value * 1000).rounded()
        guard abs(thousandths) < 1e15 else { return "0" }
        let magnitude = Int64(abs(thousandths))
        var s = thousandths < 0 && magnitude != 0 ? "-" : ""
        s += String(magnitude / 1000)
        var fraction = magnitude % 1000
        if fraction != 0 {
            var digits = 3
            while fraction % 10 == 0 {
                fraction /= 10
                digits -= 1
            }
            let text = String(fraction)
            s += "." + String(repeating: "0", count: digits - text.count) + text
        }
        return s
    }
}
