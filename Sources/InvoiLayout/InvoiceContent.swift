/// Everything the document shows, already formatted as strings. Layout works
/// from this so that it knows the visual spec but not money or dates.
public struct InvoiceContent: Hashable, Sendable {
    /// A sender or a client: a name, an email, and further lines.
    public struct Party: Hashable, Sendable {
        public var name: String
        /// Further lines (phone, address) in order, empty ones left out; an address may hold `\n`.
        public var email: String
        public var details: [String]

        public init(name: String, email: String, details: [String]) {
            self.name = name
            self.email = email
            self.details = details
        }
    }

    public struct Item: Hashable, Sendable {
        public var description: String
        public var quantity: String
        public var rate: String
        public var amount: String

        public init(description: String, quantity: String, rate: String, amount: String) {
            self.description = description
            self.quantity = quantity
            self.rate = rate
            self.amount = amount
        }
    }

    /// A label and its value (totals rows, payment rows).
    public struct LabeledValue: Hashable, Sendable {
        public var label: String
        public var value: String

        public init(label: String, value: String) {
            self.label = label
            self.value = value
        }
    }

    public var title: String
    public var invoiceNumber: String
    public var sender: Party
    public var client: Party
    /// Labelled dates shown right of Bill To ("ISSUE DATE" over "Mar 12, 2026").
    public var dates: [LabeledValue]
    public var items: [Item]
    /// Subtotal, VAT (when any) — the rows above the separator.
    public var totalsRows: [LabeledValue]
    /// "Total" and its amount — the bold row under the separator.
    public var total: LabeledValue
    /// Empty when no bank field is filled (the section is then left out).
    public var paymentRows: [LabeledValue]
    public var documentTitle: String
    public var author: String

    public init(title: String, invoiceNumber: String, sender: Party, client: Party, dates: [LabeledValue],
                items: [Item], totalsRows: [LabeledValue], total: LabeledValue, paymentRows: [LabeledValue],
                documentTitle: String, author: String) {
        self.title = title
        self.invoiceNumber = invoiceNumber
        self.sender = sender
        self.client = client
        self.dates = dates
        self.items = items
        self.totalsRows = totalsRows
        self.total = total
        self.paymentRows = paymentRows
        self.documentTitle = documentTitle
        self.author = author
    }
}
