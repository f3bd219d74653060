import Foundation

/// One invoice: the app's data model (DESIGN.md §2) with typed dates, currency and amounts.
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
    /// Overrides the currency's conventional locale for amounts and dates (BCP 47).
    public var locale: String?

    public static let defaultInvoiceNumber = "INV-0001"

    public init(fromName: String = "", fromEmail: String = "", fromPhone: String = "", fromAddress: String = "",
                toName: String = "", toEmail: String = "", toAddress: String = "",
                invoiceNumber: String = Invoice.defaultInvoiceNumber,
                issueDate: CalendarDate, dueDate: CalendarDate? = nil,
                currency: Currency = .usd, vatRate: Decimal = 0,
                lineItems: [LineItem] = [.empty(number: 1)],
                bankBeneficiary: String = "", bankName: String = "", bankAccount: String = "", bankSwift: String = "",
                locale: String? = nil) {
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
    }

    /// The app's default invoice on first launch: INV-0001 dated `today`, no due date, USD,
    /// no VAT, one empty item (quantity 1, rate 0), every other field empty.
    public static func firstLaunch(today: CalendarDate) -> Invoice {
        Invoice(issueDate: today)
    }

    /// The locale amounts are formatted in: the override, else the currency's convention.
    public var effectiveLocale: String { locale ?? currency.conventionalLocale }

    /// Whether the Payment Details block shows (any bank field is non-empty).
    public var hasPaymentDetails: Bool {
        ![bankBeneficiary, bankName, bankAccount, bankSwift].allSatisfy(\.isEmpty)
    }

    public var totals: InvoiceTotals { InvoiceTotals(invoice: self) }
}
