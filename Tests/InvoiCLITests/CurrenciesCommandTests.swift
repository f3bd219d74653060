import Foundation
import Testing

@Suite struct CurrenciesCommandTests {
    @Test func listsThe53CurrenciesInOrder() throws {
        let result = try TemporaryDirectory().run("currencies")
        #expect(result.status == 0)
        #expect(result.standardError == "")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 54)
        #expect(lines.first?.split(separator: " ").map(String.init) == ["CODE", "LOCALE", "DIGITS", "SAMPLE", "NAME"])
        let codes = lines.dropFirst().map { String($0.prefix(3)) }
        #expect(codes.prefix(6) == ["USD", "EUR", "GBP", "CHF", "JPY", "CNY"])
        #expect(codes.last == "TRY")
        #expect(Set(codes).count == 53)
        // Hand-checked rows: code, locale, digits, the sample 1234567.891 rounded and formatted.
        #expect(lines.contains { $0.hasPrefix("USD   en-US   2       $1,234,567.89 ") })
        #expect(lines.contains { $0.hasPrefix("EUR   de-DE   2       1.234.567,89\u{A0}€ ") })
        #expect(lines.contains { $0.hasPrefix("JPY   ja-JP   0       ¥1,234,568 ") })
        #expect(lines.contains { $0.hasPrefix("KWD   en-KW   3       KWD\u{A0}1,234,567.891 ") })
        #expect(lines.contains { $0.hasPrefix("INR   en-IN   2       ₹12,34,567.89 ") })
        #expect(lines.contains { $0.hasPrefix("CHF   de-CH   2       CHF\u{A0}1’234’567.89 ") })
        #expect(
            lines.contains { $0.hasPrefix("GBP   en-GB   2       £1,234,567.89 ") && $0.hasSuffix("British Pound") })
    }
}
