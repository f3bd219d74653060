import InvoiDocument
import InvoiLocalization
import InvoiModel

extension InvoiceContent {
    /// A received invoice's page: what the file states in place of what invoi works out — each
    /// line's quantity, price and net amount as written, the stated totals and VAT breakdown,
    /// the allowances and charges — and every other business term it holds, under the line it
    /// belongs to or in the groups of "Additional information".
    mutating func show(
        _ received: ReceivedInvoice, of invoice: Invoice, formatter: AmountFormatter, wording: Wording,
        date: @escaping (CalendarDate) -> String
    ) {
        let shown = StatementWriting(
            received: received, invoice: invoice, formatter: formatter, wording: wording, date: date)
        for index in items.indices where index < received.lines.count {
            let line = received.lines[index]
            let (description, notes) = shown.description(of: invoice.lineItems[index], line)
            items[index].description = description
            items[index].details.notes = notes
            items[index].quantity = shown.quantity(line.quantity, unitCode: line.unitCode)
            items[index].rate = shown.price(line)
            items[index].amount = shown.amount(line.netAmount)
        }
        totalsRows = shown.totalsRows()
        total = LabeledValue(label: wording[.totalsTaxInclusive], value: shown.amount(received.totals.taxInclusive))
        settlement = shown.settlement()
        taxNote = shown.taxNote()
        information = shown.informationGroups()
        informationHeading = wording[.sectionDocument]
    }
}

/// The strings of a received invoice's page, in the document's words and numbers.
private struct StatementWriting {
    let received: ReceivedInvoice
    let invoice: Invoice
    let formatter: AmountFormatter
    let wording: Wording
    let date: (CalendarDate) -> String
    let units: QuantityWording

    init(
        received: ReceivedInvoice, invoice: Invoice, formatter: AmountFormatter, wording: Wording,
        date: @escaping (CalendarDate) -> String
    ) {
        self.received = received
        self.invoice = invoice
        self.formatter = formatter
        self.wording = wording
        self.date = date
        units = QuantityWording(language: wording.tag)
    }

    /// An amount in the invoice's currency with its written decimals.
    func amount(_ number: StatedNumber) -> String {
        wording.isolated(
            formatter.string(
                for: Money(amount: number.value, currency: invoice.currency),
                writtenFractionDigits: number.fractionDigits))
    }

    /// A deduction: the amount with a minus sign.
    func deduction(_ number: StatedNumber) -> String {
        amount(StatedNumber(value: -number.value, fractionDigits: number.fractionDigits))
    }

    func number(_ number: StatedNumber) -> String {
        formatter.quantityString(number.value, fractionDigits: number.fractionDigits)
    }

    func percentage(_ number: StatedNumber) -> String {
        wording.isolated(self.number(number) + formatter.percentSign)
    }

    /// The quantity with its written decimals and its unit: CLDR's word in the document's
    /// language, else the code as written.
    func quantity(_ quantity: StatedNumber, unitCode: String) -> String {
        let written = number(quantity)
        guard !unitCode.isEmpty, unitCode != UnitCode.one.code else { return wording.isolated(written) }
        return wording.isolated(
            units.text(written, decimal: quantity.description, unitCode: unitCode) ?? "\(written) \(unitCode)")
    }

    /// The net price, and the quantity it is the price of when that is not one.
    func price(_ line: StatedLine) -> String {
        let price = amount(line.netPrice)
        guard let base = line.baseQuantity, base.value != 1 else { return price }
        let unit = line.baseQuantityUnitCode.isEmpty ? line.unitCode : line.baseQuantityUnitCode
        return price + " / " + quantity(base, unitCode: unit)
    }

    /// The item's name, then a line per further term of the line: its description, ids,
    /// period, attributes, price details, allowances and charges, VAT when the rates differ.
    func description(of item: LineItem, _ line: StatedLine) -> (description: String, notes: String) {
        var lines: [String] = []
        for term in line.terms { lines.append(labelled(term)) }
        if let gross = line.grossPrice {
            lines.append(wording[.termGrossPrice] + ": " + amount(gross))
        }
        if let discount = line.priceDiscount {
            lines.append(wording[.termPriceDiscount] + ": " + deduction(discount))
        }
        for entry in line.allowancesAndCharges {
            lines.append(allowanceOrCharge(entry, label: entry.isCharge ? .termLineCharge : .termLineAllowance))
        }
        if received.vatBreakdown.count > 1 || !["S", "", "Z"].contains(line.vatCategory) {
            lines.append(wording[.taxColumn] + ": " + vatRow(category: line.vatCategory, rate: line.vatRate))
        }
        let notes = lines.filter { !$0.isEmpty }.joined(separator: "\n")
        // A sub-line (a detail of the line above it) is marked as one.
        return (line.parentLineId.isEmpty ? item.description : "↳ " + item.description, notes)
    }

    /// `Standard rate 19 %`, `Reverse charge`: the category's word and the rate.
    func vatRow(category: String, rate: StatedNumber?) -> String {
        let name = VATCategoryWord.key(for: category).map { wording[$0] } ?? category
        guard let rate else { return name }
        return name + " " + percentage(rate)
    }

    /// `Allowance: −5.00 € (Rabatt; 10 % of 50.00 €)`.
    func allowanceOrCharge(_ entry: StatedAllowanceCharge, label: WordKey) -> String {
        var text = wording[label] + ": " + (entry.isCharge ? amount(entry.amount) : deduction(entry.amount))
        var details: [String] = []
        let reason = [entry.reason, entry.reasonCode.isEmpty ? "" : wording.identifier(entry.reasonCode)]
            .filter { !$0.isEmpty }.joined(separator: " ")
        if !reason.isEmpty { details.append(reason) }
        if let percentage = entry.percentage {
            details.append(
                self.percentage(percentage) + (entry.baseAmount.map { " × " + amount($0) } ?? ""))
        } else if let base = entry.baseAmount {
            details.append(amount(base))
        }
        if !entry.vatCategory.isEmpty || entry.vatRate != nil {
            details.append(vatRow(category: entry.vatCategory, rate: entry.vatRate))
        }
        if !details.isEmpty { text += " (" + details.joined(separator: "; ") + ")" }
        return text
    }

    /// `Label: value` for a term.
    func labelled(_ term: StatedTerm) -> String {
        label(of: term) + ": " + value(of: term)
    }

    func label(of term: StatedTerm) -> String {
        guard let name = term.name, !name.isEmpty else { return wording[term.term.word] }
        // A note's subject code is shown beside the word for a note; an attribute is named by the file.
        return term.term == .noteSubject ? wording[term.term.word] + " (" + wording.identifier(name) + ")" : name
    }

    func value(of term: StatedTerm) -> String {
        switch term.value {
        case .text(let text): text
        case .identifier(let value, let scheme):
            scheme.isEmpty
                ? wording.identifier(value) : wording.identifier(value) + " (" + wording.identifier(scheme) + ")"
        case .date(let day): wording.isolated(date(day))
        case .period(let start, let end):
            [start, end].map { $0.map { wording.isolated(date($0)) } ?? "…" }.joined(separator: " – ")
        case .amount(let number, let code):
            code.isEmpty || code == invoice.currency.code
                ? amount(number)
                : wording.isolated(
                    formatter.string(
                        for: Money(
                            amount: number.value,
                            currency: Currency(code: code)
                                ?? Currency(unlisted: code, fractionDigits: number.fractionDigits)),
                        writtenFractionDigits: number.fractionDigits))
        case .percentage(let number): percentage(number)
        }
    }

    /// Sum of lines, each allowance and charge (and their sums when there are several), the
    /// total without VAT, a row per VAT rate with its taxable amount, the total VAT, the VAT in
    /// the accounting currency.
    func totalsRows() -> [InvoiceContent.LabeledValue] {
        let totals = received.totals
        var rows = [InvoiceContent.LabeledValue(label: wording[.totalsLineTotal], value: amount(totals.lineTotal))]
        let allowances = received.allowancesAndCharges.filter { !$0.isCharge }
        let charges = received.allowancesAndCharges.filter(\.isCharge)
        for entry in allowances + charges {
            let full = allowanceOrCharge(entry, label: entry.isCharge ? .termDocumentCharge : .termDocumentAllowance)
            // The label is all but the amount, which goes in the value column.
            let label = wording[entry.isCharge ? .termDocumentCharge : .termDocumentAllowance]
            let details = full.firstIndex(of: "(").map { " " + String(full[$0...]) } ?? ""
            rows.append(
                InvoiceContent.LabeledValue(
                    label: label + details, value: entry.isCharge ? amount(entry.amount) : deduction(entry.amount)))
        }
        if let sum = totals.allowances, allowances.count != 1 || allowances.first?.amount.value != sum.value {
            rows.append(InvoiceContent.LabeledValue(label: wording[.totalsAllowances], value: deduction(sum)))
        }
        if let sum = totals.charges, charges.count != 1 || charges.first?.amount.value != sum.value {
            rows.append(InvoiceContent.LabeledValue(label: wording[.totalsCharges], value: amount(sum)))
        }
        rows.append(
            InvoiceContent.LabeledValue(label: wording[.totalsTaxExclusive], value: amount(totals.taxExclusive)))
        for row in received.vatBreakdown {
            let category = VATCategoryWord.key(for: row.category).map { wording[$0] } ?? row.category
            // A category without a rate (not subject to VAT) has no rate to fill in.
            let label =
                row.rate.map { rate in
                    wording.text(
                        .vatOn, [.category: category, .rate: number(rate), .amount: amount(row.taxableAmount)],
                        percentSign: formatter.percentSign)
                } ?? category + " – " + amount(row.taxableAmount)
            rows.append(InvoiceContent.LabeledValue(label: label, value: amount(row.vat)))
        }
        if let vat = totals.vat {
            rows.append(InvoiceContent.LabeledValue(label: wording[.totalsVat], value: amount(vat)))
        }
        if let (vat, code) = totals.vatInAccountingCurrency {
            rows.append(
                InvoiceContent.LabeledValue(
                    label: wording[.termVatInAccountingCurrency],
                    value: value(of: StatedTerm(.vatInAccountingCurrency, .amount(vat, currency: code)))))
        }
        return rows
    }

    /// Paid in advance and rounding, then the amount due, when any of them is stated or the
    /// amount due differs from the total.
    func settlement() -> InvoiceContent.Settlement? {
        let totals = received.totals
        var rows: [InvoiceContent.LabeledValue] = []
        if let prepaid = totals.prepaid {
            rows.append(InvoiceContent.LabeledValue(label: wording[.totalsPrepaid], value: deduction(prepaid)))
        }
        if let rounding = totals.rounding {
            rows.append(InvoiceContent.LabeledValue(label: wording[.totalsRounding], value: amount(rounding)))
        }
        guard !rows.isEmpty || totals.payable.value != totals.taxInclusive.value else { return nil }
        return InvoiceContent.Settlement(
            rows: rows,
            balanceDue: InvoiceContent.LabeledValue(label: wording[.totalsPayable], value: amount(totals.payable)))
    }

    /// Each VAT row's reason for charging none, once each.
    func taxNote() -> String {
        var notes: [String] = []
        for row in received.vatBreakdown {
            let note = [row.exemptionReason, row.exemptionCode.isEmpty ? "" : wording.identifier(row.exemptionCode)]
                .filter { !$0.isEmpty }.joined(separator: " ")
            if !note.isEmpty, !notes.contains(note) { notes.append(note) }
        }
        if notes.isEmpty, !invoice.vatExemptionReason.isEmpty { notes.append(invoice.vatExemptionReason) }
        // Figures that do not follow from the others are shown as stated, and said to disagree.
        let disagreements = received.disagreements
        if !disagreements.isEmpty {
            let rules = disagreements.map { disagreement in
                // Each with the decimals it has (at least the currency's, as `amount` shows them).
                let stated = StatedNumber(
                    value: disagreement.stated, fractionDigits: max(0, -disagreement.stated.exponent))
                let expected = StatedNumber(
                    value: disagreement.expected, fractionDigits: max(0, -disagreement.expected.exponent))
                return "\(disagreement.rule) (\(disagreement.term) \(amount(stated)) ≠ \(amount(expected)))"
            }
            notes.append(wording[.figuresWarning] + ": " + rules.joined(separator: ", "))
        }
        return notes.joined(separator: "\n")
    }

    /// The terms with no place of their own, by section, in EN 16931's order; the model's fields
    /// the page of invoi's own invoices leaves out (registration, contact, electronic addresses,
    /// the payment reference); the attachments.
    func informationGroups() -> [InvoiceContent.InformationGroup] {
        var bySection: [TermSection: [InvoiceContent.LabeledValue]] = [:]
        func add(_ term: BusinessTerm, _ value: StatedTerm.Value) {
            let term = StatedTerm(term, value)
            bySection[term.term.section, default: []].append(
                InvoiceContent.LabeledValue(label: label(of: term), value: self.value(of: term)))
        }
        if received.typeCode != "380", received.typeCode != "381" {
            add(.documentType, .identifier(received.typeCode, scheme: ""))
        }
        if !received.source.specification.isEmpty {
            add(.specification, .identifier(received.source.specification, scheme: ""))
        }
        if !invoice.fromRegistrationId.isEmpty {
            add(.sellerLegalRegistration, .identifier(invoice.fromRegistrationId, scheme: ""))
        }
        if let address = invoice.fromElectronicAddress {
            add(.sellerElectronicAddress, .identifier(address.identifier, scheme: address.scheme))
        }
        if !invoice.fromContact.isEmpty { add(.sellerContact, .text(invoice.fromContact)) }
        if let address = invoice.toElectronicAddress {
            add(.buyerElectronicAddress, .identifier(address.identifier, scheme: address.scheme))
        }
        if !invoice.paymentReference.isEmpty {
            add(.remittanceInformation, .identifier(invoice.paymentReference, scheme: ""))
        }
        // The VAT in the accounting currency is a totals row already.
        for term in received.terms
        where term.term != .vatInAccountingCurrency || received.totals.vatInAccountingCurrency == nil {
            bySection[term.term.section, default: []].append(
                InvoiceContent.LabeledValue(label: label(of: term), value: value(of: term)))
        }
        var groups: [InvoiceContent.InformationGroup] = []
        for section in TermSection.allCases where section != .line && section != .totals {
            guard let rows = bySection[section], !rows.isEmpty else { continue }
            // The document's own terms come first, under the section's heading alone.
            let heading = section == .document ? "" : wording[section.word]
            groups.append(InvoiceContent.InformationGroup(heading: heading, rows: rows))
        }
        let attachments = received.attachments.map(attachmentRow)
        if !attachments.isEmpty {
            groups.append(InvoiceContent.InformationGroup(heading: wording[.sectionAttachments], rows: attachments))
        }
        return groups
    }

    /// An attachment's reference, and its description, file name and type, or its address.
    func attachmentRow(_ attachment: Attachment) -> InvoiceContent.LabeledValue {
        var parts: [String] = []
        if !attachment.description.isEmpty { parts.append(attachment.description) }
        if let file = attachment.embedded {
            let name = [file.fileName, file.mimeCode].filter { !$0.isEmpty }.map(wording.identifier)
                .joined(separator: ", ")
            parts.append(
                (name.isEmpty ? "" : name + ", ") + wording[.attachmentEmbedded] + ", "
                    + ByteCount.text(file.data.count))
        }
        if !attachment.uri.isEmpty {
            parts.append(wording.identifier(attachment.uri) + " (" + wording[.attachmentExternal] + ")")
        }
        return InvoiceContent.LabeledValue(
            label: attachment.reference.isEmpty ? "–" : wording.identifier(attachment.reference),
            value: parts.joined(separator: "\n"))
    }
}

/// The catalog word of a VAT category code as EN 16931 writes it.
enum VATCategoryWord {
    static func key(for code: String) -> WordKey? {
        WordKey(rawValue: "vatCategory." + code)
    }
}

/// A file's size for a reader: `12 KB`, `1.4 MB`, `800 B`.
enum ByteCount {
    static func text(_ count: Int) -> String {
        if count < 1_000 { return "\(count) B" }
        if count < 1_000_000 { return "\((count + 500) / 1_000) KB" }
        let tenths = (count + 50_000) / 100_000
        return "\(tenths / 10).\(tenths % 10) MB"
    }
}
