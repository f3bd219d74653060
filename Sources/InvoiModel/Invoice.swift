import Foundation
import InvoiLocalization

/// One invoice: the app's data model with typed dates, currency and amounts.
public struct Invoice: Hashable, Sendable {
    public var fromName: String
    public var fromEmail: String
    public var fromPhone: String
    public var fromAddress: String
    public var toName: String
    public var toEmail: String
    public var toAddress: String
    public var invoiceNumber: String
    public var issueDate: CalendarDate
    /// nil means no due date: the JSON's `""`, and the DUE DATE column is left out.
    public var dueDate: CalendarDate?
    public var currency: Currency
    /// Percent, 0...100; 0 hides the VAT row.
    public var vatRate: Decimal
    public var lineItems: [LineItem]
    public var bankBeneficiary: String
    public var bankName: String
    public var bankAccount: String
    public var bankSwift: String
    /// Overrides the currency's conventional locale for amounts and quantities (BCP 47).
    public var locale: String?
    /// The language of the words and dates (BCP 47, one invoi has a catalog for); nil is English.
    public var language: String?
    /// Which way the page runs; `auto` follows the language.
    public var direction: DocumentDirection
    /// The digits of dates, amounts, quantities and page numbers; nil follows the language
    /// (`numberingSystem`).
    public var digits: Digits?
    /// The invoice's own words in place of the catalog's, by key (`"tax": "GST {rate}%"`).
    public var labels: [WordKey: String]
    /// Israel's tax-authority allocation number, printed under the invoice number; "" for none.
    public var allocationNumber: String

    // Extensions; each default leaves the app's document unchanged.

    /// `.estimate` titles the document "ESTIMATE" and labels the due date "VALID UNTIL".
    public var documentType: DocumentType
    /// The NOTES block's text; "" hides it. `\n` is a line break.
    public var notes: String
    /// Taken from the subtotal before VAT; nil for none.
    public var discount: Discount?
    /// Already paid, ≥ 0: adds the Paid and Balance due rows; nil for none.
    public var amountPaid: Decimal?
    /// The sender's and the client's VAT (tax) IDs; "" hides the line.
    public var fromTaxId: String
    public var toTaxId: String
    /// The stamp; nil for none.
    public var status: InvoiceStatus?
    public var logo: LogoReference?
    /// What the logo shows, for a reader who cannot see it (the tagged PDF's alternative text,
    /// the SVG's label); "" for the default, the company name and the word for logo.
    public var logoAlt: String = ""
    /// nil means the app's near-black, `AccentColor.standard`.
    public var accentColor: AccentColor?
    /// "Original" or "Copy" beside the title; nil prints nothing.
    public var copyMark: CopyMark?
    /// Up to 8 named values printed with the invoice's details (a PO number, a project).
    public var customFields: [CustomField] = []

    // Designs; each default leaves the app's document unchanged.

    /// The design; nil is the theme's, else `classic`. `--design` overrides it.
    public var design: DesignName?
    /// The theme: a built-in design's name or a theme file; nil for none. `--theme` overrides it.
    public var theme: ThemeReference?

    // E-invoice fields (EN 16931's business terms); each default leaves the
    // document unchanged, and the e-invoice formats say which of them their profile needs.

    /// The sender's address in parts (BT-35, BT-37, BT-38, BT-40); printed when
    /// `fromAddress` is empty, which otherwise fills the street line.
    public var fromStreet = ""
    public var fromCity = ""
    public var fromPostalCode = ""
    public var fromCountry: CountryCode?
    /// The client's address in parts (BT-50, BT-52, BT-53, BT-55), likewise.
    public var toStreet = ""
    public var toCity = ""
    public var toPostalCode = ""
    public var toCountry: CountryCode?
    /// The sender's company or legal registration id (BT-30).
    public var fromRegistrationId = ""
    /// The sender's contact person (BT-41).
    public var fromContact = ""
    /// Where the parties receive e-invoices (BT-34, BT-49).
    public var fromElectronicAddress: ElectronicAddress?
    public var toElectronicAddress: ElectronicAddress?
    /// The buyer's own reference, such as a German Leitweg-ID (BT-10).
    public var buyerReference = ""
    /// The buyer's purchase order number (BT-13).
    public var orderReference = ""
    /// The invoice a credit note corrects (BT-25).
    public var precedingInvoice = ""
    /// Free text, printed under the dates (BT-20).
    public var paymentTerms = ""
    /// The date of supply or the service period (BT-72, BG-14).
    public var delivery: Delivery?
    /// The category of the invoice-wide `vatRate`; nil is implied by the rate (S above 0, else Z).
    public var vatCategory: VATCategory?
    /// Why no VAT is charged (BT-120); required for the categories that need it.
    public var vatExemptionReason = ""
    /// The building number of the sender's and the client's street (the Swiss QR-bill's
    /// structured address; elsewhere printed after the street).
    public var fromBuildingNumber = ""
    public var toBuildingNumber = ""

    // Payment QR codes; each default leaves the document unchanged.

    /// The payment code printed with the payment details; nil for none.
    public var paymentQR: PaymentQRScheme?
    /// A Swiss QR reference (27 digits) or an ISO 11649 creditor reference (`RF…`), as
    /// written; "" for none.
    public var paymentReference = ""
    /// The payee's UPI address (`name@bank`), for the UPI code.
    public var upiId = ""

    // Reading e-invoices.

    /// What a received e-invoice states as it states it (its totals, VAT breakdown, numbers as
    /// written, and the terms this model has no field for); nil for an invoice from invoi's JSON.
    /// The page of a received invoice shows these in place of the figures invoi works out.
    public var received: ReceivedInvoice? {
        get { receivedStorage?.value }
        set { receivedStorage = newValue.map(ReceivedStorage.init) }
    }
    /// Held apart: most invoices are not received, and inline it would make every `Invoice` larger.
    private var receivedStorage: ReceivedStorage?

    public static let defaultInvoiceNumber = "INV-0001"

    public init(
        fromName: String = "", fromEmail: String = "", fromPhone: String = "", fromAddress: String = "",
        toName: String = "", toEmail: String = "", toAddress: String = "",
        invoiceNumber: String = Invoice.defaultInvoiceNumber,
        issueDate: CalendarDate, dueDate: CalendarDate? = nil,
        currency: Currency = .usd, vatRate: Decimal = 0,
        lineItems: [LineItem] = [.empty(number: 1)],
        bankBeneficiary: String = "", bankName: String = "", bankAccount: String = "", bankSwift: String = "",
        locale: String? = nil, language: String? = nil, direction: DocumentDirection = .auto,
        labels: [WordKey: String] = [:], allocationNumber: String = "",
        documentType: DocumentType = .invoice, notes: String = "", discount: Discount? = nil,
        amountPaid: Decimal? = nil, fromTaxId: String = "", toTaxId: String = "",
        status: InvoiceStatus? = nil, logo: LogoReference? = nil, accentColor: AccentColor? = nil
    ) {
        self.fromName = fromName
        self.fromEmail = fromEmail
        self.fromPhone = fromPhone
        self.fromAddress = fromAddress
        self.toName = toName
        self.toEmail = toEmail
        self.toAddress = toAddress
        self.invoiceNumber = invoiceNumber
        self.issueDate = issueDate
        self.dueDate = dueDate
        self.currency = currency
        self.vatRate = vatRate
        self.lineItems = lineItems
        self.bankBeneficiary = bankBeneficiary
        self.bankName = bankName
        self.bankAccount = bankAccount
        self.bankSwift = bankSwift
        self.locale = locale
        self.language = language
        self.direction = direction
        self.labels = labels
        self.allocationNumber = allocationNumber
        self.documentType = documentType
        self.notes = notes
        self.discount = discount
        self.amountPaid = amountPaid
        self.fromTaxId = fromTaxId
        self.toTaxId = toTaxId
        self.status = status
        self.logo = logo
        self.accentColor = accentColor
    }

    /// The app's default invoice on first launch: INV-0001 dated `today`, no due date, USD,
    /// no VAT, one empty item (quantity 1, rate 0), every other field empty.
    public static func firstLaunch(today: CalendarDate) -> Invoice {
        Invoice(issueDate: today)
    }

    /// The locale amounts are formatted in: the override, else the currency's convention.
    public var effectiveLocale: String { locale ?? currency.conventionalLocale }

    /// The language the words are printed in: `language`'s catalog, else English.
    public var printedLanguage: Language { language.flatMap(Language.init(tag:)) ?? .english }

    /// Whether the page runs right to left: forced by `direction`, else by the language.
    public var isRightToLeft: Bool {
        switch direction {
        case .auto: printedLanguage.isRightToLeft
        case .leftToRight: false
        case .rightToLeft: true
        }
    }

    /// The digits the page writes its numbers in: Latin, unless `digits` asks for the language's
    /// own or, not given, the language is Persian, whose documents are written in Persian digits
    /// (CLDR's default for Persian too; for Arabic its default is Latin, as invoi's).
    /// Identifiers are never affected.
    public var numberingSystem: NumberingSystem {
        let language = printedLanguage
        // English and every Latin-digit default ask nothing of ICU.
        guard language != .english, (digits ?? (language.code == "fa" ? .native : .latin)) == .native else {
            return .latin
        }
        return .native(language: language.code)
    }

    /// The sender's street line: the street and its building number ("Bahnhofstrasse 7").
    public var fromStreetLine: String { Self.streetLine(fromStreet, fromBuildingNumber) }
    /// The client's street line, likewise.
    public var toStreetLine: String { Self.streetLine(toStreet, toBuildingNumber) }

    private static func streetLine(_ street: String, _ number: String) -> String {
        number.isEmpty ? street : street.isEmpty ? number : street + " " + number
    }

    /// Whether the Payment Details block shows (any bank field is non-empty).
    public var hasPaymentDetails: Bool {
        ![bankBeneficiary, bankName, bankAccount, bankSwift].allSatisfy(\.isEmpty)
    }

    public var totals: InvoiceTotals { InvoiceTotals(invoice: self) }

    /// `item`'s gross (quantity × rate), discount and net amount in the invoice's currency,
    /// rounded as the totals round them: what the table prints for the line.
    public func amounts(of item: LineItem) -> LineItem.Amounts { item.amounts(in: currency) }

    /// The VAT rate of `item`: its own, else the invoice's.
    public func vatRate(of item: LineItem) -> Decimal { item.vatRate ?? vatRate }

    /// The VAT category of `item`: its own, else the invoice's, else implied by its rate.
    public func vatCategory(of item: LineItem) -> VATCategory {
        item.vatCategory ?? vatCategory ?? VATCategory.implied(byRate: vatRate(of: item))
    }

    /// Whether any line has a rate or category of its own.
    public var hasLineVAT: Bool { lineItems.contains { $0.vatRate != nil || $0.vatCategory != nil } }
}

/// A received invoice's statement, immutable and shared between copies of the invoice.
private final class ReceivedStorage: Hashable, Sendable {
    let value: ReceivedInvoice

    init(_ value: ReceivedInvoice) { self.value = value }

    static func == (lhs: ReceivedStorage, rhs: ReceivedStorage) -> Bool { lhs.value == rhs.value }

    func hash(into hasher: inout Hasher) { hasher.combine(value) }
}
