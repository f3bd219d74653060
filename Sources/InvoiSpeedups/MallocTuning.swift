#if canImport(Glibc)
    import Glibc
#endif

/// glibc's malloc hands memory back to the system as soon as 128 KiB at the top of a
/// heap are free, and serves blocks over 128 KiB with fresh mappings. A render frees
/// its buffers when it ends, so every invoice of a batch paid again for the page
/// faults of new memory (about 90 faults and 16 brk calls each). Keeping freed memory
/// for the next invoice costs a batch no peak memory: the first invoice reaches the peak.
/// A single invoice has no next one, and its long arrays grow best as mappings (`mremap`,
/// in place): it keeps large blocks mapped instead.
public enum MallocTuning {
    /// Blocks below this come from the heap and are reused (glibc's largest allowed).
    static let mappingThreshold: Int32 = 32 << 20
    /// Free memory at the top of a heap kept rather than returned.
    static let trimThreshold: Int32 = 64 << 20

    /// malloc.h's parameter numbers.
    private static let parameterTrimThreshold: Int32 = -1, parameterMappingThreshold: Int32 = -3

    /// Whether glibc took both settings; false, and nothing changed, when the speedup is off.
    @discardableResult
    public static func keepFreedMemoryForReuse(speedups: Speedups = .process) -> Bool {
        guard speedups.isOn(.mallocTuning), let mallopt else { return false }
        return mallopt(parameterMappingThreshold, mappingThreshold) == 1
            && mallopt(parameterTrimThreshold, trimThreshold) == 1
    }

    /// For one invoice: blocks over 128 KiB (glibc's starting threshold) stay fresh mappings.
    /// glibc raises the threshold each time such a block is freed, up to 32 MiB, and a long
    /// invoice frees many (its pages' buffers): its growing arrays then come from the heap, and
    /// grow by copying rather than in place. 200,000 items: 81 MB instead of 86 tagged, 86
    /// instead of 92 as a Factur-X. A short invoice is unchanged (the sample: same page faults).
    @discardableResult
    public static func keepLargeBlocksMapped(speedups: Speedups = .process) -> Bool {
        guard speedups.isOn(.mallocTuning), let mallopt else { return false }
        return mallopt(parameterMappingThreshold, largeBlock) == 1
    }

    /// glibc's own starting mapping threshold, fixed by setting it.
    static let largeBlock: Int32 = 128 << 10

    /// `mallopt(3)`, which Swift's Glibc module does not import, looked up in the process.
    private static let mallopt: (@convention(c) (Int32, Int32) -> Int32)? = {
        guard let process = dlopen(nil, RTLD_NOW), let address = dlsym(process, "mallopt") else { return nil }
        return unsafeBitCast(address, to: (@convention(c) (Int32, Int32) -> Int32).self)
    }()
}
