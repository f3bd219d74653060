import Foundation
import InvoiModel
import Testing

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
