import Foundation

extension Invoice {
    /// The built-in sample: the app's placeholder texts, a handful of realistic items,
    /// 20 % VAT and fixed dates, so that `--sample` output is the same every day.
    public static let sample = Invoice(
        fromName: "Acme Studio",
        fromEmail: "hello@acmestudio.com",
        fromPhone: "+1 234 567 8900",
        fromAddress: "123 Design Ave, San Francisco",
        toName: "Meridian Group",
        toEmail: "client@email.com",
        toAddress: "456 Client St, New York",
        invoiceNumber: "INV-0001",
        issueDate: CalendarDate(year: 2026, month: 3, day: 12) ?? CalendarDate.today(),
        dueDate: CalendarDate(year: 2026, month: 4, day: 11),
        currency: .usd,
        vatRate: 20,
        lineItems: [
            LineItem(
                id: "item-1", description: "Brand identity: logo, colour palette and type system",
                quantity: 1, rate: 2400),
            LineItem(id: "item-2", description: "Website design, 5 page templates", quantity: 5, rate: 450),
            LineItem(id: "item-3", description: "Front-end development (hours)", quantity: 32, rate: 95),
            LineItem(
                id: "item-4", description: "Copywriting and content review (hours)",
                quantity: Decimal(string: "6.5") ?? 6,
                rate: 80),
            LineItem(
                id: "item-5", description: "Hosting and domain, first year", quantity: 1,
                rate: Decimal(string: "189.99") ?? 190),
        ],
        bankBeneficiary: "Acme Studio Ltd.",
        bankName: "First National Bank",
        bankAccount: "GB29 NWBK 6016 1331 9268 19",
        bankSwift: "NWBKGB2L"
    )
}
