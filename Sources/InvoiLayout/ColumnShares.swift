/// How a row of columns shares a width when it cannot give each column what it wants.
enum ColumnShares {
    /// Each column's width: what it wants when the wants fit in `room`; otherwise its least
    /// width (a number's, which never wraps) and an equal share of what is left, a column
    /// wanting less than its share keeping the rest for the others. What a column does not get
    /// its text wraps into. When even the least widths do not fit, they are kept.
    static func widths(wanted: [Double], least: [Double], room: Double) -> [Double] {
        let wanted = zip(wanted, least).map { max($0, $1) }
        guard wanted.reduce(0, +) > room else { return wanted }
        var widths = least
        var left = room - least.reduce(0, +)
        var open = wanted.indices.filter { wanted[$0] > least[$0] }
        while left > 0, !open.isEmpty {
            let share = left / Double(open.count)
            let satisfied = open.filter { wanted[$0] - widths[$0] <= share }
            guard !satisfied.isEmpty else {
                for index in open { widths[index] += share }
                break
            }
            for index in satisfied {
                left -= wanted[index] - widths[index]
                widths[index] = wanted[index]
            }
            open.removeAll { satisfied.contains($0) }
        }
        return widths
    }
}
