#if canImport(Glibc)
    import Glibc
#endif

/// What identifies one saved version of a file: its inode, size and modification time.
/// A file saved again in place, or replaced by a rename, gets a different stamp, so that
/// a cache or a watcher sees the change.
public struct FileStamp: Hashable, Sendable {
    public var inode: UInt64
    public var size: Int64
    public var seconds: Int
    public var nanoseconds: Int

    /// The stamp of the file at `path` (links followed); nil when it cannot be reached.
    public init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        seconds = info.st_mtim.tv_sec
        nanoseconds = info.st_mtim.tv_nsec
    }
}
