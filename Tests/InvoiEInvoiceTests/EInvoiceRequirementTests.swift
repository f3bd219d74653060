import Foundation
import InvoiEInvoice
import InvoiModel
import Testing

/// Each requirement by its exact JSON path and rule, starting from the complete example.
@Suite struct EInvoiceRequirementTests {
    static let example = Invoice.eInvoiceExample

    /// The problems of `example` changed by `change`.
    func problemsOf(
        _ profile: EInvoiceProfile, _ syntax: EInvoiceSyntax = .cii, _ change: (inout Invoice) -> Void
    ) -> [EInvoiceProblem] {
        var invoice = Self.example
        change(&invoice)
        return EInvoiceRequirements(profile: profile, syntax: syntax).problems(of: invoice)
    }

    /// Exactly one problem, at `path`, naming `rule` and the profile.
    func expectOne(
        _ found: [EInvoiceProblem], at path: String, rule: String, profile: EInvoiceProfile,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(found.map(\.path) == [path], "\(found)", sourceLocation: sourceLocation)
        #expect(found.first?.message.contains(rule) == true, "\(found)", sourceLocation: sourceLocation)
        if rule.hasPrefix("BR-"), !rule.hasPrefix("BR-CO-9"), !rule.hasPrefix("BR-O-") {
            #expect(found.first?.message.contains(profile.name) == true, "\(found)", sourceLocation: sourceLocation)
        }
    }

    @Test func theExampleFitsEveryProfileItPromises() {
        for syntax in EInvoiceSyntax.allCases {
            for profile in [EInvoiceProfile.en16931, .xrechnung] {
                #expect(
                    EInvoiceRequirements(profile: profile, syntax: syntax).problems(of: Self.example) == [],
                    "\(syntax) \(profile)")
            }
        }
        // Peppol refuses the example's e-mail address (EM) and nothing else.
        let peppol = EInvoiceRequirements(profile: .peppol, syntax: .ubl).problems(of: Self.example)
        #expect(peppol.map(\.path) == ["fromElectronicAddress"])
    }

    @Test(arguments: [DocumentType.estimate, .receipt, .proforma])
    func documentTypesThatAreNoInvoicesAreRefused(_ type: DocumentType) {
        let found = problemsOf(.en16931) { $0.documentType = type }
        expectOne(found, at: "documentType", rule: "BR-CL-01", profile: .en16931)
        #expect(found.first?.message.contains(type.rawValue) == true)
    }

    @Test(arguments: ["KWD", "BHD", "OMR"])
    func threeDecimalCurrenciesAreRefused(_ code: String) throws {
        let currency = try #require(Currency(code: code))
        let found = problemsOf(.en16931) { $0.currency = currency }
        expectOne(found, at: "currency", rule: "BR-DEC", profile: .en16931)
        #expect(throws: EInvoiceRefusal.self) {
            var invoice = Self.example
            invoice.currency = currency
            _ = try UBLWriter().write(invoice)
        }
    }

    @Test func partiesNeedNamesAndCountries() {
        expectOne(problemsOf(.en16931) { $0.fromName = " " }, at: "fromName", rule: "BR-06", profile: .en16931)
        expectOne(problemsOf(.en16931) { $0.toName = "" }, at: "toName", rule: "BR-07", profile: .en16931)
        expectOne(problemsOf(.en16931) { $0.fromCountry = nil }, at: "fromCountry", rule: "BR-09", profile: .en16931)
        expectOne(problemsOf(.en16931) { $0.toCountry = nil }, at: "toCountry", rule: "BR-11", profile: .en16931)
        // MINIMUM has no buyer address.
        #expect(problemsOf(.minimum) { $0.toCountry = nil } == [])
    }

    @Test func vatIdentifiersStartWithACountry() {
        expectOne(
            problemsOf(.en16931) { $0.fromTaxId = "123456789" }, at: "fromTaxId", rule: "BR-CO-9", profile: .en16931)
        expectOne(problemsOf(.en16931) { $0.toTaxId = "XX123" }, at: "toTaxId", rule: "BR-CO-9", profile: .en16931)
        #expect(problemsOf(.en16931) { $0.toTaxId = "EL123456789" } == [])
    }

    @Test func categoriesNeedTheVATIdentifiers() {
        expectOne(problemsOf(.en16931) { $0.fromTaxId = "" }, at: "fromTaxId", rule: "BR-S-02", profile: .en16931)
        let xrechnung = problemsOf(.xrechnung) { $0.fromTaxId = "" }
        expectOne(xrechnung, at: "fromTaxId", rule: "BR-DE-16", profile: .xrechnung)
        let reverseCharge = problemsOf(.en16931) { invoice in
            invoice.vatRate = 0
            invoice.vatCategory = .reverseCharge
            invoice.lineItems[1].vatRate = nil
            invoice.vatExemptionReason = "Reverse charge"
        }
        expectOne(reverseCharge, at: "toTaxId", rule: "BR-AE-02", profile: .en16931)
        let intraCommunity = problemsOf(.en16931) { invoice in
            invoice.vatRate = 0
            invoice.vatCategory = .intraCommunitySupply
            invoice.lineItems[1].vatRate = nil
            invoice.vatExemptionReason = "Intra-community supply"
            invoice.toTaxId = "FR32123456789"
            invoice.delivery = nil
        }
        expectOne(intraCommunity, at: "deliveryDate", rule: "BR-IC-11", profile: .en16931)
        let withoutReason = problemsOf(.en16931) { invoice in
            invoice.vatRate = 0
            invoice.vatCategory = .exempt
            invoice.lineItems[1].vatRate = nil
        }
        expectOne(withoutReason, at: "vatExemptionReason", rule: "BR-E-10", profile: .en16931)
        let outsideScope = problemsOf(.en16931) { invoice in
            invoice.vatRate = 0
            invoice.vatCategory = .outsideScope
            invoice.lineItems[1].vatRate = nil
            invoice.vatExemptionReason = "Not subject to VAT"
            invoice.toTaxId = "DE811569869"
        }
        #expect(outsideScope.map(\.path) == ["fromTaxId", "toTaxId"])
        #expect(outsideScope.allSatisfy { $0.message.contains("BR-O-02") })
    }

    @Test func sellerIdentifiedByVATOrRegistration() {
        let found = problemsOf(.minimum) { invoice in
            invoice.fromTaxId = ""
            invoice.fromRegistrationId = ""
        }
        expectOne(found, at: "fromRegistrationId", rule: "BR-CO-26", profile: .minimum)
    }

    @Test func anAmountDueNeedsADueDateOrTerms() {
        let found = problemsOf(.en16931) { invoice in
            invoice.dueDate = nil
            invoice.paymentTerms = ""
        }
        expectOne(found, at: "dueDate", rule: "BR-CO-25", profile: .en16931)
        #expect(problemsOf(.en16931) { $0.dueDate = nil } == [])
        // Nothing due: no date needed.
        #expect(
            problemsOf(.en16931) { invoice in
                invoice.dueDate = nil
                invoice.paymentTerms = ""
                invoice.amountPaid = invoice.totals.total.amount
            } == [])
    }

    @Test func linesAreRequiredAndNamed() {
        expectOne(problemsOf(.en16931) { $0.lineItems = [] }, at: "lineItems", rule: "BR-16", profile: .en16931)
        expectOne(
            problemsOf(.en16931) { $0.lineItems[1].description = "" }, at: "lineItems[1].description", rule: "BR-25",
            profile: .en16931)
        // BASIC WL has no lines.
        #expect(problemsOf(.basicWL) { $0.lineItems[1].description = "" } == [])
    }

    @Test func aDiscountNeedsOneRate() {
        let found = problemsOf(.en16931) { $0.discount = Discount(kind: .percentage, value: 5) }
        #expect(found.map(\.path) == ["discount"])
    }

    @Test func aMistypedIBANIsRefused() {
        let found = problemsOf(.en16931) { $0.bankAccount = "DE75 5121 0800 1245 1261 98" }
        #expect(found.map(\.path) == ["bankAccount"])
    }

    @Test func xRechnungRequirements() {
        let cases: [(WritableKeyPath<Invoice, String>, String, String)] = [
            (\.buyerReference, "buyerReference", "BR-DE-15"),
            (\.fromCity, "fromCity", "BR-DE-3"),
            (\.fromPostalCode, "fromPostalCode", "BR-DE-4"),
            (\.fromContact, "fromContact", "BR-DE-5"),
            (\.fromPhone, "fromPhone", "BR-DE-6"),
            (\.fromEmail, "fromEmail", "BR-DE-7"),
            (\.toCity, "toCity", "BR-DE-8"),
            (\.toPostalCode, "toPostalCode", "BR-DE-9"),
            (\.bankAccount, "bankAccount", "BR-DE-1"),
        ]
        for (field, path, rule) in cases {
            for syntax in EInvoiceSyntax.allCases {
                let found = problemsOf(.xrechnung, syntax) { $0[keyPath: field] = "" }
                #expect(found.map(\.path) == [path], "\(found)")
                #expect(found.first?.message.contains("required by XRechnung") == true)
                #expect(found.first?.message.contains(rule) == true, "\(found)")
            }
            // EN 16931 itself asks none of them.
            #expect(problemsOf(.en16931) { $0[keyPath: field] = "" } == [], "\(path)")
        }
        let seller = problemsOf(.xrechnung) { $0.fromElectronicAddress = nil }
        #expect(seller.map(\.path) == ["fromElectronicAddress"])
        #expect(seller.first?.message.contains("PEPPOL-EN16931-R020") == true)
        let buyer = problemsOf(.xrechnung, .ubl) { $0.toElectronicAddress = nil }
        #expect(buyer.map(\.path) == ["toElectronicAddress"])
        #expect(buyer.first?.message.contains("PEPPOL-EN16931-R010") == true)
    }

    /// German VAT law asks a correction to name the invoice it corrects; no validator rule
    /// does, so only XRechnung requires it.
    @Test func aCreditNoteNamesItsInvoiceInXRechnung() {
        let found = problemsOf(.xrechnung) { $0.documentType = .creditNote }
        #expect(found.map(\.path) == ["precedingInvoice"])
        #expect(problemsOf(.en16931) { $0.documentType = .creditNote } == [])
        #expect(
            problemsOf(.xrechnung) { invoice in
                invoice.documentType = .creditNote
                invoice.precedingInvoice = "RE-2026-0041"
            } == [])
    }

    @Test func peppolRequirements() {
        func peppol(_ change: (inout Invoice) -> Void) -> [EInvoiceProblem] {
            problemsOf(.peppol, .ubl) { invoice in
                invoice.fromElectronicAddress = ElectronicAddress(scheme: "9930", identifier: "DE123456789")
                change(&invoice)
            }
        }
        #expect(peppol { _ in } == [])
        let noSeller = peppol { $0.fromElectronicAddress = nil }
        #expect(noSeller.map(\.path) == ["fromElectronicAddress"])
        #expect(noSeller.first?.message.contains("PEPPOL-EN16931-R020") == true)
        let noBuyer = peppol { $0.toElectronicAddress = nil }
        #expect(noBuyer.map(\.path) == ["toElectronicAddress"])
        #expect(noBuyer.first?.message.contains("PEPPOL-EN16931-R010") == true)
        let email = peppol { $0.toElectronicAddress = ElectronicAddress(scheme: "EM", identifier: "ap@example.com") }
        #expect(email.map(\.path) == ["toElectronicAddress"])
        #expect(email.first?.message.contains("PEPPOL-EN16931-CL008") == true)
        let noReference = peppol { invoice in
            invoice.buyerReference = ""
            invoice.orderReference = ""
        }
        #expect(noReference.map(\.path) == ["buyerReference"])
        #expect(noReference.first?.message.contains("PEPPOL-EN16931-R003") == true)
        // An order reference replaces the buyer reference, except between German parties (DE-R-015).
        let german = peppol { $0.buyerReference = "" }
        #expect(german.map(\.path) == ["buyerReference"])
        #expect(german.first?.message.contains("DE-R-015") == true)
        #expect(
            peppol { invoice in
                invoice.buyerReference = ""
                invoice.toCountry = CountryCode("AT")
                invoice.toTaxId = "ATU12345678"
            } == [])
        let belgian = peppol { $0.toElectronicAddress = ElectronicAddress(scheme: "0208", identifier: "0403170702") }
        #expect(belgian.map(\.path) == ["toElectronicAddress"])
        #expect(peppol { $0.toElectronicAddress = ElectronicAddress(scheme: "0208", identifier: "0403170701") } == [])
    }

    /// A file with decoding errors is checked on the fields that decoded; a check reading a
    /// field that did not (whose default would mislead it) is left out.
    @Test func aPartialInvoiceIsCheckedWhereItDecoded() {
        var invoice = Self.example
        invoice.buyerReference = ""
        invoice.lineItems[0].description = ""
        invoice.fromTaxId = ""
        invoice.fromRegistrationId = ""
        let requirements = EInvoiceRequirements(profile: .xrechnung, syntax: .cii)
        #expect(
            requirements.problems(of: invoice).map(\.path) == [
                "fromRegistrationId", "fromTaxId", "lineItems[0].description", "buyerReference",
            ])
        let partial = PartialInvoice(invoice: invoice, undecodedFields: ["lineItems", "fromTaxId"])
        #expect(requirements.problems(of: partial).map(\.path) == ["buyerReference"])
    }

    @Test func aProfileOfTheOtherSyntaxIsRefused() {
        #expect(
            EInvoiceRequirements(profile: .peppol, syntax: .cii).problems(of: Self.example).map(\.path) == ["profile"])
        #expect(
            EInvoiceRequirements(profile: .basic, syntax: .ubl).problems(of: Self.example).map(\.path) == ["profile"])
        #expect(throws: EInvoiceRefusal.self) { _ = try CIIWriter(profile: .peppol).write(Self.example) }
    }

    /// Every problem at once, in field order, and the writers refuse with the same list.
    @Test func everyProblemAtOnce() throws {
        var invoice = Invoice(issueDate: CalendarDate(iso: "2026-03-12")!, dueDate: nil, vatRate: 19)
        invoice.documentType = .estimate
        invoice.lineItems[0].rate = 100
        let found = EInvoiceRequirements(profile: .xrechnung, syntax: .ubl).problems(of: invoice)
        #expect(
            found.map(\.path) == [
                "documentType", "fromName", "fromCountry", "toName", "toCountry", "fromRegistrationId", "fromTaxId",
                "dueDate", "lineItems[0].description", "buyerReference", "fromCity", "fromPostalCode", "fromContact",
                "fromPhone", "fromEmail", "toCity", "toPostalCode", "fromElectronicAddress", "toElectronicAddress",
                "bankAccount",
            ])
        do {
            _ = try UBLWriter(profile: .xrechnung).write(invoice)
            Issue.record("written despite its problems")
        } catch {
            #expect(error.problems == found)
        }
    }
}
