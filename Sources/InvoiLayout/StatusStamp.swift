import InvoiLocalization

/// The word stamped across the top of the page for an invoice's status.
/// A sent invoice has no stamp, so there is no case for it.
public enum StatusStamp: Hashable, Sendable, CaseIterable {
    case draft
    case partiallyPaid
    case paid
    case overdue
    case void

    /// The catalog key of the stamped word.
    public var key: WordKey {
        switch self {
        case .draft: .draftStamp
        case .partiallyPaid: .partiallyPaidStamp
        case .paid: .paidStamp
        case .overdue: .overdueStamp
        case .void: .voidStamp
        }
    }
}
