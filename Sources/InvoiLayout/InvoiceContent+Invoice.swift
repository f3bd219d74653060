import InvoiModel

extension InvoiceContent {
    /// Formats an invoice for display (DESIGN.md §4, §6). `locale` overrides the
    /// invoice's own locale and the currency's conventional one.
    public init(invoice: Invoice, locale: String? = nil) {
        let formatter = AmountFormatter(currency: invoice.currency, locale: locale ?? invoice.locale)
        let totals = invoice.totals

        var dates = [LabeledValue(label: "Issue Date", value: invoice.issueDate.formatted)]
        if let due = invoice.dueDate {
            dates.append(LabeledValue(label: "Due Date", value: due.formatted))
        }

        let items = zip(invoice.lineItems, totals.lineAmounts).map { item, amount in
            Item(description: item.description,
                 quantity: formatter.quantityString(item.quantity),
                 rate: formatter.string(for: Money(amount: item.rate, currency: invoice.currency)),
                 amount: formatter.string(for: amount))
        }

        var totalsRows = [LabeledValue(label: "Subtotal", value: formatter.string(for: totals.subtotal))]
        if invoice.vatRate != 0 {
            totalsRows.append(LabeledValue(label: "VAT \(formatter.percentString(invoice.vatRate))%",
                                        value: formatter.string(for: totals.vat)))
        }

        let payment = [("Beneficiary", invoice.bankBeneficiary), ("Bank", invoice.bankName),
                       ("Account", invoice.bankAccount), ("SWIFT/BIC", invoice.bankSwift)]
            .filter { !$0.1.isEmpty }
            .map { LabeledValue(label: $0.0, value: $0.1) }

        let titleParts = [invoice.invoiceNumber, invoice.fromName].filter { !$0.isEmpty }
        self.init(
            title: "INVOICE",
            invoiceNumber: invoice.invoiceNumber,
            sender: Party(name: invoice.fromName, email: invoice.fromEmail,
                           details: [invoice.fromPhone, invoice.fromAddress].filter { !$0.isEmpty }),
            client: Party(name: invoice.toName, email: invoice.toEmail,
                           details: [invoice.toAddress].filter { !$0.isEmpty }),
            dates: dates,
            items: items,
            totalsRows: totalsRows,
            total: LabeledValue(label: "Total", value: formatter.string(for: totals.total)),
            paymentRows: payment,
            documentTitle: (["Invoice"] + [titleParts.joined(separator: " — ")]).filter { !$0.isEmpty }.joined(separator: " "),
            author: invoice.fromName
        )
    }
}
