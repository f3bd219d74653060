import Foundation
import InvoiModel

#if canImport(Glibc)
    import Glibc
#endif

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
    /// Golden folders found in the folders searched whose invoice is gone (`inv-7.golden`
    /// without `inv-7.json`), in the order found.
    public var orphans: [String] = []

    /// A file or folder as the file system knows it, whatever path reached it.
    private struct FileIdentity: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    /// Named files are taken as they are; folders are searched for `*.json` files, recursively,
    /// in name order, leaving out `.golden` folders and hidden entries. Symbolic links are
    /// followed, but each folder is searched once and each file taken once (by device and
    /// inode), so a link back up the tree ends, and an invoice reached by several paths is one
    /// case. Links are followed after the folders' own entries: the case is named by the
    /// invoice's real path when the search meets it, by the first link found otherwise.
    public init(inputs: [String]) {
        var search = Search()
        for input in inputs {
            guard let identity = Self.identity(of: input) else {
                unreadable.append(input)
                continue
            }
            if identity.isDirectory {
                walk(input, identity.id, search: &search)
            } else {
                take(input, identity.id, search: &search)
            }
        }
        while !search.links.isEmpty {
            let (path, identity) = search.links.removeFirst()
            if identity.isDirectory {
                walk(path, identity.id, search: &search)
            } else {
                take(path, identity.id, search: &search)
            }
        }
        orphans = search.goldenFolders.filter { !search.claimedGoldens.contains($0) }
    }

    /// What a search has met so far.
    private struct Search {
        var files: [FileIdentity: String] = [:]
        var folders: [FileIdentity: String] = [:]
        /// The golden folders every `*.json` found would have, taken or not.
        var claimedGoldens = Set<String>()
        var goldenFolders: [String] = []
        /// Symbolic links met, followed once the folders' own entries are searched.
        var links: [(path: String, identity: (id: FileIdentity, isDirectory: Bool))] = []
    }

    private mutating func take(_ path: String, _ id: FileIdentity, search: inout Search) {
        let goldenCase = GoldenCase(invoicePath: path)
        search.claimedGoldens.insert(goldenCase.goldenPath)
        if let first = search.files[id] {
            if first != path { skipped.append(Skipped(path: path, reason: "the same file as \(first), taken once")) }
            return
        }
        search.files[id] = path
        cases.append(goldenCase)
    }

    private mutating func walk(_ directory: String, _ id: FileIdentity, search: inout Search) {
        if let first = search.folders[id] {
            if first != directory {
                skipped.append(Skipped(path: directory, reason: "the same folder as \(first), searched once"))
            }
            return
        }
        search.folders[id] = directory
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
            unreadable.append(directory)
            return
        }
        for entry in entries.sorted() where !entry.hasPrefix(".") {
            let path = directory == "." ? entry : directory.hasSuffix("/") ? directory + entry : directory + "/" + entry
            guard let identity = Self.identity(of: path) else {
                if entry.lowercased().hasSuffix(".json") {
                    skipped.append(Skipped(path: path, reason: "a symbolic link to nothing"))
                }
                continue
            }
            if identity.isDirectory {
                if entry.hasSuffix(".golden") {
                    search.goldenFolders.append(path)
                } else if Self.isLink(path) {
                    search.links.append((path, identity))
                } else {
                    walk(path, identity.id, search: &search)
                }
            } else if entry.lowercased().hasSuffix(".json") {
                if Self.isLink(path) {
                    search.links.append((path, identity))
                } else {
                    take(path, identity.id, search: &search)
                }
            }
        }
    }

    /// The identity of what `path` names, links followed; nil when it does not exist.
    private static func identity(of path: String) -> (id: FileIdentity, isDirectory: Bool)? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return (
            FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino)),
            status.st_mode & mode_t(S_IFMT) == mode_t(S_IFDIR)
        )
    }

    private static func isLink(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & mode_t(S_IFMT) == mode_t(S_IFLNK)
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
