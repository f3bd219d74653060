#if canImport(Glibc)
    import Glibc
#endif

/// How `invoi render` ends once every output is written (the `earlyExit` speedup).
public enum ProcessEnd {
    /// Flushes standard output and error, then ends the process with `status`: at once with
    /// `_exit` (the renderer's fonts, caches and Cairo faces are not torn down and the C
    /// library's exit handlers do not run: they only free memory the exit frees anyway, and
    /// touched enough new pages to raise peak memory by 1.5–2 MB), or by the ordinary `exit`
    /// when the speedup is off.
    public static func exit(_ status: Int32, speedups: Speedups = .process) -> Never {
        fflush(nil)
        if speedups.isOn(.earlyExit) { _exit(status) }
        Glibc.exit(status)
    }
}
