import Foundation
import InvoiModel

/// Two values compared field by field, down to the leaves (strings, numbers, dates, codes), by
/// reflection: a field added to the model is compared the day it is added, without this file
/// knowing it. Each difference names its path (`lineItems[2].quantity`) and both values.
struct FieldComparison {
    /// One leaf that differs.
    struct Difference: CustomStringConvertible {
        var path: String
        var expected: String
        var actual: String

        var description: String { "\(path): expected \(expected), got \(actual)" }
    }

    /// Paths left out (exactly, or everything under them: `logo` leaves out `logo.path` too);
    /// `[*]` stands for any index (`lineItems[*].id`).
    var excluded: Set<String> = []

    func differences(_ expected: Any, _ actual: Any) -> [Difference] {
        var found: [Difference] = []
        compare(expected, actual, path: "", into: &found)
        return found
    }

    private func isExcluded(_ path: String) -> Bool {
        let anyIndex = path.replacing(/\[[0-9]+\]/, with: "[*]")
        return excluded.contains { pattern in
            [path, anyIndex].contains {
                $0 == pattern || $0.hasPrefix(pattern + ".") || $0.hasPrefix(pattern + "[")
            }
        }
    }

    private func compare(_ expected: Any, _ actual: Any, path: String, into found: inout [Difference]) {
        if !path.isEmpty, isExcluded(path) { return }
        if let equatable = expected as? any Equatable, equatable.isEqual(to: actual) { return }
        // A line's e-invoice attributes are stored apart: compared by their public names.
        if let expected = expected as? LineItem, let actual = actual as? LineItem {
            compare(LineFields(expected), LineFields(actual), path: path, into: &found)
            return
        }
        let expectedMirror = Mirror(reflecting: expected)
        let actualMirror = Mirror(reflecting: actual)
        // Decimal, Date and the like are leaves whatever their storage: 1.5 and 1.50 are equal
        // decimals with different fields.
        let isLeaf =
            expected is Decimal || expected is String || expected is Date || expected is any Numeric
            || expected is Bool || expectedMirror.children.isEmpty || actualMirror.children.isEmpty
            || type(of: expected) != type(of: actual) || expectedMirror.displayStyle == .dictionary
            || expectedMirror.displayStyle == .set
        if isLeaf {
            found.append(Difference(path: path, expected: Self.shown(expected), actual: Self.shown(actual)))
            return
        }
        switch expectedMirror.displayStyle {
        case .optional:
            // Both are `.some` here (a nil has no children): compare the wrapped values.
            compare(
                expectedMirror.children.first!.value, actualMirror.children.first!.value, path: path, into: &found)
        case .collection, .tuple:
            let left = Array(expectedMirror.children)
            let right = Array(actualMirror.children)
            if left.count != right.count {
                found.append(
                    Difference(
                        path: path + ".count", expected: String(left.count), actual: String(right.count)))
            }
            for index in 0..<min(left.count, right.count) {
                let label =
                    expectedMirror.displayStyle == .tuple
                    ? (left[index].label.map { "." + $0 } ?? ".\(index)") : "[\(index)]"
                compare(left[index].value, right[index].value, path: path + label, into: &found)
            }
        case .enum:
            // The same case with other associated values (a different case has a different label).
            let left = expectedMirror.children.first!
            let right = actualMirror.children.first!
            guard left.label == right.label else {
                found.append(Difference(path: path, expected: Self.shown(expected), actual: Self.shown(actual)))
                return
            }
            compare(left.value, right.value, path: path, into: &found)
        default:
            let rights = Dictionary(
                actualMirror.children.enumerated().map { ($0.element.label ?? "\($0.offset)", $0.element.value) },
                uniquingKeysWith: { first, _ in first })
            for (offset, child) in expectedMirror.children.enumerated() {
                let label = child.label ?? "\(offset)"
                // Storage held apart (`taxAndUnit`, `receivedStorage`) is named by its public field.
                let childPath = path.isEmpty ? label : path + "." + label
                guard let other = rights[label] else {
                    found.append(Difference(path: childPath, expected: Self.shown(child.value), actual: "nothing"))
                    continue
                }
                compare(child.value, other, path: childPath, into: &found)
            }
        }
    }

    static func shown(_ value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            guard let wrapped = mirror.children.first?.value else { return "nil" }
            return shown(wrapped)
        }
        if let text = value as? String { return "\"\(text.debugDescription.dropFirst().dropLast())\"" }
        return String(describing: value)
    }
}

/// A line's fields as its public interface names them.
private struct LineFields {
    var id: String
    var description: String
    var quantity: Decimal
    var rate: Decimal
    var vatRate: Decimal?
    var vatCategory: VATCategory?
    var unit: UnitCode
    var date: CalendarDate?
    var itemId: String
    var discount: Discount?

    init(_ item: LineItem) {
        id = item.id
        description = item.description
        quantity = item.quantity
        rate = item.rate
        vatRate = item.vatRate
        vatCategory = item.vatCategory
        unit = item.unit
        date = item.date
        itemId = item.itemId
        discount = item.discount
    }
}

extension Equatable {
    fileprivate func isEqual(to other: Any) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}
