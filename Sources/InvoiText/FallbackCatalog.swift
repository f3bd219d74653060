/// Where per-character fallback looks for a face: the catalog the configured
/// families were found in, or — when they were found in fontconfig's standard
/// directories alone — the system's full configuration, loaded the first time
/// a character needs it (most invoices never do, and it is the costliest part
/// of opening fonts).
enum FallbackCatalog {
    case loaded(FontCatalog)
    /// The system's configuration with these files added, not loaded yet.
    case system(addingFiles: [String])
    /// The system's configuration could not be loaded: search this one instead.
    case unavailable(FontCatalog)

    /// The catalog to search, loading the system's on first use; `familiesCatalog`
    /// when that fails. `loaded` reports whether this call loaded it.
    mutating func catalog(familiesCatalog: FontCatalog) -> (catalog: FontCatalog, loaded: Bool) {
        switch self {
        case .loaded(let catalog), .unavailable(let catalog):
            return (catalog, false)
        case .system(let files):
            if let system = try? FontCatalog(systemAddingFiles: files) {
                self = .loaded(system)
                return (system, true)
            }
            self = .unavailable(familiesCatalog)
            return (familiesCatalog, false)
        }
    }
}
