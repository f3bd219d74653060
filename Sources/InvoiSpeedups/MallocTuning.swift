#if canImport(Glibc)
    import Glibc
#endif

/// glibc's malloc hands memory back to the system as soon as 128 KiB at the top of a
/// heap are free, and serves blocks over 128 KiB with fresh mappings. A render frees
/// its buffers when it ends, so every invoice of a batch paid again for the page
/// faults of new memory (about 90 faults and 16 brk calls each). Keeping freed memory
/// for the next invoice costs no peak memory: the first invoice reaches the peak.
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

    /// `mallopt(3)`, which Swift's Glibc module does not import, looked up in the process.
    private static let mallopt: (@convention(c) (Int32, Int32) -> Int32)? = {
        guard let process = dlopen(nil, RTLD_NOW), let address = dlsym(process, "mallopt") else { return nil }
        return unsafeBitCast(address, to: (@convention(c) (Int32, Int32) -> Int32).self)
    }()
}
