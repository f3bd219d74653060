import Foundation
import InvoiModel

/// Writes an invoice as a UBL 2.1 `Invoice`, or a `CreditNote` for a credit note, in one
/// profile; element order per the UBL 2.1 schema.
public struct UBLWriter: Sendable {
    public let profile: EInvoiceProfile

    /// `profile` must be one UBL takes (`EInvoiceSyntax.ubl.profiles`); another is refused by `write`.
    public init(profile: EInvoiceProfile = EInvoiceSyntax.ubl.defaultProfile) {
        self.profile = profile
    }

    /// The document's UTF-8 bytes, or every problem that keeps the invoice from being one.
    public func write(_ invoice: Invoice) throws(EInvoiceRefusal) -> [UInt8] {
        let found = EInvoiceRequirements(profile: profile, syntax: .ubl).problems(of: invoice)
        guard found.isEmpty else { throw EInvoiceRefusal(problems: found) }
        return document(EInvoiceContent(invoice: invoice))
    }

    /// The document as written, without the requirements `write` checks first.
    func document(_ content: EInvoiceContent) -> [UInt8] {
        let invoice = content.invoice
        let root = content.isCreditNote ? "CreditNote" : "Invoice"
        var xml = XMLBuilder()
        let namespaces = [
            ("xmlns", "urn:oasis:names:specification:ubl:schema:xsd:\(root)-2"),
            ("xmlns:cac", "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"),
            ("xmlns:cbc", "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"),
        ]
        xml.element(root, namespaces) { xml in
            xml.leaf("cbc:CustomizationID", profile.guidelineID)
            xml.leaf("cbc:ProfileID", profile.businessProcessID ?? "")
            xml.leaf("cbc:ID", invoice.invoiceNumber)
            xml.leaf("cbc:IssueDate", invoice.issueDate.iso)
            // A credit note has no DueDate: its BT-9 goes with the payment means.
            if !content.isCreditNote { xml.leaf("cbc:DueDate", invoice.dueDate?.iso ?? "") }
            xml.leaf(content.isCreditNote ? "cbc:CreditNoteTypeCode" : "cbc:InvoiceTypeCode", content.typeCode)
            xml.leaf("cbc:Note", EInvoiceContent.trimmed(invoice.notes))
            xml.leaf("cbc:DocumentCurrencyCode", invoice.currency.code)
            xml.leaf("cbc:BuyerReference", EInvoiceContent.trimmed(invoice.buyerReference))
            if case .period(let start, let end)? = invoice.delivery {
                xml.element("cac:InvoicePeriod") { xml in
                    xml.leaf("cbc:StartDate", start.iso)
                    xml.leaf("cbc:EndDate", end.iso)
                }
            }
            let order = EInvoiceContent.trimmed(invoice.orderReference)
            if !order.isEmpty { xml.element("cac:OrderReference") { $0.leaf("cbc:ID", order) } }
            let preceding = EInvoiceContent.trimmed(invoice.precedingInvoice)
            if !preceding.isEmpty {
                xml.element("cac:BillingReference") { xml in
                    xml.element("cac:InvoiceDocumentReference") { $0.leaf("cbc:ID", preceding) }
                }
            }
            xml.element("cac:AccountingSupplierParty") { party(content.seller, isSeller: true, content, &$0) }
            xml.element("cac:AccountingCustomerParty") { party(content.buyer, isSeller: false, content, &$0) }
            delivery(content, &xml)
            if let means = content.paymentMeans { paymentMeans(means, content, &xml) }
            let terms = content.paymentTerms
            if !terms.isEmpty { xml.element("cac:PaymentTerms") { $0.leaf("cbc:Note", terms) } }
            if let discount = content.totals.discount, let tax = content.discountTax {
                allowance(discount, tax, content, &xml)
            }
            taxTotal(content, &xml)
            monetaryTotal(content, &xml)
            for line in content.lines { self.line(line, content, &xml) }
        }
        return xml.bytes
    }

    private func amount(_ name: String, _ money: Money, _ xml: inout XMLBuilder) {
        xml.leaf(name, XMLNumber.amount(money), [("currencyID", money.currency.code)])
    }

    private func party(
        _ party: EInvoiceContent.Party, isSeller: Bool, _ content: EInvoiceContent, _ xml: inout XMLBuilder
    ) {
        let invoice = content.invoice
        xml.element("cac:Party") { xml in
            if let address = party.electronicAddress {
                xml.leaf("cbc:EndpointID", address.identifier, [("schemeID", address.scheme)])
            }
            // Peppol's Greek rules ask for both parties' trading names (GR-R-002, GR-R-005).
            if profile == .peppol, content.sellerIsGreek {
                xml.element("cac:PartyName") { $0.leaf("cbc:Name", party.name) }
            }
            if party.hasAddress { postalAddress(party, &xml) }
            if !party.taxID.isEmpty {
                xml.element("cac:PartyTaxScheme") { xml in
                    xml.leaf("cbc:CompanyID", party.taxID)
                    xml.element("cac:TaxScheme") { $0.leaf("cbc:ID", "VAT") }
                }
            }
            xml.element("cac:PartyLegalEntity") { xml in
                xml.leaf("cbc:RegistrationName", party.name)
                if isSeller {
                    let scheme = profile == .peppol ? content.peppolRegistrationScheme : nil
                    xml.leaf(
                        "cbc:CompanyID", EInvoiceContent.trimmed(invoice.fromRegistrationId),
                        scheme.map { [("schemeID", $0)] } ?? [])
                }
            }
            let person = isSeller ? EInvoiceContent.trimmed(invoice.fromContact) : ""
            let phone = isSeller ? EInvoiceContent.trimmed(invoice.fromPhone) : ""
            if !(person.isEmpty && phone.isEmpty && party.email.isEmpty) {
                xml.element("cac:Contact") { xml in
                    xml.leaf("cbc:Name", person)
                    xml.leaf("cbc:Telephone", phone)
                    xml.leaf("cbc:ElectronicMail", party.email)
                }
            }
        }
    }

    private func postalAddress(
        _ party: EInvoiceContent.Party, _ xml: inout XMLBuilder, name: String = "cac:PostalAddress"
    ) {
        xml.element(name) { xml in
            let lines = party.addressLines
            xml.leaf("cbc:StreetName", lines.first ?? "")
            xml.leaf("cbc:AdditionalStreetName", lines.count > 1 ? lines[1] : "")
            xml.leaf("cbc:CityName", party.city)
            xml.leaf("cbc:PostalZone", party.postalCode)
            if lines.count > 2 { xml.element("cac:AddressLine") { $0.leaf("cbc:Line", lines[2]) } }
            if let country = party.country {
                xml.element("cac:Country") { $0.leaf("cbc:IdentificationCode", country.code) }
            }
        }
    }

    private func delivery(_ content: EInvoiceContent, _ xml: inout XMLBuilder) {
        var date: CalendarDate?
        if case .date(let day)? = content.invoice.delivery { date = day }
        guard date != nil || content.needsDeliverToAddress else { return }
        xml.element("cac:Delivery") { xml in
            xml.leaf("cbc:ActualDeliveryDate", date?.iso ?? "")
            if content.needsDeliverToAddress {
                xml.element("cac:DeliveryLocation") { postalAddress(content.buyer, &$0, name: "cac:Address") }
            }
        }
    }

    private func paymentMeans(
        _ means: EInvoiceContent.PaymentMeans, _ content: EInvoiceContent, _ xml: inout XMLBuilder
    ) {
        xml.element("cac:PaymentMeans") { xml in
            xml.leaf("cbc:PaymentMeansCode", means.typeCode)
            if content.isCreditNote { xml.leaf("cbc:PaymentDueDate", content.invoice.dueDate?.iso ?? "") }
            xml.element("cac:PayeeFinancialAccount") { xml in
                xml.leaf("cbc:ID", means.account)
                xml.leaf("cbc:Name", means.accountName)
                if !means.bic.isEmpty {
                    xml.element("cac:FinancialInstitutionBranch") { $0.leaf("cbc:ID", means.bic) }
                }
            }
        }
    }

    /// `cac:TaxCategory` (or `cac:ClassifiedTaxCategory`) with its scheme.
    private func taxCategory(
        _ name: String, _ category: VATCategory, _ rate: Decimal, reason: String?, ratesOutsideScope: Bool = false,
        _ xml: inout XMLBuilder
    ) {
        xml.element(name) { xml in
            xml.leaf("cbc:ID", category.rawValue)
            // BR-O-05: nothing outside the scope of VAT has a rate, except the rows German rules
            // ask a rate of (`ratesOutsideScope`).
            if category != .outsideScope || ratesOutsideScope {
                xml.leaf("cbc:Percent", XMLNumber.plain(rate))
            }
            xml.leaf("cbc:TaxExemptionReason", reason ?? "")
            xml.element("cac:TaxScheme") { $0.leaf("cbc:ID", "VAT") }
        }
    }

    /// The discount as one document-level allowance (BG-20), reason code 95 (discount).
    private func allowance(_ discount: Money, _ tax: VATBreakdown, _ content: EInvoiceContent, _ xml: inout XMLBuilder)
    {
        xml.element("cac:AllowanceCharge") { xml in
            xml.leaf("cbc:ChargeIndicator", "false")
            xml.leaf("cbc:AllowanceChargeReasonCode", "95")
            xml.leaf("cbc:AllowanceChargeReason", "Discount")
            amount("cbc:Amount", discount, &xml)
            taxCategory("cac:TaxCategory", tax.category, tax.rate, reason: nil, &xml)
        }
    }

    /// Whether breakdown rows outside the scope of VAT carry their 0 rate: XRechnung's always
    /// (BR-DE-14), Peppol's between German parties (DE-R-014).
    private func ratesOutsideScopeRows(_ content: EInvoiceContent) -> Bool {
        profile == .xrechnung || (profile == .peppol && content.isDomesticGerman)
    }

    private func taxTotal(_ content: EInvoiceContent, _ xml: inout XMLBuilder) {
        xml.element("cac:TaxTotal") { xml in
            amount("cbc:TaxAmount", content.totals.vat, &xml)
            for row in content.totals.vatBreakdown {
                xml.element("cac:TaxSubtotal") { xml in
                    amount("cbc:TaxableAmount", row.taxableAmount, &xml)
                    amount("cbc:TaxAmount", row.vat, &xml)
                    taxCategory(
                        "cac:TaxCategory", row.category, row.rate, reason: content.exemptionReason(for: row.category),
                        ratesOutsideScope: ratesOutsideScopeRows(content), &xml)
                }
            }
        }
    }

    private func monetaryTotal(_ content: EInvoiceContent, _ xml: inout XMLBuilder) {
        let totals = content.totals
        xml.element("cac:LegalMonetaryTotal") { xml in
            amount("cbc:LineExtensionAmount", totals.subtotal, &xml)
            amount("cbc:TaxExclusiveAmount", totals.taxableAmount, &xml)
            amount("cbc:TaxInclusiveAmount", totals.total, &xml)
            if let discount = totals.discount { amount("cbc:AllowanceTotalAmount", discount, &xml) }
            if let paid = totals.paid { amount("cbc:PrepaidAmount", paid, &xml) }
            amount("cbc:PayableAmount", content.amountDue, &xml)
        }
    }

    private func line(_ line: EInvoiceContent.Line, _ content: EInvoiceContent, _ xml: inout XMLBuilder) {
        let isCredit = content.isCreditNote
        xml.element(isCredit ? "cac:CreditNoteLine" : "cac:InvoiceLine") { xml in
            xml.leaf("cbc:ID", String(line.number))
            xml.leaf(
                isCredit ? "cbc:CreditedQuantity" : "cbc:InvoicedQuantity", XMLNumber.plain(line.quantity),
                [("unitCode", line.item.unit.code)])
            amount("cbc:LineExtensionAmount", line.amount, &xml)
            // BG-26: the line's one date as a period of one day.
            if let day = line.item.date {
                xml.element("cac:InvoicePeriod") { xml in
                    xml.leaf("cbc:StartDate", day.iso)
                    xml.leaf("cbc:EndDate", day.iso)
                }
            }
            if let allowance = line.allowance {
                // BG-27, without a VAT category: a line allowance is taxed as its line.
                xml.element("cac:AllowanceCharge") { xml in
                    xml.leaf("cbc:ChargeIndicator", "false")
                    xml.leaf("cbc:AllowanceChargeReasonCode", "95")
                    xml.leaf("cbc:AllowanceChargeReason", "Discount")
                    if let percentage = allowance.percentage {
                        xml.leaf("cbc:MultiplierFactorNumeric", XMLNumber.plain(percentage))
                    }
                    amount("cbc:Amount", allowance.amount, &xml)
                    if allowance.percentage != nil { amount("cbc:BaseAmount", allowance.base, &xml) }
                }
            }
            xml.element("cac:Item") { xml in
                xml.leaf("cbc:Name", EInvoiceContent.trimmed(line.item.description))
                let itemId = EInvoiceContent.trimmed(line.item.itemId)
                if !itemId.isEmpty {
                    xml.element("cac:SellersItemIdentification") { $0.leaf("cbc:ID", itemId) }  // BT-155
                }
                taxCategory("cac:ClassifiedTaxCategory", line.category, line.rate, reason: nil, &xml)
            }
            xml.element("cac:Price") { xml in
                xml.leaf(
                    "cbc:PriceAmount", XMLNumber.plain(line.price), [("currencyID", content.invoice.currency.code)])
            }
        }
    }
}
