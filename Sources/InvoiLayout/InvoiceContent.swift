/// Everything the document shows, already formatted as strings. Layout works
/// from this so that it knows the visual spec but not money or dates.
public struct InvoiceContent: Hashable, Sendable {
    public struct Sender: Hashable, Sendable {
        public var name: String
        /// Email, phone and address lines in order (empty ones left out); an address may hold `\n`.
        public var email: String
        public var details: [String]

        public init(name: String, email: String, details: [String]) {
            self.name = name
            self.email = email
            self.details = details
        }
    }

    public struct Client: Hashable, Sendable {
        public var name: String
        public var email: String
        public var details: [String]

        public init(name: String, email: String, details: [String]) {
            self.name = name
            self.email = email
            self.details = details
        }
    }

    /// A labelled date shown right of Bill To ("ISSUE DATE" over "Mar 12, 2026").
    public struct DateField: Hashable, Sendable {
        public var label: String
        public var value: String

        public init(label: String, value: String) {
            self.label = label
            self.value = value
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

    public struct TotalsRow: Hashable, Sendable {
        public var label: String
        public var value: String

        public init(label: String, value: String) {
            self.label = label
            self.value = value
        }
    }

    public struct PaymentRow: Hashable, Sendable {
        public var label: String
        public var value: String

        public init(label: String, value: String) {
            self.label = label
            self.value = value
        }
    }

    public var title: String
    public var invoiceNumber: String
    public var sender: Sender
    public var client: Client
    public var dates: [DateField]
    public var items: [Item]
    /// Subtotal, VAT (when any) — the rows above the separator.
    public var totalsRows: [TotalsRow]
    /// "Total" and its amount — the bold row under the separator.
    public var total: TotalsRow
    /// Empty when no bank field is filled (the section is then left out).
    public var paymentRows: [PaymentRow]
    public var documentTitle: String
    public var author: String

    public init(title: String, invoiceNumber: String, sender: Sender, client: Client, dates: [DateField],
                items: [Item], totalsRows: [TotalsRow], total: TotalsRow, paymentRows: [PaymentRow],
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
