import Foundation
import InvoiDocument

@testable import InvoiTerminal

enum Preview {
    static let widths = [60, 80, 100, 140]

    static func render(_ document: Document, columns: Int, color: Bool = false) throws -> String {
        let output = try TerminalBackend().render(
            document, options: TerminalOptions(columns: columns, usesColor: color))
        guard case .document(let data) = output else { throw BackendError("expected one document") }
        return String(decoding: data, as: UTF8.self)
    }

    static func render(_ page: Page, columns: Int, color: Bool = false) throws -> String {
        try render(Fixture.document(pages: [page]), columns: columns, color: color)
    }

    /// Lines of the output without its final newline.
    static func lines(_ text: String) -> [String] {
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    static func strippingSGR(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    }

    /// The column just after the last `value` on the first line that holds it, in cells.
    static func endColumn(of value: String, in lines: [String]) -> Int? {
        for line in lines {
            if let range = line.range(of: value, options: .backwards) {
                return DisplayWidth.of(String(line[..<range.upperBound]))
            }
        }
        return nil
    }

    static func startColumn(of value: String, in lines: [String]) -> Int? {
        for line in lines {
            if let range = line.range(of: value) {
                return DisplayWidth.of(String(line[..<range.lowerBound]))
            }
        }
        return nil
    }

    /// Where a page x (points) falls on a grid of `columns`: content is 42 pt in from each side.
    static func column(atX x: Double, columns: Int) -> Int {
        Int(((x - 42) / (595.28 - 84) * Double(columns)).rounded())
    }
}
