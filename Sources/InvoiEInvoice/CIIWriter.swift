import Foundation
import InvoiModel

/// Writes an invoice as UN/CEFACT Cross Industry Invoice D16B XML (`rsm:CrossIndustryInvoice`)
/// in one profile: element order per the D16B schema and, for the Factur-X profiles, per the
/// profile's own schema, which leaves elements out (MINIMUM and BASIC WL have no lines).
public struct CIIWriter: Sendable {
    public let profile: EInvoiceProfile

    /// `profile` must be one CII takes (`EInvoiceSyntax.cii.profiles`); another is refused by `write`.
    public init(profile: EInvoiceProfile = EInvoiceSyntax.cii.defaultProfile) {
        self.profile = profile
    }

    /// The document's UTF-8 bytes, or every problem that keeps the invoice from being one.
    public func write(_ invoice: Invoice) throws(EInvoiceRefusal) -> [UInt8] {
        let found = EInvoiceRequirements(profile: profile, syntax: .cii).problems(of: invoice)
        guard found.isEmpty else { throw EInvoiceRefusal(problems: found) }
        var xml = XMLBuilder()
        document(EInvoiceContent(invoice: invoice), into: &xml)
        return xml.bytes
    }

    /// The same bytes as `write`, handed to `sink` a piece at a time (after each line item), so
    /// that an invoice of many thousand lines is never held as one document.
    public func write(_ invoice: Invoice, into sink: (UnsafeRawBufferPointer) -> Void) throws(EInvoiceRefusal) {
        let found = EInvoiceRequirements(profile: profile, syntax: .cii).problems(of: invoice)
        guard found.isEmpty else { throw EInvoiceRefusal(problems: found) }
        withoutActuallyEscaping(sink) { sink in
            var xml = XMLBuilder(sink: sink)
            document(EInvoiceContent(invoice: invoice), into: &xml)
            xml.finish()
        }
    }

    private func document(_ content: EInvoiceContent, into xml: inout XMLBuilder) {
        let namespaces = [
            ("xmlns:rsm", "urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"),
            ("xmlns:ram", "urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"),
            ("xmlns:qdt", "urn:un:unece:uncefact:data:standard:QualifiedDataType:100"),
            ("xmlns:udt", "urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100"),
        ]
        xml.element("rsm:CrossIndustryInvoice", namespaces) { xml in
            xml.element("rsm:ExchangedDocumentContext") { xml in
                if let process = profile.businessProcessID {
                    xml.element("ram:BusinessProcessSpecifiedDocumentContextParameter") { $0.leaf("ram:ID", process) }
                }
                xml.element("ram:GuidelineSpecifiedDocumentContextParameter") {
                    $0.leaf("ram:ID", profile.guidelineID)
                }
            }
            xml.element("rsm:ExchangedDocument") { xml in
                xml.leaf("ram:ID", content.invoice.invoiceNumber)
                xml.leaf("ram:TypeCode", content.typeCode)
                date("ram:IssueDateTime", content.invoice.issueDate, &xml)
                if profile != .minimum {
                    let notes = EInvoiceContent.trimmed(content.invoice.notes)
                    if !notes.isEmpty { xml.element("ram:IncludedNote") { $0.leaf("ram:Content", notes) } }
                }
            }
            xml.element("rsm:SupplyChainTradeTransaction") { xml in
                if profile.hasLines {
                    for line in content.lines {
                        lineItem(line, content, &xml)
                        xml.flush()
                    }
                }
                agreement(content, &xml)
                delivery(content, &xml)
                settlement(content, &xml)
            }
        }
    }

    private func date(_ name: String, _ date: CalendarDate, _ xml: inout XMLBuilder) {
        xml.element(name) { $0.leaf("udt:DateTimeString", Self.dateText(date), [("format", "102")]) }
    }

    /// Format 102: `YYYYMMDD`.
    static func dateText(_ date: CalendarDate) -> String { date.iso.replacingOccurrences(of: "-", with: "") }

    private func lineItem(_ line: EInvoiceContent.Line, _ content: EInvoiceContent, _ xml: inout XMLBuilder) {
        xml.element("ram:IncludedSupplyChainTradeLineItem") { xml in
            xml.element("ram:AssociatedDocumentLineDocument") { $0.leaf("ram:LineID", String(line.number)) }
            xml.element("ram:SpecifiedTradeProduct") { xml in
                // BT-155; Factur-X BASIC's product has a name alone.
                if profile.hasFullEN16931 {
                    xml.leaf("ram:SellerAssignedID", EInvoiceContent.trimmed(line.item.itemId))
                }
                xml.leaf("ram:Name", EInvoiceContent.trimmed(line.item.description))
            }
            xml.element("ram:SpecifiedLineTradeAgreement") { xml in
                xml.element("ram:NetPriceProductTradePrice") {
                    $0.leaf("ram:ChargeAmount", XMLNumber.plain(line.price))
                }
            }
            xml.element("ram:SpecifiedLineTradeDelivery") {
                $0.leaf("ram:BilledQuantity", XMLNumber.plain(line.quantity), [("unitCode", line.item.unit.code)])
            }
            xml.element("ram:SpecifiedLineTradeSettlement") { xml in
                xml.element("ram:ApplicableTradeTax") { xml in
                    xml.leaf("ram:TypeCode", "VAT")
                    xml.leaf("ram:CategoryCode", line.category.rawValue)
                    // BR-O-05: a line outside the scope of VAT has no rate.
                    if line.category != .outsideScope {
                        xml.leaf("ram:RateApplicablePercent", XMLNumber.plain(line.rate))
                    }
                }
                // BG-26: the line's one date as a period of one day.
                if let day = line.item.date {
                    xml.element("ram:BillingSpecifiedPeriod") { xml in
                        date("ram:StartDateTime", day, &xml)
                        date("ram:EndDateTime", day, &xml)
                    }
                }
                if let allowance = line.allowance { lineAllowance(allowance, &xml) }
                xml.element("ram:SpecifiedTradeSettlementLineMonetarySummation") {
                    $0.leaf("ram:LineTotalAmount", XMLNumber.amount(line.amount))
                }
            }
        }
    }

    /// BG-27, without a VAT category: a line allowance is taxed as its line.
    private func lineAllowance(_ allowance: EInvoiceContent.LineAllowance, _ xml: inout XMLBuilder) {
        xml.element("ram:SpecifiedTradeAllowanceCharge") { xml in
            xml.element("ram:ChargeIndicator") { $0.leaf("udt:Indicator", "false") }
            // Factur-X BASIC's line allowance has no percentage or base (BT-137, BT-138).
            if profile.hasFullEN16931, let percentage = allowance.percentage {
                xml.leaf("ram:CalculationPercent", XMLNumber.plain(percentage))
                xml.leaf("ram:BasisAmount", XMLNumber.amount(allowance.base))
            }
            xml.leaf("ram:ActualAmount", XMLNumber.amount(allowance.amount))
            xml.leaf("ram:ReasonCode", "95")
            xml.leaf("ram:Reason", "Discount")
        }
    }

    private func agreement(_ content: EInvoiceContent, _ xml: inout XMLBuilder) {
        let invoice = content.invoice
        xml.element("ram:ApplicableHeaderTradeAgreement") { xml in
            xml.leaf("ram:BuyerReference", EInvoiceContent.trimmed(invoice.buyerReference))
            party("ram:SellerTradeParty", content.seller, isSeller: true, content, &xml)
            party("ram:BuyerTradeParty", content.buyer, isSeller: false, content, &xml)
            let order = EInvoiceContent.trimmed(invoice.orderReference)
            if !order.isEmpty {
                xml.element("ram:BuyerOrderReferencedDocument") { $0.leaf("ram:IssuerAssignedID", order) }
            }
        }
    }

    private func party(
        _ name: String, _ party: EInvoiceContent.Party, isSeller: Bool, _ content: EInvoiceContent,
        _ xml: inout XMLBuilder
    ) {
        let invoice = content.invoice
        xml.element(name) { xml in
            xml.leaf("ram:Name", party.name)
            let registration = isSeller ? EInvoiceContent.trimmed(invoice.fromRegistrationId) : ""
            if !registration.isEmpty {
                xml.element("ram:SpecifiedLegalOrganization") { $0.leaf("ram:ID", registration) }
            }
            if profile.hasFullEN16931 {
                contact(isSeller: isSeller, content, &xml)
            }
            if profile == .minimum {
                // MINIMUM keeps the seller's country only (BT-40), and no buyer address.
                if isSeller, let country = party.country {
                    xml.element("ram:PostalTradeAddress") { $0.leaf("ram:CountryID", country.code) }
                }
            } else if party.hasAddress {
                address(party, &xml)
            }
            if profile != .minimum, let address = party.electronicAddress {
                xml.element("ram:URIUniversalCommunication") {
                    $0.leaf("ram:URIID", address.identifier, [("schemeID", address.scheme)])
                }
            }
            // MINIMUM has the seller's VAT identifier (BT-31) but not the buyer's (BT-48).
            if !party.taxID.isEmpty, isSeller || profile != .minimum {
                xml.element("ram:SpecifiedTaxRegistration") { $0.leaf("ram:ID", party.taxID, [("schemeID", "VA")]) }
            }
        }
    }

    private func address(_ party: EInvoiceContent.Party, _ xml: inout XMLBuilder) {
        xml.element("ram:PostalTradeAddress") { xml in
            xml.leaf("ram:PostcodeCode", party.postalCode)
            for (element, line) in zip(["ram:LineOne", "ram:LineTwo", "ram:LineThree"], party.addressLines) {
                xml.leaf(element, line)
            }
            xml.leaf("ram:CityName", party.city)
            if let country = party.country { xml.leaf("ram:CountryID", country.code) }
        }
    }

    /// BG-6 (the seller's contact: BT-41, BT-42, BT-43) or the buyer's e-mail (BT-58).
    private func contact(isSeller: Bool, _ content: EInvoiceContent, _ xml: inout XMLBuilder) {
        let invoice = content.invoice
        let person = isSeller ? EInvoiceContent.trimmed(invoice.fromContact) : ""
        let phone = isSeller ? EInvoiceContent.trimmed(invoice.fromPhone) : ""
        let email = isSeller ? content.seller.email : content.buyer.email
        guard !(person.isEmpty && phone.isEmpty && email.isEmpty) else { return }
        xml.element("ram:DefinedTradeContact") { xml in
            xml.leaf("ram:PersonName", person)
            if !phone.isEmpty {
                xml.element("ram:TelephoneUniversalCommunication") { $0.leaf("ram:CompleteNumber", phone) }
            }
            if !email.isEmpty {
                xml.element("ram:EmailURIUniversalCommunication") { $0.leaf("ram:URIID", email) }
            }
        }
    }

    private func delivery(_ content: EInvoiceContent, _ xml: inout XMLBuilder) {
        xml.element("ram:ApplicableHeaderTradeDelivery") { xml in
            guard profile != .minimum else { return }
            if content.needsDeliverToAddress {
                xml.element("ram:ShipToTradeParty") { address(content.buyer, &$0) }
            }
            if case .date(let day)? = content.invoice.delivery {
                xml.element("ram:ActualDeliverySupplyChainEvent") { date("ram:OccurrenceDateTime", day, &$0) }
            }
        }
    }

    private func settlement(_ content: EInvoiceContent, _ xml: inout XMLBuilder) {
        let invoice = content.invoice
        let totals = content.totals
        xml.element("ram:ApplicableHeaderTradeSettlement") { xml in
            xml.leaf("ram:InvoiceCurrencyCode", invoice.currency.code)
            if profile != .minimum {
                if let means = content.paymentMeans { paymentMeans(means, &xml) }
                for row in totals.vatBreakdown { tradeTax(row, content, &xml) }
                if case .period(let start, let end)? = invoice.delivery {
                    xml.element("ram:BillingSpecifiedPeriod") { xml in
                        date("ram:StartDateTime", start, &xml)
                        date("ram:EndDateTime", end, &xml)
                    }
                }
                if let discount = totals.discount, let tax = content.discountTax { allowance(discount, tax, &xml) }
                let terms = content.paymentTerms
                if !terms.isEmpty || invoice.dueDate != nil {
                    xml.element("ram:SpecifiedTradePaymentTerms") { xml in
                        xml.leaf("ram:Description", terms)
                        if let due = invoice.dueDate { date("ram:DueDateDateTime", due, &xml) }
                    }
                }
            }
            summation(content, &xml)
            let preceding = EInvoiceContent.trimmed(invoice.precedingInvoice)
            if profile != .minimum, !preceding.isEmpty {
                xml.element("ram:InvoiceReferencedDocument") { $0.leaf("ram:IssuerAssignedID", preceding) }
            }
        }
    }

    private func paymentMeans(_ means: EInvoiceContent.PaymentMeans, _ xml: inout XMLBuilder) {
        xml.element("ram:SpecifiedTradeSettlementPaymentMeans") { xml in
            xml.leaf("ram:TypeCode", means.typeCode)
            // The schema's order is IBANID, AccountName, ProprietaryID.
            xml.element("ram:PayeePartyCreditorFinancialAccount") { xml in
                if means.isIBAN { xml.leaf("ram:IBANID", means.account) }
                if profile.hasFullEN16931 { xml.leaf("ram:AccountName", means.accountName) }
                if !means.isIBAN { xml.leaf("ram:ProprietaryID", means.account) }
            }
            if profile.hasFullEN16931, !means.bic.isEmpty {
                xml.element("ram:PayeeSpecifiedCreditorFinancialInstitution") { $0.leaf("ram:BICID", means.bic) }
            }
        }
    }

    private func tradeTax(_ row: VATBreakdown, _ content: EInvoiceContent, _ xml: inout XMLBuilder) {
        xml.element("ram:ApplicableTradeTax") { xml in
            xml.leaf("ram:CalculatedAmount", XMLNumber.amount(row.vat))
            xml.leaf("ram:TypeCode", "VAT")
            xml.leaf("ram:ExemptionReason", content.exemptionReason(for: row.category) ?? "")
            xml.leaf("ram:BasisAmount", XMLNumber.amount(row.taxableAmount))
            xml.leaf("ram:CategoryCode", row.category.rawValue)
            // XRechnung wants every row's rate (BR-DE-14), 0 outside the scope of VAT too.
            if row.category != .outsideScope || profile == .xrechnung {
                xml.leaf("ram:RateApplicablePercent", XMLNumber.plain(row.rate))
            }
        }
    }

    /// The discount as one document-level allowance (BG-20), reason code 95 (discount).
    private func allowance(_ discount: Money, _ tax: VATBreakdown, _ xml: inout XMLBuilder) {
        xml.element("ram:SpecifiedTradeAllowanceCharge") { xml in
            xml.element("ram:ChargeIndicator") { $0.leaf("udt:Indicator", "false") }
            xml.leaf("ram:ActualAmount", XMLNumber.amount(discount))
            xml.leaf("ram:ReasonCode", "95")
            xml.leaf("ram:Reason", "Discount")
            xml.element("ram:CategoryTradeTax") { xml in
                xml.leaf("ram:TypeCode", "VAT")
                xml.leaf("ram:CategoryCode", tax.category.rawValue)
                if tax.category != .outsideScope { xml.leaf("ram:RateApplicablePercent", XMLNumber.plain(tax.rate)) }
            }
        }
    }

    private func summation(_ content: EInvoiceContent, _ xml: inout XMLBuilder) {
        let totals = content.totals
        xml.element("ram:SpecifiedTradeSettlementHeaderMonetarySummation") { xml in
            if profile != .minimum {
                xml.leaf("ram:LineTotalAmount", XMLNumber.amount(totals.subtotal))
                if let discount = totals.discount { xml.leaf("ram:AllowanceTotalAmount", XMLNumber.amount(discount)) }
            }
            xml.leaf("ram:TaxBasisTotalAmount", XMLNumber.amount(totals.taxableAmount))
            xml.leaf(
                "ram:TaxTotalAmount", XMLNumber.amount(totals.vat), [("currencyID", content.invoice.currency.code)])
            xml.leaf("ram:GrandTotalAmount", XMLNumber.amount(totals.total))
            if profile != .minimum, let paid = totals.paid {
                xml.leaf("ram:TotalPrepaidAmount", XMLNumber.amount(paid))
            }
            xml.leaf("ram:DuePayableAmount", XMLNumber.amount(content.amountDue))
        }
    }
}
