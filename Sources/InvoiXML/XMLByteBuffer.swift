/// A growable run of bytes the parser owns (`deallocate` when done): texts and attribute
/// values are copied in with `memcpy`-like appends, without `Array`'s generic overhead on the
/// hot path, and made into strings from a range.
struct XMLByteBuffer {
    private(set) var start: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 4096) {
        self.capacity = capacity
        start = .allocate(capacity: capacity)
    }

    func deallocate() { start.deallocate() }

    @inline(__always)
    mutating func append(_ bytes: UnsafePointer<UInt8>, count added: Int) {
        if count + added > capacity { grow(to: count + added) }
        (start + count).update(from: bytes, count: added)
        count += added
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(to: count + 1) }
        start[count] = byte
        count += 1
    }

    /// `value`'s UTF-8 bytes.
    mutating func append(scalar value: UInt32) {
        switch value {
        case ..<0x80:
            append(UInt8(value))
        case ..<0x800:
            append(UInt8(0xC0 | value >> 6))
            append(UInt8(0x80 | value & 0x3F))
        case ..<0x1_0000:
            append(UInt8(0xE0 | value >> 12))
            append(UInt8(0x80 | value >> 6 & 0x3F))
            append(UInt8(0x80 | value & 0x3F))
        default:
            append(UInt8(0xF0 | value >> 18))
            append(UInt8(0x80 | value >> 12 & 0x3F))
            append(UInt8(0x80 | value >> 6 & 0x3F))
            append(UInt8(0x80 | value & 0x3F))
        }
    }

    /// The bytes from `offset` on as a string; they are removed.
    mutating func removeString(from offset: Int) -> String {
        let string = String(decoding: UnsafeBufferPointer(start: start + offset, count: count - offset), as: UTF8.self)
        count = offset
        return string
    }

    private mutating func grow(to needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newStart = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newStart.initialize(from: start, count: count)
        start.deallocate()
        start = newStart
        capacity = newCapacity
    }
}
