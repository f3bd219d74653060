import InvoiDocument

/// CSS Fonts §5.2 weight matching: the order in which a family's weights are tried
/// when the requested one is missing. Fallback faces are never emboldened.
enum WeightMatching {
    /// Sorts `available` CSS weights from best to worst match for `desired`.
    static func preferenceOrder(for desired: Int, among available: [Int]) -> [Int] {
        available.sorted { rank($0, desired) < rank($1, desired) }
    }

    /// Lower is better: (group, distance inside the group).
    static func rank(_ weight: Int, _ desired: Int) -> (Int, Int) {
        if weight == desired { return (0, 0) }
        if (400...500).contains(desired) {
            if weight > desired && weight <= 500 { return (1, weight - desired) }
            if weight < desired { return (2, desired - weight) }
            return (3, weight - desired)
        }
        if desired < 400 {
            if weight < desired { return (1, desired - weight) }
            return (2, weight - desired)
        }
        if weight > desired { return (1, weight - desired) }
        return (2, desired - weight)
    }
}
