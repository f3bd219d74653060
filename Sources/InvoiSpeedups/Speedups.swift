#if canImport(Glibc)
    import Glibc
#endif

/// invoi's process-level speedups: tricks that make a short-lived command-line process or
/// a batch faster or smaller without changing what anyone sees in its output. Each is here, or
/// in `Sources/InvoiCLI/Speedups/` where it must speak ArgumentParser, so that the rest
/// of the code reads as ordinary code, and every one of them can be turned off:
///
///     INVOI_SPEEDUPS=off invoi render …         all of them off
///     INVOI_SPEEDUPS=deflate,pageMemory …       only these on
///
/// CI runs the whole test suite once with them off. Each gain below was measured on the
/// release build on this project's 2-core machine, with that trick turned off alone
/// (`INVOI_SPEEDUPS=` the others) against all on: instructions from callgrind, which
/// repeat exactly; times as hyperfine medians; peak memory as the median of 7 runs.
///
/// - `deflate` (DeflateInterposition.swift): Cairo compresses every PDF stream with zlib at
///   its default level and has no setting for it. invoi defines zlib's `deflateInit_`,
///   `deflate` and `deflateEnd`, which the dynamic linker finds in the executable before
///   zlib: a stream opened at the default level is gathered and compressed in one call by
///   libdeflate at level 1; every other stream is zlib's own. Sample PDF, whole process:
///   46.6 M instructions with it, 50.8 M without (−8 %); the file is 2 % larger.
/// - `pageMemory` (PageMemory.swift): a PNG page's pixels are mapped on a 2 MB boundary and
///   advised as transparent huge pages, so a 144-dpi page's 8 MB faults in as a few huge
///   pages instead of ~2,000 small ones. Sample PNG, whole process: 1,771 page faults
///   instead of 3,673, 32.8 ms instead of 42.4 ms.
/// - `mallocTuning` (MallocTuning.swift): glibc's malloc returns freed memory at the top of
///   the heap and maps blocks over 128 KiB afresh; a batch raising both thresholds reuses
///   one invoice's memory for the next. 1,000 invoices to PDF with 2 jobs: 1.25–1.31 s
///   instead of 1.43–2.02 s, 1,775 page faults instead of 2,040–2,620; same peak memory.
///   A single invoice instead keeps blocks over 128 KiB mapped, where glibc would raise that
///   threshold as they are freed: 200,000 items tagged 81 MB instead of 86.
/// - `earlyExit` (ProcessEnd.swift): `invoi render` ends with `_exit` once every output is
///   written and flushed, instead of tearing down fonts, caches and Cairo faces and running
///   the C library's exit handlers, which touch pages nothing else needed. Sample PDF: peak
///   memory 20.2 MB instead of 20.8 MB (instructions: 0.1 M fewer).
/// - `directParsing` (InvoiCLI/Speedups/DirectSubcommand.swift): `invoi render …` is
///   parsed with the subcommand as the root command; ArgumentParser then reflects one
///   command instead of the tree and skips its completion probe, whose first-time
///   protocol-conformance look-ups scan the whole binary. Help, errors and completions
///   still go through the full tree. Sample PDF: 46.6 M instructions instead of 50.4 M (−8 %).
/// - `argumentRuns` (InvoiCLI/Speedups/InputRuns.swift, ArgumentVector.swift): a long list
///   of input files is parsed as one placeholder per run and read from argv in place;
///   ArgumentParser keeps several records per argument while parsing. 10,000 files to PDF:
///   peak memory 22.9 MB instead of 24.2 MB.
/// - `renderParsing` (InvoiCLI/Speedups/RenderCommandLine.swift): a plain `invoi render …`
///   command line is read by a small reader of render's options, which hands anything it does not
///   understand completely (help, errors, `--`, repeats, …) to ArgumentParser. ArgumentParser
///   reflects all of render's options at every parse. Sample PDF: 42.9 M instructions instead of
///   55.7 M (−23 %); the same saving once per batch.
/// - `numberFormatting` (Sources/CSpeedups/NumberFormatting.c): Cairo writes every number of a PDF through
///   glibc's `__snprintf_chk`, one call a number (about 1,850 for a one-page invoice, some 1,000
///   instructions each). invoi defines `__snprintf_chk`, found before glibc's like the deflate
///   functions: the eleven formats Cairo uses (`%d`, `%f`, `%.18f`, `%.*f`, `%010ld`, `%02x`, …)
///   are written with integer arithmetic, exactly as glibc writes them; every other format, and
///   infinities, NaN, another rounding mode or decimal point, go to glibc. The C side reads
///   `INVOI_SPEEDUPS` itself, by these rules (NumberFormattingTests holds the two to agree).
///   A further invoice of a batch: 15.47 M instructions instead of 17.15 M (−10 %); the sample
///   PDF, whole process, 35.9 M instead of 37.5 M. Output byte for byte the same.
/// - `fontTables` (Sources/CSpeedups/FontTables.c, FontTables.swift): Cairo subsets a font by
///   asking FreeType's `FT_Load_Sfnt_Table` for each glyph's outline and metrics (some 830
///   calls an invoice), and FreeType looks its table service up by name at each call. invoi
///   defines `FT_Load_Sfnt_Table`: for the faces `FreeTypeFace` registers (over the font files'
///   mapped bytes) a table is found once in the font's directory, checked against FreeType's
///   answer (length, first and last bytes), and read from the bytes after that; everything else
///   is FreeType's. A further invoice of a batch: 14.22 M instructions instead of 14.70 M.
/// - `repeatedStreams` (DeflateInterposition.swift, with `deflate`): a batch embeds the same
///   font subsets and ToUnicode maps in invoice after invoice. Each thread keeps the streams it
///   compressed lately (up to 256 and 1 MiB, the ones used longest ago going first), found by
///   their bytes (checksum and length, then every byte compared), and copies a kept stream's
///   compressed form instead of compressing it again; libdeflate's output depends on the bytes
///   alone, so it is the same. `compare`'s 100 invoices, `--jobs 1`: 1,229 M instructions
///   instead of 1,411 M (−12.9 %; six of an invoice's nine streams repeat); 20 copies of the
///   sample (`tools/bench`'s batch) 272.0 M instead of 308.8 M; 20 invoices made to differ
///   (`batch-varied-20-pdf`) 2 % less. Peak memory of 100 invoices 0.9–1.2 MB more.
///
/// Build settings that are not switchable at run time (Package.swift, release only): the
/// Swift runtime, Foundation and the C++ library linked statically, functions ordered by a profile
/// (`Sources/invoi/hot-functions.txt`) with lld and packed relocations, and compiled
/// metadata accessors instead of demangling at run time.
public struct Speedups: Sendable, Hashable {
    public enum Trick: String, Sendable, Hashable, CaseIterable {
        case deflate, pageMemory, mallocTuning, earlyExit, directParsing, argumentRuns, renderParsing,
            numberFormatting, fontTables, repeatedStreams
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
