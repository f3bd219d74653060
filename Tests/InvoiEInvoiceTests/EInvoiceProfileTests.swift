import Foundation
import InvoiEInvoice
import InvoiModel
import Testing

@Suite struct EInvoiceProfileTests {
    @Test func syntaxesTakeTheirProfiles() {
        #expect(EInvoiceSyntax.cii.profiles == [.minimum, .basicWL, .basic, .en16931, .xrechnung])
        #expect(EInvoiceSyntax.ubl.profiles == [.en16931, .xrechnung, .peppol])
        #expect(EInvoiceSyntax.cii.defaultProfile == .en16931)
        #expect(EInvoiceSyntax.ubl.defaultProfile == .en16931)
        #expect(EInvoiceProfile(rawValue: "basicwl") == .basicWL)
    }

    @Test func guidelineIdentifiers() {
        #expect(EInvoiceProfile.minimum.guidelineID == "urn:factur-x.eu:1p0:minimum")
        #expect(EInvoiceProfile.basicWL.guidelineID == "urn:factur-x.eu:1p0:basicwl")
        #expect(EInvoiceProfile.basic.guidelineID == "urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic")
        #expect(EInvoiceProfile.en16931.guidelineID == "urn:cen.eu:en16931:2017")
        #expect(
            EInvoiceProfile.xrechnung.guidelineID
                == "urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0")
        #expect(
            EInvoiceProfile.peppol.guidelineID
                == "urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0")
        #expect(EInvoiceProfile.peppol.businessProcessID == "urn:fdc:peppol.eu:2017:poacc:billing:01:1.0")
    }

    /// XRechnung is not declared in a Factur-X PDF: as "EN 16931" its BT-24 fails the
    /// Factur-X schematron (FX-SCH-A-000556, seen with the validation kit).
    @Test func facturXConformanceLevels() {
        #expect(EInvoiceProfile.minimum.facturXConformanceLevel == "MINIMUM")
        #expect(EInvoiceProfile.basicWL.facturXConformanceLevel == "BASIC WL")
        #expect(EInvoiceProfile.basic.facturXConformanceLevel == "BASIC")
        #expect(EInvoiceProfile.en16931.facturXConformanceLevel == "EN 16931")
        #expect(EInvoiceProfile.xrechnung.facturXConformanceLevel == nil)
        #expect(EInvoiceProfile.peppol.facturXConformanceLevel == nil)
    }

    /// Text is escaped, characters XML cannot hold are left out, and the same invoice
    /// gives the same bytes.
    @Test func textIsEscapedAndOutputDeterministic() throws {
        var invoice = Invoice.eInvoiceExample
        invoice.notes = "A & B <c> \"d\" \u{1}e\r\nf"
        invoice.documentType = .creditNote
        invoice.precedingInvoice = "RE-1"
        for syntax in EInvoiceSyntax.allCases {
            let bytes = try EInvoiceGoldenFiles.write(invoice, syntax, .xrechnung)
            #expect(bytes == (try EInvoiceGoldenFiles.write(invoice, syntax, .xrechnung)))
            let xml = String(decoding: bytes, as: UTF8.self)
            #expect(xml.contains("A &amp; B &lt;c&gt; \"d\" e&#13;\nf"))
            #expect(!xml.contains("\u{1}"))
        }
    }

    /// Large invoices: every line is written, and the time is reported.
    @Test func aThousandLines() throws {
        var invoice = Invoice.eInvoiceExample
        invoice.lineItems = (1...1_000).map {
            LineItem(id: LineItem.generatedID(number: $0), description: "Item \($0)", quantity: 3, rate: 12.5)
        }
        for syntax in EInvoiceSyntax.allCases {
            let clock = ContinuousClock()
            var bytes: [UInt8] = []
            let elapsed = try clock.measure { bytes = try EInvoiceGoldenFiles.write(invoice, syntax, .en16931) }
            let xml = String(decoding: bytes, as: UTF8.self)
            let read = XMLValues.totals(xml, syntax: syntax.rawValue)
            #expect(read.lineNetAmounts.count == 1_000)
            #expect(read.grandTotal == invoice.totals.total.amount)
            print("\(syntax.rawValue): 1,000 lines, \(bytes.count) bytes in \(elapsed)")
        }
    }
}
