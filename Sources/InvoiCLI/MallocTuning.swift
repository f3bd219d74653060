/// glibc's malloc hands memory back to the system as soon as 128 KiB at the top of a
/// heap are free, and serves blocks over 128 KiB with fresh mappings. A render frees
/// its buffers when it ends, so every invoice of a batch paid again for the page
/// faults of new memory (about 90 faults and 16 brk calls each). Keeping freed memory
/// for the next invoice costs no peak memory: the first invoice reaches the peak.
enum MallocTuning {
    /// Blocks below this come from the heap and are reused (glibc's largest allowed).
    static let mappingThreshold: Int32 = 32 << 20
    /// Free memory at the top of a heap kept rather than returned.
    static let trimThreshold: Int32 = 64 << 20

    /// malloc.h's parameter numbers.
    private static let parameterTrimThreshold: Int32 = -1, parameterMappingThreshold: Int32 = -3

    /// Whether glibc took both settings.
    @discardableResult
    static func keepFreedMemoryForReuse() -> Bool {
        GlibcExtras.mallopt(parameterMappingThreshold, mappingThreshold) == true
            && GlibcExtras.mallopt(parameterTrimThreshold, trimThreshold) == true
    }
}
