#if canImport(Glibc)
import Glibc
#endif

/// invoi's process-level speedups: tricks that make a short-lived command-line process or
/// a batch faster or smaller without changing a byte of what it writes. Each is here, or
/// in `Sources/InvoiCLI/Speedups/` where it must speak ArgumentParser, so that the rest
/// of the code reads as ordinary code, and every one of them can be turned off:
///
///     INVOI_SPEEDUPS=off invoi render …         all of them off
///     INVOI_SPEEDUPS=deflate,pageMemory …       only these on
///
/// CI runs the whole test suite once with them off. The gains below were measured on the
/// release build (`tools/bench`'s commands, this 2-core machine) with each trick turned
/// off alone against all on (see docs/ARCHITECTURE.md, "Speedups").
///
/// - `deflate` (DeflateInterposition.swift): Cairo compresses every PDF stream with zlib at
///   its default level and has no setting for it. invoi defines zlib's `deflateInit_`,
///   `deflate` and `deflateEnd`, which the dynamic linker finds in the executable before
///   zlib: a stream opened at the default level is gathered and compressed in one call by
///   libdeflate at level 1; every other stream is zlib's own. Whole-process sample PDF:
///   10.0 → 12.9 ms without it (CPU 9.5 → 12.4 ms), same size within 1 %.
/// - `pageMemory` (PageMemory.swift): a PNG page's pixels are mapped on a 2 MB boundary and
///   advised as transparent huge pages, so a 144-dpi page's 8 MB faults in as a few huge
///   pages instead of ~2,000 small ones. Whole-process sample PNG: 17.3 → 18.5 ms without.
/// - `mallocTuning` (MallocTuning.swift): glibc's malloc returns freed memory at the top of
///   the heap and maps blocks over 128 KiB afresh; a batch raising both thresholds reuses
///   one invoice's memory for the next. Batch of 1,000 to PDF, 2 jobs: see ARCHITECTURE.md.
/// - `earlyExit` (ProcessEnd.swift): `invoi render` ends with `_exit` once every output is
///   written and flushed, instead of tearing down fonts, caches and Cairo faces and running
///   the C library's exit handlers, which touched enough new pages to raise peak memory.
/// - `directParsing` (InvoiCLI/Speedups/DirectSubcommand.swift): `invoi render …` is
///   parsed with the subcommand as the root command; ArgumentParser then reflects one
///   command instead of the tree and skips its completion probe. Help, errors and
///   completions still go through the full tree.
/// - `argumentRuns` (InvoiCLI/Speedups/InputRuns.swift): a long list of input files is
///   parsed as one placeholder per run and read from argv in place; ArgumentParser keeps
///   ~400 bytes per argument while parsing, so a batch of 10,000 files peaked 4 MB higher.
///
/// Build settings that are not switchable at run time (Package.swift, release only): the
/// Swift runtime and Foundation linked statically, functions ordered by a profile
/// (`Sources/invoi/hot-functions.txt`) with lld and packed relocations, and compiled
/// metadata accessors instead of demangling at run time.
public struct Speedups: Sendable, Hashable {
    public enum Trick: String, Sendable, Hashable, CaseIterable {
        case deflate, pageMemory, mallocTuning, earlyExit, directParsing, argumentRuns
    }

    /// The tricks in use.
    public let enabled: Set<Trick>

    /// The tricks named by an `INVOI_SPEEDUPS` value: unset, empty or `on` = all; `off` = none;
    /// otherwise a comma-separated list of the tricks to use (unknown names are ignored).
    public init(setting: String?) {
        switch setting?.lowercased() {
        case nil, "", "on": enabled = Set(Trick.allCases)
        case "off": enabled = []
        case let list?:
            let names = Set(list.split(separator: ",").map { String($0.filter { $0 != " " }) })
            enabled = Set(Trick.allCases.filter { names.contains($0.rawValue.lowercased()) })
        }
    }

    /// This process's choice, read from the environment once: the tricks act where the
    /// code has no caller to be told (the deflate functions are called by Cairo).
    public static let process = Speedups(setting: getenv("INVOI_SPEEDUPS").map { String(cString: $0) })

    public func isOn(_ trick: Trick) -> Bool { enabled.contains(trick) }
}
