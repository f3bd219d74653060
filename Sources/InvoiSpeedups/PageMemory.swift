import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The pixels of one page image, mapped by us rather than allocated by Cairo: a 144-dpi
/// page is 8 MB of fresh memory, whose ~2,000 small-page faults cost about a tenth of a
/// whole `invoi render --format png`. Aligned to 2 MB and advised as huge-page memory,
/// it faults in a handful of 2 MB pages where the system allows transparent huge pages
/// (elsewhere the advice is ignored and nothing else changes). Unmapped on release.
public final class PageMemory {
    /// The x86-64 and arm64 transparent huge page size.
    public static let hugePageSize = 2 << 20

    public let byteCount: Int
    /// The first byte, on a huge-page boundary.
    public let base: UnsafeMutableRawPointer
    private let mapping: UnsafeMutableRawPointer
    private let mappingLength: Int

    /// Zeroed memory for `byteCount` bytes; nil when the system has no memory to map.
    /// With the `pageMemory` speedup off, plain zeroed memory from the heap.
    public init?(byteCount: Int, speedups: Speedups = .process) {
        guard byteCount > 0 else { return nil }
        guard speedups.isOn(.pageMemory) else {
            guard let memory = calloc(byteCount, 1) else { return nil }
            base = memory
            mapping = memory
            mappingLength = 0
            self.byteCount = byteCount
            return
        }
        let hugePage = Self.hugePageSize
        // Room to slide the start to the next boundary; the unused slack is never touched,
        // so it takes no memory.
        let length = (byteCount + hugePage - 1) / hugePage * hugePage + hugePage
        let mapped = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        guard let mapped, mapped != MAP_FAILED else { return nil }
        let address = Int(bitPattern: mapped)
        let aligned = (address + hugePage - 1) / hugePage * hugePage
        base = mapped.advanced(by: aligned - address)
        // Advice only: without transparent huge pages the memory is simply small pages.
        _ = madvise(base, length - (aligned - address), MADV_HUGEPAGE)
        self.byteCount = byteCount
        mapping = mapped
        mappingLength = length
    }

    deinit {
        if mappingLength == 0 { free(mapping) } else { munmap(mapping, mappingLength) }
    }
}
