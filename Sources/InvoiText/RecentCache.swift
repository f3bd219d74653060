import InvoiDocument

/// A bounded memo for shaping results: two generations of entries. Entries used in
/// the current generation survive a turnover, the rest are dropped, so memory stays
/// flat over a batch of any size while labels and repeated strings stay cached.
struct RecentCache<Key: Hashable, Value> {
    private var current: [Key: Value] = [:]
    private var previous: [Key: Value] = [:]
    private let generationSize: Int

    init(generationSize: Int) {
        self.generationSize = max(1, generationSize)
    }

    mutating func value(for key: Key) -> Value? {
        if let value = current[key] { return value }
        guard let value = previous[key] else { return nil }
        insert(value, for: key)
        return value
    }

    mutating func insert(_ value: Value, for key: Key) {
        current[key] = value
        if current.count >= generationSize {
            previous = current
            current = [:]
        }
    }
}

/// A cache key holding text, compared by its exact UTF-8 bytes (not canonical
/// equivalence, which would hand back a line whose clusters index other bytes).
struct ShapingKey: Hashable {
    var text: String
    var weight: Int
    var size: Double
    var tracking: Double
    /// Line width for `breakLines`; nil for `shapeLine`.
    var width: Double?
    var fallbackDirection: TextDirection?
    var family: FontFamily = .design

    static func == (lhs: ShapingKey, rhs: ShapingKey) -> Bool {
        lhs.weight == rhs.weight && lhs.family == rhs.family && lhs.size == rhs.size && lhs.tracking == rhs.tracking
            && lhs.width == rhs.width
            && lhs.fallbackDirection == rhs.fallbackDirection && lhs.text.utf8.elementsEqual(rhs.text.utf8)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(weight)
        hasher.combine(size)
        hasher.combine(tracking)
        hasher.combine(width)
        hasher.combine(fallbackDirection)
        hasher.combine(family)
        hasher.combine(text.utf8.count)
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
