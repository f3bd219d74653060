import Foundation
import InvoiModel

/// Finds the invoices of `invoi golden record|verify DIR…|FILE…`.
public struct GoldenDiscovery: Sendable {
    /// An input that is not used, and why (said to the user).
    public struct Skipped: Sendable {
        public var path: String
        public var reason: String
    }

    public var cases: [GoldenCase] = []
    public var skipped: [Skipped] = []
    /// Inputs that do not exist or cannot be listed.
    public var unreadable: [String] = []

    /// Named files are taken as they are; folders are searched for `*.json` files, recursively,
    /// in name order, leaving out `.golden` folders and hidden entries.
    public init(inputs: [String]) {
        var seen = Set<String>()
        for input in inputs {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory) else {
                unreadable.append(input)
                continue
            }
            if !isDirectory.boolValue {
                if seen.insert(input).inserted { cases.append(GoldenCase(invoicePath: input)) }
                continue
            }
            walk(input, seen: &seen)
        }
    }

    private mutating func walk(_ directory: String, seen: inout Set<String>) {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
            unreadable.append(directory)
            return
        }
        for entry in entries.sorted() where !entry.hasPrefix(".") {
            let path = directory == "." ? entry : directory.hasSuffix("/") ? directory + entry : directory + "/" + entry
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                if !entry.hasSuffix(".golden") { walk(path, seen: &seen) }
            } else if entry.lowercased().hasSuffix(".json"), seen.insert(path).inserted {
                cases.append(GoldenCase(invoicePath: path))
            }
        }
    }

    /// Why a JSON file found in a folder is not an invoice, or nil when it is one: a file
    /// that is not a JSON object, or none of whose top-level fields is an invoice's
    /// (a package.json, a settings file). An invoice with mistakes is still an invoice.
    public static func notAnInvoice(_ data: Data) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: data) else { return "not JSON" }
        guard let fields = object as? [String: Any] else { return "not a JSON object" }
        if fields.isEmpty { return nil }
        return fields.keys.contains(where: Invoice.fieldNames.contains) ? nil : "none of its fields is an invoice's"
    }
}
