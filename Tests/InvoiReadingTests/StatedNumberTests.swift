import Foundation
import InvoiReading
import Testing

@testable import InvoiModel

@Suite struct StatedNumberTests {
    @Test func keepsTheDecimalsAsWritten() throws {
        let number = try #require(StatedNumber(xml: " 2.500\n"))
        #expect(number.value == Decimal(string: "2.5"))
        #expect(number.fractionDigits == 3)
        #expect(number.description == "2.500")
        #expect(StatedNumber(xml: "-12")?.description == "-12")
        #expect(StatedNumber(xml: ".5")?.description == "0.5")
        #expect(StatedNumber(xml: "+3.10")?.value == Decimal(string: "3.1"))
    }

    @Test func refusesWhatXMLDecimalsDoNotAllow() {
        for text in ["", "-", ".", "1e3", "1,5", "1.2.3", "0x10", "NaN", " 1 2"] {
            #expect(StatedNumber(xml: text) == nil, "\(text)")
        }
    }
}

@Suite struct FigureDisagreementTests {
    @Test func bothFiguresAreWrittenWithTheSameDecimals() {
        let disagreement = FigureDisagreement(
            rule: "BR-CO-10", term: "BT-106", stated: Decimal(string: "2680.01")!, expected: 2680)
        #expect(disagreement.description == "BR-CO-10: BT-106 states 2680.01, the lines' net amounts add up to 2680.00")
        let finer = FigureDisagreement(
            rule: "BR-CO-14", term: "BT-110", stated: Decimal(string: "7.4")!, expected: Decimal(string: "7.405")!)
        #expect(finer.description.hasSuffix("states 7.400, the VAT breakdown's amounts add up to 7.405"))
    }
}

@Suite struct ReadingErrorTests {
    /// An error may quote the file's text, a line break or an escape sequence included.
    @Test func aMessageHasNoControlCharacter() {
        let error = EInvoiceReadingError(message: "not a number: \"2ce-2\"\n  x=\u{1B}[31m\"", path: "/Invoice")
        #expect(!error.message.unicodeScalars.contains { $0.properties.generalCategory == .control })
        #expect(error.message.hasPrefix("not a number: \"2ce-2\""))
    }
}
