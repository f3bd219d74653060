/// The names of one document, each kept once: an element's or attribute's name is looked up
/// by its bytes (no string made) and its strings are made on its first occurrence only, so
/// that a thousand `cbc:Amount` elements share one `qualifiedName` and one `localName`.
/// Also each prefix's namespace binding now (an index into the parser's URIs; 0 unbound).
struct XMLNameTable {
    /// Where a name's bytes are (in the parser's copy of the document, alive while it parses).
    private struct Key {
        var start: UnsafePointer<UInt8>
        var count: Int
        var hash: UInt32
    }

    private var keys: [Key] = []
    private var qualifiedNames: [String] = []
    private var localNames: [String] = []
    private var prefixes: [Int32] = []
    private var bindings: [Int32] = []
    /// Open addressing: indices into `keys`, -1 for an empty slot; never more than half full.
    private var slots = [Int32](repeating: -1, count: 256)

    /// The names `xml` and `xmlns` once they occur; -2 before.
    var xmlName: Int32 = -2
    var xmlnsName: Int32 = -2

    func find(_ start: UnsafePointer<UInt8>, count: Int, hash: UInt32) -> Int32? {
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        while true {
            let id = slots[slot]
            if id < 0 { return nil }
            let key = keys[Int(id)]
            if key.hash == hash && key.count == count && Self.equal(key.start, start, count) { return id }
            slot = (slot + 1) & mask
        }
    }

    /// A name not in the table yet; `prefix` is its prefix's name, -1 for none.
    mutating func insert(
        _ start: UnsafePointer<UInt8>, count: Int, hash: UInt32, qualifiedName: String, localName: String,
        prefix: Int32
    ) -> Int32 {
        let id = Int32(keys.count)
        keys.append(Key(start: start, count: count, hash: hash))
        qualifiedNames.append(qualifiedName)
        localNames.append(localName)
        prefixes.append(prefix)
        bindings.append(0)
        if keys.count * 2 > slots.count {
            slots = [Int32](repeating: -1, count: slots.count * 2)
            for (index, key) in keys.enumerated() { place(Int32(index), hash: key.hash) }
        } else {
            place(id, hash: hash)
        }
        return id
    }

    private mutating func place(_ id: Int32, hash: UInt32) {
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = id
    }

    func qualifiedName(_ name: Int32) -> String { qualifiedNames[Int(name)] }
    func localName(_ name: Int32) -> String { localNames[Int(name)] }
    /// The name's prefix (itself a name), -1 for none.
    func prefix(of name: Int32) -> Int32 { prefixes[Int(name)] }
    func byteCount(of name: Int32) -> Int { keys[Int(name)].count }
    /// The namespace the name, as a prefix, is bound to now; 0 for none.
    func binding(of name: Int32) -> Int32 { bindings[Int(name)] }
    mutating func setBinding(of name: Int32, to uri: Int32) { bindings[Int(name)] = uri }

    /// Whether `count` bytes at `a` and `b` are the same: eight at a time, the last word
    /// masked (both are in the parser's copy, whose padding makes the reads past a name safe).
    @inline(__always)
    static func equal(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        var offset = 0
        while count - offset >= 8 {
            if UnsafeRawPointer(a + offset).loadUnaligned(as: UInt64.self)
                != UnsafeRawPointer(b + offset).loadUnaligned(as: UInt64.self)
            {
                return false
            }
            offset += 8
        }
        let rest = count - offset
        if rest == 0 { return true }
        let mask: UInt64 = ~0 >> UInt64(64 - 8 * rest)
        return
            (UnsafeRawPointer(a + offset).loadUnaligned(as: UInt64.self)
            ^ UnsafeRawPointer(b + offset).loadUnaligned(as: UInt64.self)) & mask == 0
    }
}
