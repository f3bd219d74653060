import InvoiDocument
import InvoiLocalization
import InvoiModel

extension InvoiceContent {
    /// Formats an invoice for display. `locale` overrides the invoice's own locale and the
    /// currency's conventional one (numbers); `language` overrides the invoice's language
    /// (words and dates); `logo` is the invoice's logo, already decoded; `isSigned` puts the
    /// signed-document line under every page. Every amount shown comes from `InvoiceTotals`.
    /// `withDetails` formats what only a theme's extra columns show (ids, dates, units, discounts,
    /// tax rates): the classic table spares the work.
    public init(
        invoice: Invoice, locale: String? = nil, language: String? = nil, logo: EmbeddedImage? = nil,
        isSigned: Bool = false, withDetails: Bool = false
    ) {
        var invoice = invoice
        if let language { invoice.language = language }
        let digits = invoice.numberingSystem
        let formatter = AmountFormatter(
            currency: invoice.currency, locale: locale ?? invoice.locale, numberingSystem: digits)
        let totals = invoice.totals
        let wording = Wording(
            language: invoice.printedLanguage, tag: invoice.language, isRightToLeft: invoice.isRightToLeft,
            labels: invoice.labels)
        // Values keep their own order inside right-to-left text (see `Wording.isolated`).
        let value = wording.isolated
        let identifier = wording.identifier
        // Plain English keeps the hand-made date, which is ICU's en medium style without loading ICU's calendar data.
        let isPlainEnglish = invoice.language == nil || invoice.language?.lowercased() == "en"
        let date =
            isPlainEnglish
            ? { $0.formatted } : CalendarDate.mediumStyle(language: wording.tag, numberingSystem: digits)

        var dates = [LabeledValue(label: wording[.issueDate], value: value(date(invoice.issueDate)))]
        if let due = invoice.dueDate {
            dates.append(
                LabeledValue(
                    label: wording[invoice.documentType == .estimate ? .validUntil : .dueDate],
                    value: value(date(due))))
        }
        switch invoice.delivery {
        case .date(let day)?:
            dates.append(LabeledValue(label: wording[.deliveryDate], value: value(date(day))))
        case .period(let start, let end)?:
            dates.append(
                LabeledValue(label: wording[.servicePeriod], value: "\(value(date(start))) –\n\(value(date(end)))"))
        case nil: break
        }
        let references = [(WordKey.buyerReference, invoice.buyerReference), (.orderReference, invoice.orderReference)]
            .filter { !$0.1.isEmpty }.map { LabeledValue(label: wording[$0.0], value: identifier($0.1)) }

        let units = QuantityWording(language: wording.tag)
        // Once, not per line: it looks at every line.
        let chargesVAT = withDetails && (invoice.vatRate != 0 || invoice.hasLineVAT)
        // Mapped by index, so that the array is made at its size: a zip's map grows it by doubling
        // (200,000 items: 4.5 MB left unused).
        let amounts = totals.lineAmounts
        let items = invoice.lineItems.indices.map { index in
            let item = invoice.lineItems[index]
            let amount = amounts[index]
            return Item(
                description: item.description,
                quantity: value(Self.quantity(item, formatter: formatter, units: units)),
                rate: value(formatter.rateString(for: Money(amount: item.rate, currency: invoice.currency))),
                amount: value(formatter.string(for: amount)),
                details: withDetails
                    ? Self.details(
                        of: item, in: invoice, chargesVAT: chargesVAT, formatter: formatter, units: units, date: date,
                        wording: wording)
                    : Item.Details())
        }

        var totalsRows = [LabeledValue(label: wording[.subtotal], value: value(formatter.string(for: totals.subtotal)))]
        if let discount = invoice.discount, let amount = totals.discount {
            let label =
                switch discount.kind {
                case .percentage:
                    wording.text(
                        .discountPercent, [.rate: formatter.percentString(discount.value)],
                        percentSign: formatter.percentSign)
                case .fixed: wording[.discount]
                }
            totalsRows.append(LabeledValue(label: label, value: value(formatter.string(for: amount.negated))))
        }
        // One row per rate when the lines have several; one row for the invoice's rate
        // unless it is 0 (the app's design).
        let taxRows = totals.vatBreakdown.count > 1 ? totals.vatBreakdown : totals.vatBreakdown.filter { $0.rate != 0 }
        for row in taxRows {
            totalsRows.append(
                LabeledValue(
                    label: wording.text(
                        .tax, [.rate: formatter.percentString(row.rate)], percentSign: formatter.percentSign),
                    value: value(formatter.string(for: row.vat))))
        }
        let settlement = totals.paid.flatMap { paid in
            totals.balanceDue.map { balance in
                Settlement(
                    paid: LabeledValue(label: wording[.paid], value: value(formatter.string(for: paid.negated))),
                    balanceDue: LabeledValue(label: wording[.balanceDue], value: value(formatter.string(for: balance))))
            }
        }

        let payment = [
            (WordKey.beneficiary, invoice.bankBeneficiary, false), (.bank, invoice.bankName, false),
            (.account, invoice.bankAccount, true), (.swift, invoice.bankSwift, true),
            (.upiId, invoice.upiId, true),
        ]
        .filter { !$0.1.isEmpty }
        .map { LabeledValue(label: wording[$0.0], value: $0.2 ? identifier($0.1) : $0.1) }

        let titleKey = invoice.documentType.titleKey
        let titleParts = [invoice.invoiceNumber, invoice.fromName].filter { !$0.isEmpty }
        self.init(
            title: wording.uppercased(wording[titleKey]),
            invoiceNumber: identifier(invoice.invoiceNumber),
            sender: Party(
                name: invoice.fromName, email: identifier(invoice.fromEmail),
                details: [identifier(invoice.fromPhone)]
                    + Self.address(
                        invoice.fromAddress, street: invoice.fromStreetLine, postalCode: invoice.fromPostalCode,
                        city: invoice.fromCity, country: invoice.fromCountry, language: wording.tag),
                taxId: identifier(invoice.fromTaxId), wording: wording),
            client: Party(
                name: invoice.toName, email: identifier(invoice.toEmail),
                details: Self.address(
                    invoice.toAddress, street: invoice.toStreetLine, postalCode: invoice.toPostalCode,
                    city: invoice.toCity,
                    country: invoice.toCountry, language: wording.tag),
                taxId: identifier(invoice.toTaxId), wording: wording),
            dates: dates,
            items: items,
            totalsRows: totalsRows,
            total: LabeledValue(
                label: wording[
                    Self.totalKey(chargesTax: totals.vatBreakdown.contains { $0.rate != 0 }, labels: invoice.labels)],
                value: value(formatter.string(for: totals.total))),
            settlement: settlement,
            paymentRows: payment,
            notes: invoice.notes,
            logo: logo,
            stamp: invoice.status.flatMap(StatusStamp.init(status:)),
            documentTitle: Self.metadataText(
                ([wording[titleKey]] + [titleParts.joined(separator: " — ")])
                    .filter { !$0.isEmpty }.joined(separator: " ")),
            author: Self.metadataText(invoice.fromName),
            allocationLine: invoice.allocationNumber.isEmpty
                ? "" : wording.text(.allocationNumber, [.number: identifier(invoice.allocationNumber)]),
            correctionLine: invoice.precedingInvoice.isEmpty
                ? "" : wording.text(.precedingInvoice, [.number: identifier(invoice.precedingInvoice)]),
            references: references,
            paymentTerms: invoice.paymentTerms.isEmpty
                ? nil : LabeledValue(label: wording[.paymentTerms], value: invoice.paymentTerms),
            taxNote: invoice.vatExemptionReason,
            wording: wording
        )
        pageDigits = digits
        if chargesVAT {
            lineTax = value(formatter.percentString(invoice.vatRate) + formatter.percentSign)
        }
        customFields = invoice.customFields.map { field in
            LabeledValue(label: field.name, value: field.isIdentifier ? identifier(field.value) : value(field.value))
        }
        if let mark = invoice.copyMark {
            copyMark = wording[mark.key]
            documentSubject = Self.metadataText(
                ([wording[titleKey], invoice.invoiceNumber].filter { !$0.isEmpty }.joined(separator: " "))
                    + " — " + copyMark)
        }
        if isSigned { signedNote = wording[.signedNote] }
        logoAlt = Self.metadataText(
            invoice.logoAlt.isEmpty ? wording.text(.logoAlt, [.name: invoice.fromName]) : invoice.logoAlt)
        if let received = invoice.received {
            show(received, of: invoice, formatter: formatter, wording: wording, date: date)
        }
    }

    /// The total's label: a document that charges no tax has a total without tax ("Net à payer",
    /// not "Total TTC"), unless the invoice relabels `total` alone, which then stands for both.
    static func totalKey(chargesTax: Bool, labels: [WordKey: String]) -> WordKey {
        guard !chargesTax else { return .total }
        return labels[.total] != nil && labels[.totalWithoutTax] == nil ? .total : .totalWithoutTax
    }

    /// The address as the invoice writes it, else its parts: the street, the postal code and
    /// city, the country's name in the document's language (CLDR's).
    static func address(
        _ text: String, street: String, postalCode: String, city: String, country: CountryCode?, language: String
    ) -> [String] {
        guard text.isEmpty else { return [text] }
        let place = [postalCode, city].filter { !$0.isEmpty }.joined(separator: " ")
        let countryName = country.map { CountryName.of($0.code, in: language) }
        return [street, place, countryName ?? ""].filter { !$0.isEmpty }
    }

    /// A line's values for the columns a theme adds.
    static func details(
        of item: LineItem, in invoice: Invoice, chargesVAT: Bool, formatter: AmountFormatter, units: QuantityWording,
        date: (CalendarDate) -> String, wording: Wording
    ) -> Item.Details {
        var details = Item.Details()
        details.itemId = wording.identifier(item.itemId)
        details.date = item.date.map { wording.isolated(date($0)) } ?? ""
        if item.unit != .one {
            // Only a unit makes the quantity alone differ from the quantity shown.
            details.number = wording.isolated(formatter.quantityString(item.quantity))
            details.unit =
                units.unitWord(decimal: "\(item.quantity)", unitCode: item.unit.code) ?? item.unit.code
        }
        if let discount = item.discount {
            let shown =
                switch discount.kind {
                case .percentage: formatter.percentString(discount.value) + formatter.percentSign
                case .fixed: formatter.string(for: Money(amount: -discount.value, currency: invoice.currency))
                }
            details.discount = wording.isolated(shown)
        }
        // A line at the invoice's rate shows the content's `lineTax`, kept once.
        if chargesVAT, let rate = item.vatRate {
            details.tax = wording.isolated(formatter.percentString(rate) + formatter.percentSign)
        }
        return details
    }

    /// The quantity as the invoice's locale writes numbers, with its unit unless it is one
    /// (a piece): CLDR's short unit in the document's language (`32 hr`, `6,5 Std.`), else the
    /// unit's code.
    static func quantity(_ item: LineItem, formatter: AmountFormatter, units: QuantityWording) -> String {
        let number = formatter.quantityString(item.quantity)
        guard item.unit != .one else { return number }
        return units.text(number, decimal: "\(item.quantity)", unitCode: item.unit.code)
            ?? "\(number) \(item.unit.code)"
    }
}

extension DocumentType {
    /// The catalog key of the document's title.
    var titleKey: WordKey {
        switch self {
        case .invoice: .invoiceTitle
        case .estimate: .estimateTitle
        case .taxInvoice: .taxInvoiceTitle
        case .taxInvoiceReceipt: .taxInvoiceReceiptTitle
        case .receipt: .receiptTitle
        case .proforma: .proformaTitle
        case .creditNote: .creditNoteTitle
        }
    }
}

extension CopyMark {
    /// The catalog key of the mark's word.
    var key: WordKey {
        switch self {
        case .original: .originalMark
        case .copy: .copyMark
        case .certifiedCopy: .certifiedCopyMark
        }
    }
}

extension StatusStamp {
    /// The stamp for `status`; nil for `sent`, which shows none.
    init?(status: InvoiceStatus) {
        switch status {
        case .draft: self = .draft
        case .sent: return nil
        case .partial: self = .partiallyPaid
        case .paid: self = .paid
        case .overdue: self = .overdue
        case .void: self = .void
        }
    }
}

extension Money {
    /// The same amount with the opposite sign: a deduction shown as a negative figure.
    var negated: Money { Money(amount: -amount, currency: currency) }
}

extension InvoiceContent {
    /// The title and author as written into each file's metadata (and each SVG page's
    /// title): at most 200 characters, so that a megabyte of sender name is not repeated
    /// on every page.
    static func metadataText(_ text: String) -> String {
        let limit = 200
        guard text.utf8.count > limit, text.count > limit else { return text }
        return String(text.prefix(limit - 1)) + "…"
    }
}
