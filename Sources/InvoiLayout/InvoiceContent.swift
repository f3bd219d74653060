import InvoiDocument
import InvoiLocalization
import InvoiModel

/// A payment QR code's modules, the caption under them and what a reader who cannot see the
/// code is told it is (the caption and the scheme's name).
public struct PaymentCode: Hashable, Sendable {
    public var matrix: QRCodeMatrix
    public var caption: String
    public var altText: String

    public init(matrix: QRCodeMatrix, caption: String, altText: String? = nil) {
        self.matrix = matrix
        self.caption = caption
        self.altText = altText ?? caption
    }
}

/// Everything the document shows, already formatted as strings. Layout works
/// from this so that it knows the visual spec but not money or dates.
public struct InvoiceContent: Hashable, Sendable {
    /// A sender or a client: a name, an email, and further lines.
    public struct Party: Hashable, Sendable {
        public var name: String
        public var email: String
        /// Further lines (phone, address) in order, empty ones left out; an address may hold `\n`.
        public var details: [String]
        /// The VAT (tax) ID; "" for none.
        public var taxId: String
        /// The muted line under the details ("VAT ID …" in the document's words), or "" when
        /// there is no tax ID.
        public var taxIdLine: String

        public init(name: String, email: String, details: [String], taxId: String = "", wording: Wording = .english) {
            self.name = name
            self.email = email
            self.details = details
            self.taxId = taxId
            taxIdLine = taxId.isEmpty ? "" : wording.text(.taxId, [.id: taxId])
        }
    }

    /// Made only by layout (`InvoiceContent(invoice:)`); the memberwise initialisers stay internal.
    public struct Item: Hashable, Sendable {
        public var description: String
        /// The quantity with its unit (`32 hr`), for a table without a unit column.
        public var quantity: String
        public var rate: String
        public var amount: String
        /// The columns a theme may add; "" where the line has none.
        public var details: Details {
            get { detailStorage?.details ?? Details() }
            set { detailStorage = newValue == Details() ? nil : DetailStorage(newValue) }
        }
        /// Held apart: inline, six strings made every item of a 200,000-item invoice 96 bytes
        /// larger (20 MB at the peak), though only themed renders fill them.
        private var detailStorage: DetailStorage?

        /// What a line shows only in the columns a theme adds.
        public struct Details: Hashable, Sendable {
            /// The item's id or SKU.
            public var itemId = ""
            public var date = ""
            /// The quantity alone, for a table with a unit column; "" when it is the quantity shown
            /// (a piece).
            public var number = ""
            /// The unit's word (`hr`), "" for a piece.
            public var unit = ""
            public var discount = ""
            /// The line's own VAT rate (`19%`); "" for the invoice's (`InvoiceContent.lineTax`).
            public var tax = ""
            /// A received invoice's further terms of the line (its item's description, ids,
            /// attributes, allowances), a line each, muted under the description; "" for none.
            public var notes = ""
        }

        init(description: String, quantity: String, rate: String, amount: String, details: Details = Details()) {
            self.description = description
            self.quantity = quantity
            self.rate = rate
            self.amount = amount
            self.details = details
        }
    }

    /// An item's details, immutable and shared between copies of the item.
    private final class DetailStorage: Hashable, Sendable {
        let details: InvoiceContent.Item.Details

        init(_ details: InvoiceContent.Item.Details) { self.details = details }

        static func == (lhs: DetailStorage, rhs: DetailStorage) -> Bool { lhs.details == rhs.details }

        func hash(into hasher: inout Hasher) { hasher.combine(details) }
    }

    /// A label and its value (totals rows, payment rows).
    public struct LabeledValue: Hashable, Sendable {
        public var label: String
        public var value: String
    }

    /// What has been paid and what is left, shown under the Total.
    public struct Settlement: Hashable, Sendable {
        /// "Paid" and the negative amount (light rows like Subtotal); a received invoice adds its
        /// rounding, or has no Paid row when it states only a rounding.
        public var rows: [LabeledValue]
        /// "Balance due" and its amount (bold, under a separator).
        public var balanceDue: LabeledValue

        init(paid: LabeledValue, balanceDue: LabeledValue) {
            self.init(rows: [paid], balanceDue: balanceDue)
        }

        init(rows: [LabeledValue], balanceDue: LabeledValue) {
            self.rows = rows
            self.balanceDue = balanceDue
        }
    }

    /// A group of labelled values under a heading ("SELLER", "PAYMENT"): a received invoice's
    /// business terms that have no place of their own on the page.
    public struct InformationGroup: Hashable, Sendable {
        public var heading: String
        public var rows: [LabeledValue]
    }

    public var title: String
    public var invoiceNumber: String
    /// The labelled allocation-number line under the invoice number; "" for none.
    public var allocationLine: String
    /// "Corrects Invoice INV-0007" under the invoice number (a credit note's invoice); "" for none.
    public var correctionLine: String
    public var sender: Party
    public var client: Party
    /// Labelled dates shown right of Bill To ("ISSUE DATE" over "Mar 12, 2026").
    public var dates: [LabeledValue]
    /// The buyer's references under the dates ("BUYER REFERENCE", "ORDER NO."), in columns like them.
    public var references: [LabeledValue]
    /// The VAT rate of a line that has none of its own (`19%`), for a tax column; "" when the
    /// invoice charges no VAT or the content was made without details.
    public var lineTax = ""
    /// The invoice's own named values (a PO number, a project), under the references.
    public var customFields: [LabeledValue] = []
    /// The payment terms under the dates and references; nil for none.
    public var paymentTerms: LabeledValue?
    public var items: [Item]
    /// Subtotal, Discount, VAT (when any) — the rows above the separator.
    public var totalsRows: [LabeledValue]
    /// "Total" and its amount — the bold row under the separator.
    public var total: LabeledValue
    /// Paid and Balance due under the Total; nil when no amount paid is given.
    public var settlement: Settlement?
    /// Why no VAT is charged (reverse charge, an exemption), under the totals; "" for none.
    public var taxNote: String
    /// Empty when no bank field is filled (the section is then left out).
    public var paymentRows: [LabeledValue]
    /// The payment QR code shown with the payment details; nil for none.
    public var paymentCode: PaymentCode?
    /// The Swiss QR-bill's payment part and receipt, at the foot of the last page; nil for none.
    public var swissBill: SwissBill?
    /// A received invoice's other business terms and attachments, in groups under "Additional
    /// information"; empty for invoi's own invoices.
    public var information: [InformationGroup] = []
    /// The heading of `information` ("Additional information" in the document's words).
    public var informationHeading = ""
    /// The NOTES block's text, `\n` a line break; "" leaves the block out.
    public var notes: String
    /// Drawn at the top left above the sender's name; nil for none.
    public var logo: EmbeddedImage?
    /// The logo's alternative text (the invoice's `logoAlt`, or the company name and the word for logo).
    public var logoAlt = ""
    /// The status stamp; nil for none.
    public var stamp: StatusStamp?
    /// "Original", "Copy" … beside the title, in the document's words; "" for none.
    public var copyMark = ""
    /// The line under each page of a digitally signed document; "" when it is not signed.
    public var signedNote = ""
    public var documentTitle: String
    public var author: String
    /// The subject written into the file's metadata ("Invoice INV-0001 — Original"); "" for none.
    public var documentSubject = ""
    /// The document's words: the footer, the stamp, upper-casing, and its direction.
    public var wording: Wording
    /// The digits of the footer's page numbers, the document's numbering system.
    public var pageDigits = NumberingSystem.latin

    public init(
        title: String, invoiceNumber: String, sender: Party, client: Party, dates: [LabeledValue],
        items: [Item], totalsRows: [LabeledValue], total: LabeledValue, settlement: Settlement? = nil,
        paymentRows: [LabeledValue], notes: String = "", logo: EmbeddedImage? = nil,
        stamp: StatusStamp? = nil, documentTitle: String, author: String, allocationLine: String = "",
        correctionLine: String = "", references: [LabeledValue] = [], paymentTerms: LabeledValue? = nil,
        taxNote: String = "", wording: Wording = .english
    ) {
        self.title = title
        self.invoiceNumber = invoiceNumber
        self.allocationLine = allocationLine
        self.correctionLine = correctionLine
        self.references = references
        self.paymentTerms = paymentTerms
        self.taxNote = taxNote
        self.wording = wording
        self.sender = sender
        self.client = client
        self.dates = dates
        self.items = items
        self.totalsRows = totalsRows
        self.total = total
        self.settlement = settlement
        self.paymentRows = paymentRows
        self.notes = notes
        self.logo = logo
        self.stamp = stamp
        self.documentTitle = documentTitle
        self.author = author
    }
}

extension InvoiceContent {
    /// The content without the sections a theme hides (page numbers are the layout's).
    func hiding(_ sections: Set<Theme.Section>) -> InvoiceContent {
        var content = self
        for section in sections {
            switch section {
            case .paymentDetails: content.paymentRows = []
            case .notes: content.notes = ""
            case .paymentQR: content.paymentCode = nil
            case .logo: content.logo = nil
            case .customFields: content.customFields = []
            case .pageNumbers: break
            }
        }
        return content
    }

    /// The stamped word in the document's words (upper-cased when drawn); "" for no stamp.
    public var stampWord: String {
        stamp.map { wording[$0.key] } ?? ""
    }

    /// The muted footer of a page of a document longer than one: "INV-0001 · Page 2 of 3".
    public func footerText(page: Int, of count: Int) -> String {
        let values: [Placeholder: String] = [
            .number: invoiceNumber, .page: pageDigits.string(page), .pages: pageDigits.string(count),
        ]
        return wording.text(invoiceNumber.isEmpty ? .footerPage : .footer, values)
    }

    /// Whether the page runs right to left (mirrored).
    public var isRightToLeft: Bool { wording.isRightToLeft }
}
