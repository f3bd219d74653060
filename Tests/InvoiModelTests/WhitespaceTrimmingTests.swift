import Foundation
import InvoiCharacters
import Testing

@Suite("Whitespace trimming")
struct WhitespaceTrimmingTests {
    @Test(arguments: [
        "", " ", "1773307800", " 1773307800\t", "\u{00A0}12\u{3000}", "\u{2003}x", "x\u{200A}", "a b", "\n1\n",
        "Acme Studio — INV-0001", "é", "#", "~x~", "\tUmask:\t0022\n", " \u{0085}", "\u{7F}a", "a\u{1}", "  é  ", " x ",
        "\t\t", "mail@example.com\u{2009}", "\u{200B}חשבונית\u{200B} ", " \u{301}", "x \u{301} ", "\u{2068}a\u{2069}",
    ])
    func trimsAsFoundationDoes(_ text: String) {
        #expect(text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespaces))
        let substring = ("<" + text + ">").dropFirst().dropLast()
        #expect(substring.trimmingWhitespace() == substring.trimmingCharacters(in: .whitespaces))
    }

    @Test func blanksAreFoundationsWhitespaces() {
        let differing = (UInt32(0)...0x10FFFF).compactMap(Unicode.Scalar.init).filter {
            $0.isBlank != CharacterSet.whitespaces.contains($0)
        }
        #expect(differing.isEmpty, "\(differing.map { "U+" + String($0.value, radix: 16) })")
    }
}
