import InvoiDocument
import InvoiText
import Testing

@Suite struct DigitOrderTests {
    @Test func aMarkAmongDigitGroupsIsFound() {
        #expect(DigitOrder.marksReorderDigits(in: "Pay to GB29 NWBK\u{200F}6016 1331 9268 19", fallbackDirection: nil))
        #expect(DigitOrder.marksReorderDigits(in: "Ref A\u{061C}12 34 56", fallbackDirection: .leftToRight))
        // The same in a right-to-left paragraph: an LRM turns Hebrew's own number order.
        #expect(DigitOrder.marksReorderDigits(in: "חשבון \u{200E}12 34", fallbackDirection: .rightToLeft))
    }

    @Test func marksThatPlacePunctuationPass() {
        #expect(!DigitOrder.marksReorderDigits(in: "תודה\u{200F}. 12 34", fallbackDirection: .rightToLeft))
        #expect(!DigitOrder.marksReorderDigits(in: "רחוב הרצל 12, תל אביב\u{200F}", fallbackDirection: .rightToLeft))
        #expect(!DigitOrder.marksReorderDigits(in: "Ref 1234\u{200F} 5678", fallbackDirection: nil))
    }

    @Test func textWithoutMarksPasses() {
        // Hebrew shows "12 34" as the bidi algorithm orders it for a right-to-left reader.
        #expect(!DigitOrder.marksReorderDigits(in: "שלום 12 34", fallbackDirection: .rightToLeft))
        #expect(!DigitOrder.marksReorderDigits(in: "Invoice 12 34", fallbackDirection: nil))
    }

    @Test func anIdentifierWithAHebrewWordBeforeDigitGroups() {
        #expect(DigitOrder.identifierReordersDigits("GB29 שלום 6016 1331"))
        #expect(!DigitOrder.identifierReordersDigits("IL62 0108 0000 0009 9999 999"))
        #expect(!DigitOrder.identifierReordersDigits("חש-2026"))
        #expect(!DigitOrder.identifierReordersDigits("+972-52-555-0187"))
    }
}
