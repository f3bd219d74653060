/// The word stamped across the top of the page for an invoice's status.
/// A sent invoice has no stamp, so there is no case for it.
public enum StatusStamp: Hashable, Sendable, CaseIterable {
    case draft
    case partiallyPaid
    case paid
    case overdue
    case void

    /// The stamped word, in capitals.
    public var word: String {
        switch self {
        case .draft: "DRAFT"
        case .partiallyPaid: "PARTIALLY PAID"
        case .paid: "PAID"
        case .overdue: "OVERDUE"
        case .void: "VOID"
        }
    }
}
