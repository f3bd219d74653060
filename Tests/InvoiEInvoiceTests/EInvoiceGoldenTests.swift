import Foundation
import InvoiEInvoice
import InvoiModel
import Testing

/// Writes every e-invoice golden case, compares it with its recorded XML, checks that the
/// XML carries the model's totals, and runs the official rule sets over all of them.
@Suite struct EInvoiceGoldenTests {
    typealias Files = EInvoiceGoldenFiles

    @Test(arguments: Files.documents.indices)
    func golden(_ index: Int) throws {
        let (name, syntax, profile) = Files.documents[index]
        let invoice = try Files.invoice(name)
        let bytes = try Files.write(invoice, syntax, profile)
        Files.expect(String(decoding: bytes, as: UTF8.self), matches: Files.golden(name, syntax))
    }

    /// BT-106, BT-107, BT-109, BT-110, BT-112, BT-113, BT-115 and the breakdown are the model's
    /// amounts, to the last digit.
    @Test(arguments: Files.documents.indices)
    func totalsAreTheModels(_ index: Int) throws {
        let (name, syntax, profile) = Files.documents[index]
        let invoice = try Files.invoice(name)
        let totals = invoice.totals
        let xml = String(decoding: try Files.write(invoice, syntax, profile), as: UTF8.self)
        let read = XMLValues.totals(xml, syntax: syntax.rawValue)
        #expect(read.taxBasis == totals.taxableAmount.amount)
        #expect(read.taxTotal == totals.vat.amount)
        #expect(read.grandTotal == totals.total.amount)
        #expect(read.due == (totals.balanceDue ?? totals.total).amount)
        guard profile != .minimum else { return }
        #expect(read.lineTotal == totals.subtotal.amount)
        #expect(read.allowanceTotal == totals.discount?.amount)
        #expect(read.prepaid == totals.paid?.amount)
        #expect(read.breakdownBases == totals.vatBreakdown.map(\.taxableAmount.amount))
        #expect(read.breakdownTaxes == totals.vatBreakdown.map(\.vat.amount))
        if profile.hasLines {
            #expect(read.lineNetAmounts == totals.lineAmounts.map(\.amount))
        }
    }

    /// Every golden document passes the validation kit for its profile, and so does
    /// `Invoice.eInvoiceExample` in every profile `invoi init --einvoice` promises.
    @Test func goldensPassTheValidator() throws {
        var byProfile: [EInvoiceProfile: [(name: String, bytes: [UInt8])]] = [:]
        for (name, syntax, profile) in Files.documents {
            let bytes = try Files.write(try Files.invoice(name), syntax, profile)
            byProfile[profile, default: []].append(("\(name).\(syntax.rawValue)", bytes))
        }
        let example = Invoice.eInvoiceExample
        for syntax in EInvoiceSyntax.allCases {
            for profile in [EInvoiceProfile.xrechnung, .en16931] {
                let bytes = try Files.write(example, syntax, profile)
                byProfile[profile, default: []].append(("example.\(syntax.rawValue).\(profile.rawValue)", bytes))
            }
        }
        for profile in EInvoiceProfile.allCases {
            guard let documents = byProfile[profile] else { continue }
            try EInvoiceValidator.expectValid(documents, profile: profile)
        }
    }
}
