import Foundation
import InvoiDocument
import InvoiLayout
import InvoiLocalization
import InvoiModel
import Testing

/// The words that carry legal weight follow what the document is.
@Suite struct LegalWordsTests {
    static func french(vatRate: Decimal, labels: [WordKey: String] = [:]) -> Invoice {
        var invoice = Invoice.sample
        invoice.language = "fr"
        invoice.vatRate = vatRate
        invoice.labels = labels
        return invoice
    }

    func labels(_ invoice: Invoice) throws -> [String] {
        try ShaperKind.fixedAdvances.layout().document(for: invoice).allTextOps.map(\.text)
    }

    @Test func aFrenchTotalWithoutVATIsNoTotalTTC() throws {
        #expect(try labels(Self.french(vatRate: 20)).contains("Total TTC"))
        let exempt = try labels(Self.french(vatRate: 0))
        #expect(exempt.contains("Net à payer"))
        #expect(!exempt.contains("Total TTC"))
    }

    @Test func aRelabelledTotalStandsForBoth() throws {
        #expect(try labels(Self.french(vatRate: 0, labels: [.total: "Montant dû"])).contains("Montant dû"))
        let both: [WordKey: String] = [.total: "Montant TTC", .totalWithoutTax: "Montant dû"]
        #expect(try labels(Self.french(vatRate: 0, labels: both)).contains("Montant dû"))
    }

    @Test func aFrenchRateKeepsItsPercentSignOnItsLine() throws {
        // CLDR's no-break space: "20 %" never breaks between the number and the sign.
        #expect(try labels(Self.french(vatRate: 20)).contains("TVA 20\u{00A0}%"))
    }
}
