import Foundation
import InvoiModel
import InvoiReading
import Testing

/// The ZUGFeRD 1.0 corpus files the CII reader once refused, by name, each with what it now
/// takes otherwise than as written.
@Suite(.enabled(if: Corpus.isPresent, "\(Corpus.absence)"))
struct ReceivedZUGFeRD1CorpusTests {
    static let prefix = "zugferd-corpus__ZUGFeRDv1__correct__"

    /// Each file and a fallback its reading must log.
    static let expected: [(String, @Sendable (ReadingFallback) -> Bool)] = [
        ("Intarsys__ZUGFeRD_1p0_BASIC_Einfach.pdf", { $0 == .priceFromAmount }),
        ("Intarsys__ZUGFeRD_1p0_BASIC_Rechnungskorrektur.pdf", { $0 == .priceFromAmount }),
        ("Intarsys__ZUGFeRD_1p0_COMFORT_Haftpflichtversicherung_Versicherungssteuer.pdf", { $0 == .textLineAsNote }),
        ("Intarsys__ZUGFeRD_1p0_COMFORT_Kraftfahrversicherung_Bruttopreise.pdf", { $0 == .textLineAsNote }),
        ("Intarsys__ZUGFeRD_1p0_COMFORT_Rabatte.pdf", { $0 == .textLineAsNote }),
        ("Intarsys__ZUGFeRD_1p0_COMFORT_Rechnungskorrektur.pdf", { $0 == .textLineAsNote }),
        ("Intarsys__ZUGFeRD_1p0_COMFORT_Sachversicherung_berechneter_Steuersatz.pdf", { $0 == .textLineAsNote }),
        (
            "Intarsys__ZUGFeRD_1p0_EXTENDED_Kostenrechnung.pdf",
            { if case .dateAsWritten(_, "20139102") = $0 { true } else { false } }
        ),
        ("Intarsys__ZUGFeRD_1p0_EXTENDED_Rechnungskorrektur.pdf", { $0 == .textLineAsNote }),
        ("Intarsys__ZUGFeRD_1p0_EXTENDED_Warenrechnung.pdf", { $0 == .textLineAsNote }),
        ("Konik__acme_invoice-42_ZUGFeRD.pdf", { $0 == .lineAmountFromTotal }),
        ("4s4u__additional-data-sample-1.pdf", { $0 == .textLineAsNote }),
        (
            "Mustangproject__MustangGnuaccountingBeispielRE-20151008_504.pdf",
            { $0 == .currencyFromSellerCountry(currency: "EUR", country: "DE") }
        ),
        (
            "Mustangproject__MustangGnuaccountingBeispielRE-20140519_499.pdf",
            { $0 == .readAsZUGFeRD1(namespace: "urn:un:unece:uncefact:data:standard:CBFBUY:5") }
        ),
        (
            "Mustangproject__MustangGnuaccountingBeispielRE-20140522_501.pdf",
            { $0 == .readAsZUGFeRD1(namespace: "urn:un:unece:uncefact:data:standard:CBFBUY:5") }
        ),
    ]

    @Test func eachReadsWithItsFallback() throws {
        for (name, matches) in Self.expected {
            let file = Self.prefix + name
            let invoice = try ReceivedFile.read(Corpus.bytes(of: file), name: file)
            let received = try #require(invoice.received, "\(file): nothing stated")
            #expect(received.source.syntax == .zugferd1, "\(file)")
            #expect(received.fallbacks.contains(where: matches), "\(file): \(received.fallbacks)")
        }
    }

    /// The drafts' sums as written (RE-20140519/499: 559.84 payable).
    @Test func theDraftsTotals() throws {
        let file = Self.prefix + "Mustangproject__MustangGnuaccountingBeispielRE-20140519_499.pdf"
        let invoice = try ReceivedFile.read(Corpus.bytes(of: file), name: file)
        #expect(invoice.invoiceNumber == "RE-20140519/499")
        #expect(invoice.received?.totals.payable == StatedNumber(xml: "559.84"))
        #expect(invoice.received?.lines.count == 3)
    }
}
