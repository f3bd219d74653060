import Testing

@testable import InvoiTerminal

@Suite struct CellWrappingTests {
    private func wrap(_ text: String, _ capacity: Int, words limit: Int = 60) -> [String] {
        let shown = ShownText(text)
        return shown.wrapped(toCells: capacity, keepingWordsUpTo: limit).map { line in
            String(decoding: shown.utf8(of: Array(line)), as: UTF8.self)
        }
    }

    @Test func breaksAtSpaces() {
        #expect(wrap("alpha beta gamma", 10) == ["alpha beta", "gamma"])
        #expect(wrap("  alpha   beta  ", 20) == ["alpha   beta"])
    }

    @Test func keepsAWordWholeOnALineOfItsOwn() {
        #expect(wrap("Beneficiary", 8) == ["Beneficiary"])
        #expect(wrap("a Beneficiary b", 8) == ["a", "Beneficiary", "b"])
    }

    @Test func cutsAWordWiderThanTheLimit() {
        #expect(wrap("abcdefghij", 3, words: 4) == ["abcd", "efgh", "ij"])
    }

    @Test func breaksAfterHyphensButNotAfterALeadingMinus() {
        #expect(wrap("well-known", 6) == ["well-", "known"])
        #expect(wrap("-$1,234.56", 5) == ["-$1,234.56"])
    }

    @Test func countsWideCharactersAsTwoCells() {
        #expect(wrap("東京オフィス", 5, words: 8) == ["東京オフ", "ィス"])
        #expect(wrap("東京 オフィス", 6) == ["東京", "オフィス"])
    }

    @Test func blankTextHasNoLines() {
        #expect(wrap("   ", 10).isEmpty)
        #expect(wrap("\u{1B}\u{7}", 10).isEmpty)
    }
}
