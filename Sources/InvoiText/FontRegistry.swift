import InvoiDocument
import Synchronization

/// Every font the shaper uses, opened once: the configured family chain per weight
/// (resolved up front) and per-character fallback faces (resolved on first need and
/// remembered). fontconfig is only touched under the lock; shaping never is.
final class FontRegistry: Sendable {
    /// Per weight ordinal: the faces of the configured families that are installed, in order.
    let chains: [[LoadedFace]]
    /// Configured families that are not installed.
    let unavailableFamilies: [String]
    private let families: [String]
    private let scriptFamilies: [String]
    private let state: Mutex<State>

    private struct State {
        /// Where the configured families were found.
        var catalog: FontCatalog
        var fallbackCatalog: FallbackCatalog
        var loaded: [FaceKey: LoadedFace] = [:]
        /// Fonts opened only to draw outlines of faces named in a document.
        var outlineFonts: [FaceKey: HarfBuzzFont?] = [:]
        /// Faces per family: from the families' catalog, then from the one fallback searches once it is loaded.
        var familyEntries: [String: [CatalogEntry]] = [:]
        var candidates: [Int: [CatalogEntry]] = [:]
        /// Faces of the script families, listed once (a listing scans every font's cache entry).
        var scriptEntries: [String: [CatalogEntry]] = [:]
        var fallbacks: [FallbackKey: LoadedFace?] = [:]
        /// The chains of the families a form prescribes, by family and weight ordinal.
        var formChains: [FormChainKey: [LoadedFace]] = [:]
    }

    private struct FormChainKey: Hashable {
        var family: FontFamily
        var weight: Int
    }

    private struct FallbackKey: Hashable {
        var scalar: Unicode.Scalar
        var weight: FontWeight
    }

    /// How a configuration without font directories of its own finds its families.
    enum SystemLookup {
        /// In fontconfig's standard directories, loading the system's configuration
        /// only when one is not there or a character needs fallback.
        case standardDirectoriesFirst
        /// In the system's configuration from the start (tests compare the two).
        case systemConfiguration
    }

    /// Every font file the registry reads, read once; the drawing backends share them.
    let files: FontFiles

    init(
        configuration: FontConfiguration, systemLookup: SystemLookup = .standardDirectoriesFirst,
        files: FontFiles = FontFiles()
    ) throws(FontError) {
        self.files = files
        let (catalog, fallbackCatalog) = try Self.catalogs(for: configuration, systemLookup: systemLookup)
        var state = State(catalog: catalog, fallbackCatalog: fallbackCatalog)
        var chains = Array(repeating: [LoadedFace](), count: FontWeight.allCases.count)
        var unavailable: [String] = []
        for family in configuration.families {
            let entries = state.catalog.faces(ofFamily: family)
            state.familyEntries[family] = entries
            var found = false
            for weight in FontWeight.allCases {
                guard let entry = Self.bestEntry(in: entries, weight: weight.rawValue),
                    let face = Self.load(entry, into: &state, files: files)
                else { continue }
                if !chains[weight.ordinal].contains(where: { $0 === face }) { chains[weight.ordinal].append(face) }
                found = true
            }
            if !found { unavailable.append(family) }
        }
        guard chains.allSatisfy({ !$0.isEmpty }) else { throw .noFamilyFound(configuration.families) }
        self.chains = chains
        self.unavailableFamilies = unavailable
        self.families = configuration.families
        self.scriptFamilies = configuration.scriptFamilies
        self.state = Mutex(state)
    }

    /// The catalog to find the configured families in, and where fallback searches.
    /// Without font directories of its own, a configuration's families are looked
    /// up in fontconfig's standard directories, which lists the same faces as the
    /// system's configuration at a fraction of its cost; the system's is used from
    /// the start when one of the families is not there (it may add directories).
    private static func catalogs(
        for configuration: FontConfiguration, systemLookup: SystemLookup
    ) throws(FontError)
        -> (FontCatalog, FallbackCatalog)
    {
        if configuration.fontDirectories != nil {
            let catalog = try FontCatalog(configuration: configuration)
            return (catalog, .loaded(catalog))
        }
        if systemLookup == .standardDirectoriesFirst,
            let standard = FontCatalog.standardDirectories(addingFiles: configuration.fontFiles),
            configuration.families.allSatisfy({ !standard.faces(ofFamily: $0).isEmpty })
        {
            return (standard, .system(addingFiles: configuration.fontFiles))
        }
        let system = try FontCatalog(systemAddingFiles: configuration.fontFiles)
        return (system, .loaded(system))
    }

    /// The faces tried for `family` at `weight`: the design's chain, behind the family's own faces
    /// when it is not the design's (opened on first use; a family not installed adds none).
    func chain(_ family: FontFamily, weight: FontWeight) -> [LoadedFace] {
        let names = family.names
        guard !names.isEmpty else { return chains[weight.ordinal] }
        let key = FormChainKey(family: family, weight: weight.ordinal)
        let design = chains[weight.ordinal]
        return state.withLock { state in
            if let chain = state.formChains[key] { return chain }
            var own: [LoadedFace] = []
            for name in names {
                let entries = state.familyEntries[name] ?? state.catalog.faces(ofFamily: name)
                state.familyEntries[name] = entries
                if let entry = Self.bestEntry(in: entries, weight: weight.rawValue),
                    let face = Self.load(entry, into: &state, files: files), !own.contains(where: { $0 === face })
                {
                    own.append(face)
                }
            }
            let chain = own + design
            state.formChains[key] = chain
            return chain
        }
    }

    /// Whether the catalog has a scalable face of `family`.
    func hasFamily(_ family: String) -> Bool {
        state.withLock { state in
            let entries = state.familyEntries[family] ?? state.catalog.faces(ofFamily: family)
            state.familyEntries[family] = entries
            return !entries.isEmpty
        }
    }

    /// Whether fallback still waits to load the system's configuration (its first need has not come).
    var isSystemConfigurationPending: Bool {
        state.withLock { state in
            if case .system = state.fallbackCatalog { true } else { false }
        }
    }

    /// A face outside the configured chain that covers `scalar`, in fontconfig's order
    /// of preference, at the nearest weight its family has; nil when no font covers it.
    func fallbackFace(for scalar: Unicode.Scalar, weight: FontWeight) -> LoadedFace? {
        let key = FallbackKey(scalar: scalar, weight: weight)
        return state.withLock { state in
            if let cached = state.fallbacks[key] { return cached }
            // The script families come from where the chain was found: no system configuration.
            for family in scriptFamilies {
                let entries = state.scriptEntries[family] ?? state.catalog.faces(ofFamily: family)
                state.scriptEntries[family] = entries
                if let entry = Self.bestEntry(in: entries, weight: weight.rawValue, covering: scalar),
                    let face = Self.load(entry, into: &state, files: files)
                {
                    state.fallbacks[key] = face
                    return face
                }
            }
            let (catalog, loaded) = state.fallbackCatalog.catalog(familiesCatalog: state.catalog)
            // From now on families are looked up where the candidates come from.
            if loaded { state.familyEntries = [:] }
            let candidates =
                state.candidates[weight.ordinal]
                ?? catalog.fallbackCandidates(families: families, weight: weight)
            state.candidates[weight.ordinal] = candidates
            var found: LoadedFace?
            for candidate in candidates where candidate.coverage.contains(scalar) {
                let family = Self.entries(ofFamily: candidate.family, in: &state)
                let entry = Self.bestEntry(in: family, weight: weight.rawValue, covering: scalar) ?? candidate
                if let face = Self.load(entry, into: &state, files: files) {
                    found = face
                    break
                }
            }
            state.fallbacks[key] = found
            return found
        }
    }

    /// The HarfBuzz font for a face named in a document (opened if this registry has not yet).
    func harfBuzzFont(for face: FontFace) -> HarfBuzzFont? {
        let key = FaceKey(path: face.path, index: face.index)
        return state.withLock { state in
            if let loaded = state.loaded[key] { return loaded.font }
            if let opened = state.outlineFonts[key] { return opened }
            let opened = files.file(at: face.path).flatMap { HarfBuzzFont(file: $0, index: face.index) }
            state.outlineFonts[key] = opened
            return opened
        }
    }

    private static func entries(ofFamily family: String, in state: inout State) -> [CatalogEntry] {
        if let entries = state.familyEntries[family] { return entries }
        let catalog = state.fallbackCatalog.catalog(familiesCatalog: state.catalog).catalog
        let entries = catalog.faces(ofFamily: family)
        state.familyEntries[family] = entries
        return entries
    }

    private static func load(_ entry: CatalogEntry, into state: inout State, files: FontFiles) -> LoadedFace? {
        let key = FaceKey(path: entry.path, index: entry.index)
        if let face = state.loaded[key] { return face }
        guard let file = files.file(at: entry.path), let font = HarfBuzzFont(file: file, index: entry.index) else {
            return nil
        }
        let face = LoadedFace(face: entry.face, font: font, coverage: entry.coverage)
        state.loaded[key] = face
        return face
    }

    /// The face of a family to use at `weight`: upright before slanted, normal width
    /// before condensed or expanded, then the CSS weight-matching order. Never a
    /// synthesised weight: a family without bold gives its nearest face.
    static func bestEntry(
        in entries: [CatalogEntry], weight: Int, covering scalar: Unicode.Scalar? = nil
    ) -> CatalogEntry? {
        // Upright first, then the width nearest normal, then the weight's rank, as one key in one
        // pass: a Hebrew page looks up 70 fallbacks, and filtering the pool step by step cost
        // 11,600 instructions each. Ties keep the first: `entries` come sorted by path, so they
        // resolve the same way on every run.
        var best: (entry: CatalogEntry, key: (Int, Int, Int, Int))?
        for entry in entries where scalar.map(entry.coverage.contains) ?? true {
            let rank = WeightMatching.rank(entry.weight, weight)
            let key = (entry.isUpright ? 0 : 1, abs(entry.width - 100), rank.0, rank.1)
            if best.map({ key < $0.key }) ?? true { best = (entry, key) }
        }
        return best?.entry
    }
}
