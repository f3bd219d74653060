import CFontconfig
import Foundation
import InvoiDocument
import Synchronization

/// One face of a font file as fontconfig lists it, with its character coverage.
struct CatalogEntry {
    var family: String
    var path: String
    var index: Int
    /// CSS weight (400 regular, 700 bold).
    var weight: Int
    /// fontconfig width (100 normal).
    var width: Int
    var isUpright: Bool
    var postScriptName: String
    var coverage: CharacterCoverage

    var face: FontFace {
        FontFace(family: family, weight: weight, path: path, index: index, postScriptName: postScriptName)
    }
}

/// The fontconfig side of font resolution. Owns its `FcConfig`: the system's
/// configuration, loaded privately; fontconfig's standard font directories read
/// from their caches (`standardDirectories`); or an isolated one that sees only
/// given paths. Not thread-safe: `FontRegistry` uses it under its lock.
final class FontCatalog {
    private let config: OpaquePointer

    /// Held while a configuration is loaded, built or destroyed. Configurations share
    /// fontconfig's process-wide caches, and building one while another is destroyed on
    /// another thread corrupted the heap (renderers made and dropped in parallel, as a
    /// program using the library may do); loading is rare, so one lock costs nothing.
    private static let lifecycle = Mutex(())

    /// The isolated catalog when `configuration` names font directories, else the system's.
    convenience init(configuration: FontConfiguration) throws(FontError) {
        if let directories = configuration.fontDirectories {
            try self.init(isolatedDirectories: directories, files: configuration.fontFiles)
        } else {
            try self.init(systemAddingFiles: configuration.fontFiles)
        }
    }

    /// The system's configuration: every file under /etc/fonts with its rules
    /// (aliases, preferences, accepted and rejected fonts) — what fallback by
    /// coverage needs. Parsing it is most of the cost of opening fonts.
    init(systemAddingFiles files: [String]) throws(FontError) {
        try Self.checkExist(files)
        guard let config = Self.lifecycle.withLock({ _ in FcInitLoadConfigAndFonts() }) else {
            throw .configurationUnavailable
        }
        self.config = config
        let added = Self.lifecycle.withLock { _ in files.first { FcConfigAppFontAddFile(config, $0) == 0 } }
        if let missing = added { throw .fontPathMissing(missing) }
        try checkHasFaces(files)
    }

    init(isolatedDirectories directories: [String], files: [String]) throws(FontError) {
        try Self.checkExist(directories + files)
        guard let config = FcConfigCreate() else { throw .configurationUnavailable }
        self.config = config
        let description = Self.isolatedConfiguration(directories: directories, files: files)
        let built = Self.lifecycle.withLock { _ in
            FcConfigParseAndLoadFromMemory(config, description, 1) != 0 && FcConfigBuildFonts(config) != 0
        }
        guard built else { throw .configurationUnavailable }
        try checkHasFaces(directories + files)
    }

    private init(adopting config: OpaquePointer) {
        self.config = config
    }

    /// The fonts in fontconfig's standard directories (those its stock fonts.conf
    /// lists) as their caches describe them, with none of the system's rules: what
    /// finding a family by name needs, at a fraction of the system configuration's
    /// cost. nil — use the system's — whenever that could differ from it or cost more:
    /// the environment points fontconfig elsewhere, or a directory has no valid cache
    /// (fontconfig would scan its fonts and write a cache made without the system's rules).
    /// `description` replaces the stock directories (tests use their own).
    static func standardDirectories(
        addingFiles files: [String],
        description: String = standardConfiguration
    ) -> FontCatalog? {
        // getenv, not Foundation's environment, which makes a dictionary of every variable.
        guard getenv("FONTCONFIG_FILE") == nil, getenv("FONTCONFIG_PATH") == nil, getenv("FONTCONFIG_SYSROOT") == nil,
            let config = FcConfigCreate()
        else { return nil }
        let catalog = FontCatalog(adopting: config)
        let built = lifecycle.withLock { _ in
            FcConfigParseAndLoadFromMemory(config, description, 1) != 0
                && catalog.everyCacheIsValid()
                && FcConfigBuildFonts(config) != 0
                && files.allSatisfy { FcConfigAppFontAddFile(config, $0) != 0 }
        }
        guard built else { return nil }
        guard (try? catalog.checkHasFaces(files)) != nil else { return nil }
        return catalog
    }

    /// fontconfig's stock fonts.conf without its `conf.d` rules: the same font and cache directories.
    static let standardConfiguration = """
        <?xml version="1.0"?>
        <fontconfig>
        <dir>/usr/share/fonts</dir>
        <dir>/usr/local/share/fonts</dir>
        <dir prefix="xdg">fonts</dir>
        <dir>~/.fonts</dir>
        <cachedir>/var/cache/fontconfig</cachedir>
        <cachedir prefix="xdg">fontconfig</cachedir>
        <cachedir>~/.fontconfig</cachedir>
        </fontconfig>

        """

    /// Whether every configured directory that exists, and each directory below it,
    /// has a cache fontconfig accepts (one newer than the directory), so that
    /// building the fonts reads caches only.
    private func everyCacheIsValid() -> Bool {
        guard let list = FcConfigGetFontDirs(config) else { return false }
        defer { FcStrListDone(list) }
        var pending: [String] = []
        while let directory = FcStrListNext(list) { pending.append(String(cString: directory)) }
        while let directory = pending.popLast() {
            var status = stat()
            guard stat(directory, &status) == 0 else { continue }  // fontconfig skips missing directories too
            guard (status.st_mode & S_IFMT) == S_IFDIR, let cache = FcDirCacheLoad(directory, config, nil) else {
                return false
            }
            defer { FcDirCacheUnload(cache) }
            for index in 0..<FcCacheNumSubdir(cache) {
                guard let subdirectory = FcCacheSubdir(cache, index) else { return false }
                pending.append(String(cString: subdirectory))
            }
        }
        return true
    }

    private static func checkExist(_ paths: [String]) throws(FontError) {
        for path in paths where !FileManager.default.fileExists(atPath: path) {
            throw .fontPathMissing(path)
        }
    }

    /// Throws unless the configuration holds a face from each of `paths`.
    private func checkHasFaces(_ paths: [String]) throws(FontError) {
        guard !paths.isEmpty else { return }
        let files = allFiles()
        for path in paths {
            let standardized = URL(fileURLWithPath: path).standardizedFileURL.path
            guard files.contains(where: { $0 == standardized || $0.hasPrefix(standardized + "/") }) else {
                throw .fontPathMissing(path)
            }
        }
    }

    /// A fontconfig configuration that sees only `directories` and `files`. It reads the
    /// system's font caches (and the user's), so opening it costs no font parsing; a
    /// single file is admitted by scanning its directory and rejecting the rest of it.
    static func isolatedConfiguration(directories: [String], files: [String]) -> String {
        func escaped(_ s: String) -> String {
            s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;")
        }
        let directories = directories.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        let files = files.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        var fileDirectories: [String] = []
        for file in files {
            let parent = URL(fileURLWithPath: file).deletingLastPathComponent().path
            if !directories.contains(parent) && !fileDirectories.contains(parent) { fileDirectories.append(parent) }
        }
        var xml = "<?xml version=\"1.0\"?>\n<fontconfig>\n"
        xml += "<cachedir>/var/cache/fontconfig</cachedir>\n<cachedir prefix=\"xdg\">fontconfig</cachedir>\n"
        for directory in directories + fileDirectories { xml += "<dir>\(escaped(directory))</dir>\n" }
        if !fileDirectories.isEmpty {
            xml += "<selectfont>\n<rejectfont>\n"
            for directory in fileDirectories { xml += "<glob>\(escaped(directory))/*</glob>\n" }
            xml += "</rejectfont>\n<acceptfont>\n"
            for file in files { xml += "<glob>\(escaped(file))</glob>\n" }
            xml += "</acceptfont>\n</selectfont>\n"
        }
        xml += "</fontconfig>\n"
        return xml
    }

    /// The font file of every face the configuration sees.
    func allFiles() -> [String] {
        guard let pattern = FcPatternCreate() else { return [] }
        defer { FcPatternDestroy(pattern) }
        guard let objects = FcObjectSetCreate() else { return [] }
        defer { FcObjectSetDestroy(objects) }
        FcObjectSetAdd(objects, FC_FILE)
        guard let set = FcFontList(config, pattern, objects) else { return [] }
        defer { FcFontSetDestroy(set) }
        guard let fonts = set.pointee.fonts else { return [] }
        return (0..<Int(set.pointee.nfont)).compactMap { fonts[$0].flatMap { Self.string($0, FC_FILE) } }
    }

    deinit { Self.lifecycle.withLock { _ in FcConfigDestroy(config) } }

    /// Every scalable face whose family names include `family` (case- and space-insensitive, as fontconfig compares).
    func faces(ofFamily family: String) -> [CatalogEntry] {
        guard let pattern = FcPatternCreate() else { return [] }
        defer { FcPatternDestroy(pattern) }
        FcPatternAddString(pattern, FC_FAMILY, family)
        FcPatternAddBool(pattern, FC_SCALABLE, 1)
        guard let objects = Self.entryObjects() else { return [] }
        defer { FcObjectSetDestroy(objects) }
        guard let set = FcFontList(config, pattern, objects) else { return [] }
        defer { FcFontSetDestroy(set) }
        return Self.listedEntries(in: set).map(\.entry).sorted { ($0.path, $0.index) < ($1.path, $1.index) }
    }

    /// All usable faces in fontconfig's order of preference for text at `weight` in
    /// `families`: the order per-character fallback searches for a covering face.
    func fallbackCandidates(families: [String], weight: FontWeight) -> [CatalogEntry] {
        guard let pattern = FcPatternCreate() else { return [] }
        defer { FcPatternDestroy(pattern) }
        for family in families { FcPatternAddString(pattern, FC_FAMILY, family) }
        FcPatternAddDouble(pattern, FC_WEIGHT, FcWeightFromOpenTypeDouble(Double(weight.rawValue)))
        FcPatternAddInteger(pattern, FC_SLANT, FC_SLANT_ROMAN)
        FcPatternAddInteger(pattern, FC_SPACING, FC_MONO)
        // A fixed language, so the order never depends on the environment's locale.
        FcPatternAddString(pattern, FC_LANG, "en")
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let set = FcFontSort(config, pattern, 0, nil, &result) else { return [] }
        defer { FcFontSetDestroy(set) }
        // Colour (bitmap emoji) faces have no outlines for the SVG backend and do not print well.
        return Self.listedEntries(in: set).filter { $0.isUpright && !$0.isColor }.map(\.entry)
    }

    private static func entryObjects() -> UnsafeMutablePointer<FcObjectSet>? {
        guard let objects = FcObjectSetCreate() else { return nil }
        for name in [
            FC_FAMILY, FC_FILE, FC_INDEX, FC_WEIGHT, FC_WIDTH, FC_SLANT, FC_POSTSCRIPT_NAME,
            FC_CHARSET, FC_SCALABLE, FC_COLOR,
        ] {
            FcObjectSetAdd(objects, name)
        }
        return objects
    }

    private struct ListedEntry {
        var entry: CatalogEntry
        var isColor: Bool
        var isUpright: Bool { entry.isUpright }
    }

    private static func listedEntries(in set: UnsafeMutablePointer<FcFontSet>) -> [ListedEntry] {
        guard let fonts = set.pointee.fonts else { return [] }
        var entries: [ListedEntry] = []
        entries.reserveCapacity(Int(set.pointee.nfont))
        for i in 0..<Int(set.pointee.nfont) {
            guard let pattern = fonts[i], let entry = listedEntry(from: pattern) else { continue }
            entries.append(entry)
        }
        return entries
    }

    private static func listedEntry(from pattern: OpaquePointer) -> ListedEntry? {
        guard let path = string(pattern, FC_FILE), let family = string(pattern, FC_FAMILY) else { return nil }
        var charset: OpaquePointer?
        guard FcPatternGetCharSet(pattern, FC_CHARSET, 0, &charset) == FcResultMatch, let charset else { return nil }
        var scalable: FcBool = 1
        if FcPatternGetBool(pattern, FC_SCALABLE, 0, &scalable) == FcResultMatch, scalable == 0 { return nil }
        var color: FcBool = 0
        _ = FcPatternGetBool(pattern, FC_COLOR, 0, &color)
        var index: Int32 = 0
        _ = FcPatternGetInteger(pattern, FC_INDEX, 0, &index)
        var fcWeight = Double(FC_WEIGHT_REGULAR)
        _ = FcPatternGetDouble(pattern, FC_WEIGHT, 0, &fcWeight)
        var width = Int32(FC_WIDTH_NORMAL)
        _ = FcPatternGetInteger(pattern, FC_WIDTH, 0, &width)
        var slant = Int32(FC_SLANT_ROMAN)
        _ = FcPatternGetInteger(pattern, FC_SLANT, 0, &slant)
        let entry = CatalogEntry(
            family: family, path: path, index: Int(index),
            weight: Int(FcWeightToOpenTypeDouble(fcWeight).rounded()),
            width: Int(width), isUpright: slant == FC_SLANT_ROMAN,
            postScriptName: string(pattern, FC_POSTSCRIPT_NAME) ?? "",
            coverage: CharacterCoverage(retaining: charset))
        return ListedEntry(entry: entry, isColor: color != 0)
    }

    private static func string(_ pattern: OpaquePointer, _ object: String) -> String? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, object, 0, &value) == FcResultMatch, let value else { return nil }
        return String(cString: value)
    }
}
