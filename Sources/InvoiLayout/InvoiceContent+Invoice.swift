import InvoiDocument
import InvoiModel

extension InvoiceContent {
    /// Formats an invoice for display. `locale` overrides the
    /// invoice's own locale and the currency's conventional one; `logo` is the invoice's
    /// logo, already decoded. Every amount shown comes from `InvoiceTotals`.
    public init(invoice: Invoice, locale: String? = nil, logo: EmbeddedImage? = nil) {
        let formatter = AmountFormatter(currency: invoice.currency, locale: locale ?? invoice.locale)
        let totals = invoice.totals
        let isEstimate = invoice.documentType == .estimate

        var dates = [LabeledValue(label: "Issue Date", value: invoice.issueDate.formatted)]
        if let due = invoice.dueDate {
            dates.append(LabeledValue(label: isEstimate ? "Valid Until" : "Due Date", value: due.formatted))
        }

        let items = zip(invoice.lineItems, totals.lineAmounts).map { item, amount in
            Item(
                description: item.description,
                quantity: formatter.quantityString(item.quantity),
                rate: formatter.string(for: Money(amount: item.rate, currency: invoice.currency)),
                amount: formatter.string(for: amount))
        }

        var totalsRows = [LabeledValue(label: "Subtotal", value: formatter.string(for: totals.subtotal))]
        if let discount = invoice.discount, let amount = totals.discount {
            let label =
                switch discount.kind {
                case .percentage: "Discount (\(formatter.percentString(discount.value))%)"
                case .fixed: "Discount"
                }
            totalsRows.append(LabeledValue(label: label, value: formatter.string(for: amount.negated)))
        }
        if invoice.vatRate != 0 {
            totalsRows.append(
                LabeledValue(
                    label: "VAT \(formatter.percentString(invoice.vatRate))%",
                    value: formatter.string(for: totals.vat)))
        }
        let settlement = totals.paid.flatMap { paid in
            totals.balanceDue.map { balance in
                Settlement(
                    paid: LabeledValue(label: "Paid", value: formatter.string(for: paid.negated)),
                    balanceDue: LabeledValue(label: "Balance due", value: formatter.string(for: balance)))
            }
        }

        let payment = [
            ("Beneficiary", invoice.bankBeneficiary), ("Bank", invoice.bankName),
            ("Account", invoice.bankAccount), ("SWIFT/BIC", invoice.bankSwift),
        ]
        .filter { !$0.1.isEmpty }
        .map { LabeledValue(label: $0.0, value: $0.1) }

        let titleParts = [invoice.invoiceNumber, invoice.fromName].filter { !$0.isEmpty }
        self.init(
            title: isEstimate ? "ESTIMATE" : "INVOICE",
            invoiceNumber: invoice.invoiceNumber,
            sender: Party(
                name: invoice.fromName, email: invoice.fromEmail,
                details: [invoice.fromPhone, invoice.fromAddress].filter { !$0.isEmpty },
                taxId: invoice.fromTaxId),
            client: Party(
                name: invoice.toName, email: invoice.toEmail,
                details: [invoice.toAddress].filter { !$0.isEmpty }, taxId: invoice.toTaxId),
            dates: dates,
            items: items,
            totalsRows: totalsRows,
            total: LabeledValue(label: "Total", value: formatter.string(for: totals.total)),
            settlement: settlement,
            paymentRows: payment,
            notes: invoice.notes,
            logo: logo,
            stamp: invoice.status.flatMap(StatusStamp.init(status:)),
            documentTitle: ([isEstimate ? "Estimate" : "Invoice"] + [titleParts.joined(separator: " — ")])
                .filter { !$0.isEmpty }.joined(separator: " "),
            author: invoice.fromName
        )
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
