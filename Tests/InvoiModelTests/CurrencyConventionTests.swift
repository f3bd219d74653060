import Foundation
import InvoiTestSupport
import Testing

@testable import InvoiModel

/// `CurrencyConvention.table` must be ICU's conventions, and formatting through it must give
/// ICU's strings. `INVOI_RECORD_CONVENTIONS=1` (what `tools/record-conventions` sets) rewrites
/// the table from ICU instead; review its diff like a golden's.
@Suite struct CurrencyConventionTests {
    static let tableFile = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/InvoiModel/CurrencyConvention+Table.swift")

    static var isRecording: Bool { ProcessInfo.processInfo.environment["INVOI_RECORD_CONVENTIONS"] == "1" }

    @Test func tableIsWhatICUDoes() throws {
        let derived = try Currency.all.map { ($0, try ICUConventionProbe(currency: $0).convention()) }
        if Self.isRecording {
            try Data(Self.source(derived).utf8).write(to: Self.tableFile)
            return
        }
        #expect(
            CurrencyConvention.table.count == Currency.all.count,
            "the table has \(CurrencyConvention.table.count) currencies; run tools/record-conventions")
        for (currency, convention) in derived where CurrencyConvention.table[currency.code] != convention {
            Issue.record(
                """
                \(currency.code) in \(currency.conventionalLocale): ICU now writes
                \(Self.entry(currency, convention))
                run tools/record-conventions and review the diff
                """)
        }
    }

    /// Amounts of every size, sign and rounding edge, each compared with ICU's own string.
    @Test(arguments: Currency.all)
    func amountsAreICUsStrings(_ currency: Currency) throws {
        let icu = ICUStyles(currency: currency, localeIdentifier: currency.conventionalLocale)
        let formatter = AmountFormatter(currency: currency)
        var random = SplitMix64(seed: currency.code.unicodeScalars.reduce(0x1C0) { $0 &* 31 &+ UInt64($1.value) })
        var amounts = [
            "0", "0.004", "0.005", "-0.005", "-0.004", "1", "-1", "0.5", "999.995", "1000", "-1000",
            "9999.999", "10000", "99999.5", "100000", "1234567.891", "-1234567.891",
            "999999999999.99", "-999999999999.999", "1000000000000",
        ].map { Decimal(string: $0)! }
        for _ in 0..<300 {
            let integerDigits = Int.random(in: 0...12, using: &random)
            let fractionDigits = Int.random(in: 0...4, using: &random)
            var text = Int.random(in: 0...3, using: &random) == 0 ? "-" : ""
            text += integerDigits == 0 ? "0" : String(Int.random(in: 1...9, using: &random))
            for _ in 1..<max(integerDigits, 1) { text += String(Int.random(in: 0...9, using: &random)) }
            if fractionDigits > 0 {
                text += "."
                for _ in 0..<fractionDigits { text += String(Int.random(in: 0...9, using: &random)) }
            }
            amounts.append(Decimal(string: text)!)
        }
        let convention = try #require(CurrencyConvention.table[currency.code])
        #expect(formatter.writesFromCapturedConvention)
        for amount in amounts {
            let money = Money(amount: amount, currency: currency)
            let expected = amount.roundedHalfAwayFromZero(fractionDigits: currency.fractionDigits)
                .formatted(icu.invoiceCurrencyStyle)
            #expect(formatter.string(for: money) == expected, "\(currency.code) \(amount)")
            #expect(convention.currencyString(amount) == expected, "\(currency.code) \(amount)")
        }
    }

    /// Quantities and rates: any number of digits, both signs, compared with ICU's plain style.
    @Test(arguments: Currency.all)
    func plainNumbersAreICUsStrings(_ currency: Currency) throws {
        let icu = ICUStyles(currency: currency, localeIdentifier: currency.conventionalLocale)
        let formatter = AmountFormatter(currency: currency)
        var random = SplitMix64(seed: 0x9A1)
        var values = [
            "0", "1", "-1", "0.5", "-0.5", "12.5", "1234567", "-1234567.25", "0.0000001",
            "999999999999.999999", "20", "7.25",
        ].map { Decimal(string: $0)! }
        for _ in 0..<100 {
            let scale = Int16.random(in: -10...0, using: &random)
            let significand = Decimal(Int64.random(in: -10_000_000_000...10_000_000_000, using: &random))
            values.append(
                Decimal(
                    sign: significand < 0 ? .minus : .plus, exponent: Int(scale),
                    significand: significand.magnitude))
        }
        let convention = try #require(CurrencyConvention.table[currency.code])
        for value in values {
            #expect(convention.plainString(value) == value.formatted(icu.plainStyle), "\(currency.code) \(value)")
            #expect(formatter.quantityString(value) == value.formatted(icu.plainStyle), "\(currency.code) \(value)")
            #expect(formatter.percentString(value) == value.formatted(icu.plainStyle), "\(currency.code) \(value)")
        }
    }

    @Test func groupsAsTheConventionSays() {
        let indian = CurrencyConvention(
            decimalSeparator: ".", groupingSeparator: ",", primaryGroupSize: 3, secondaryGroupSize: 2,
            minimumGroupingDigits: 1, fractionDigits: 2, positive: .init(prefix: "₹", suffix: ""),
            negative: .init(prefix: "-₹", suffix: ""), plainDecimalSeparator: ".",
            plainNegative: .init(prefix: "-", suffix: ""))
        #expect(indian.currencyString(Decimal(string: "123456789.5")!) == "₹12,34,56,789.50")
        #expect(indian.currencyString(Decimal(string: "-999")!) == "-₹999.00")
        #expect(indian.currencyString(Decimal(string: "1000.005")!) == "₹1,000.01")
        var polish = indian
        polish.primaryGroupSize = 3
        polish.secondaryGroupSize = 3
        polish.minimumGroupingDigits = 2
        #expect(polish.currencyString(1234) == "₹1234.00")
        #expect(polish.currencyString(12345) == "₹12,345.00")
        #expect(indian.plainString(Decimal(string: "-0.25")!) == "-0.25")
        #expect(indian.currencyString(.nan) == nil)
    }

    /// A locale override, or an amount in another currency, is formatted by ICU.
    @Test func overridesGoThroughICU() throws {
        let eur = try #require(Currency(code: "EUR"))
        let german = AmountFormatter(currency: .usd, locale: "de-DE")
        #expect(german.string(for: Money(amount: 1234.5, currency: .usd)) == "1.234,50\u{A0}$")
        #expect(german.quantityString(Decimal(string: "2.5")!) == "2,5")
        #expect(!german.writesFromCapturedConvention)
        let american = AmountFormatter(currency: .usd)
        #expect(american.string(for: Money(amount: 5, currency: eur)) == "€5.00")
    }

    // MARK: - Recording

    static func source(_ conventions: [(Currency, CurrencyConvention)]) -> String {
        """
        // Generated by tools/record-conventions from the ICU inside the Swift toolchain's
        // Foundation (currency format style, Latin digits, each currency's conventional
        // locale). Not edited by hand: CurrencyConventionTests compare it with ICU every run.

        extension CurrencyConvention {
            static let table: [String: CurrencyConvention] = [
        \(conventions.map { "        " + entry($0.0, $0.1) + "," }.joined(separator: "\n"))
            ]
        }

        """
    }

    static func entry(_ currency: Currency, _ c: CurrencyConvention) -> String {
        func quoted(_ text: String) -> String {
            "\""
                + text.unicodeScalars.map { scalar in
                    switch scalar {
                    case "\"", "\\": "\\" + String(scalar)
                    case " "..."~": String(scalar)
                    default: "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                    }
                }.joined() + "\""
        }
        func affixes(_ a: CurrencyConvention.Affixes) -> String {
            ".init(prefix: \(quoted(a.prefix)), suffix: \(quoted(a.suffix)))"
        }
        return "\(quoted(currency.code)): .init(decimalSeparator: \(quoted(c.decimalSeparator)), "
            + "groupingSeparator: \(quoted(c.groupingSeparator)), primaryGroupSize: \(c.primaryGroupSize), "
            + "secondaryGroupSize: \(c.secondaryGroupSize), minimumGroupingDigits: \(c.minimumGroupingDigits), "
            + "fractionDigits: \(c.fractionDigits), positive: \(affixes(c.positive)), negative: \(affixes(c.negative)), "
            + "plainDecimalSeparator: \(quoted(c.plainDecimalSeparator)), plainNegative: \(affixes(c.plainNegative)))"
    }
}

/// Reads a currency's convention off ICU's output for probe numbers.
struct ICUConventionProbe {
    struct Unexpected: Error, CustomStringConvertible {
        var description: String
    }

    let currency: Currency
    let styles: ICUStyles

    init(currency: Currency) {
        self.currency = currency
        styles = ICUStyles(currency: currency, localeIdentifier: currency.conventionalLocale)
    }

    func convention() throws -> CurrencyConvention {
        let one = try split(currency("1"))
        // `1` shows ICU's fraction digits for the currency: `1,00`, `1.000`, `1`.
        let fractionDigits =
            one.core.unicodeScalars.allSatisfy(Self.isDigit)
            ? 0 : one.core.unicodeScalars.reversed().prefix(while: Self.isDigit).count
        let unit = try numberParts(one.core, fractionDigits: fractionDigits)
        let large = try split(currency("123456789012"))
        let negative = try split(currency("-123456789012"))
        guard negative.core == large.core else {
            throw Unexpected(description: "\(self.currency.code): negative digits \(negative.core) ≠ \(large.core)")
        }
        let largeParts = try numberParts(large.core, fractionDigits: fractionDigits)
        let groups = largeParts.integerRuns
        let plainNegative = try split(plain("-12.5"))
        let plainParts = try numberParts(plainNegative.core, fractionDigits: 1)
        let plainPositive = try split(plain("12.5"))
        guard plainPositive.prefix.isEmpty, plainPositive.suffix.isEmpty, plainPositive.core == plainNegative.core
        else {
            throw Unexpected(description: "\(self.currency.code): plain numbers are not written as \(plainPositive)")
        }
        let primary = groups.count > 1 ? groups[groups.count - 1].count : 0
        let secondary = groups.count > 2 ? groups[groups.count - 2].count : primary
        var minimumGrouping = 1
        if primary > 0 {
            // The shortest integer part ICU groups, beyond the first group.
            while minimumGrouping < 4,
                try numberParts(
                    split(currency(String(repeating: "1", count: primary + minimumGrouping))).core,
                    fractionDigits: fractionDigits
                ).integerRuns.count == 1
            {
                minimumGrouping += 1
            }
        }
        return CurrencyConvention(
            decimalSeparator: unit.decimalSeparator ?? plainParts.decimalSeparator ?? ".",
            groupingSeparator: largeParts.groupingSeparator ?? "",
            primaryGroupSize: primary, secondaryGroupSize: secondary, minimumGroupingDigits: minimumGrouping,
            fractionDigits: fractionDigits,
            positive: .init(prefix: one.prefix, suffix: one.suffix),
            negative: .init(prefix: negative.prefix, suffix: negative.suffix),
            plainDecimalSeparator: plainParts.decimalSeparator ?? ".",
            plainNegative: .init(prefix: plainNegative.prefix, suffix: plainNegative.suffix))
    }

    private func currency(_ text: String) -> String { Decimal(string: text)!.formatted(styles.invoiceCurrencyStyle) }
    private func plain(_ text: String) -> String { Decimal(string: text)!.formatted(styles.plainStyle) }

    /// Text before the first ASCII digit, from it to the last, and after.
    private func split(_ text: String) throws -> (prefix: String, core: String, suffix: String) {
        let scalars = Array(text.unicodeScalars)
        guard let first = scalars.firstIndex(where: Self.isDigit),
            let last = scalars.lastIndex(where: Self.isDigit)
        else {
            throw Unexpected(description: "\(currency.code): no digits in \(text)")
        }
        func string(_ slice: ArraySlice<Unicode.Scalar>) -> String { String(String.UnicodeScalarView(slice)) }
        return (string(scalars[..<first]), string(scalars[first...last]), string(scalars[(last + 1)...]))
    }

    /// `1.234.567,89` with 2 fraction digits → runs `1`, `234`, `567`; grouping `.`; decimal `,`.
    private func numberParts(
        _ core: String, fractionDigits: Int
    ) throws
        -> (integerRuns: [String], groupingSeparator: String?, decimalSeparator: String?)
    {
        var runs: [String] = []
        var separators: [String] = []
        var current = ""
        var inDigits = true
        for scalar in core.unicodeScalars {
            if Self.isDigit(scalar) != inDigits {
                if inDigits { runs.append(current) } else { separators.append(current) }
                current = ""
                inDigits.toggle()
            }
            current.unicodeScalars.append(scalar)
        }
        runs.append(current)
        var decimal: String?
        if fractionDigits > 0 {
            guard runs.popLast()?.count == fractionDigits, let separator = separators.popLast() else {
                throw Unexpected(description: "\(currency.code): not \(fractionDigits) fraction digits in \(core)")
            }
            decimal = separator
        }
        if Set(separators).count > 1 {
            throw Unexpected(description: "\(currency.code): mixed grouping separators in \(core)")
        }
        return (runs, separators.first, decimal)
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }
}
