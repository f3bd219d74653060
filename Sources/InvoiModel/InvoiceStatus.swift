/// Where the invoice stands; every status but `sent` shows as a stamp.
public enum InvoiceStatus: String, Hashable, Sendable, CaseIterable {
    case draft
    case sent
    /// Partly paid: the stamp reads "PARTIALLY PAID".
    case partial
    case paid
    case overdue
    case void
}
