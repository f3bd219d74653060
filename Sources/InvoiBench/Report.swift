import Foundation

/// Writes results as tab-separated lines that `tools/bench` collects into its table:
/// `result <key> <value> <unit> <what>`. Everything else printed is commentary.
struct Report {
    func result(_ key: String, _ value: Double, unit: String, _ what: String, runs: Int? = nil) {
        print(["result", key, format(value), unit, what].joined(separator: "\t"))
        if let runs { note("\(key): median of \(runs) runs") }
    }

    func note(_ text: String) {
        print("# " + text)
    }

    private func format(_ value: Double) -> String {
        guard value.isFinite else { return "nan" }
        if abs(value) >= 100 { return String(format: "%.1f", value) }
        if abs(value) >= 1 { return String(format: "%.2f", value) }
        return String(format: "%.4f", value)
    }
}
