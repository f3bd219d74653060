/// Which fonts the shaper may use: a family chain and where fontconfig looks for fonts.
public struct FontConfiguration: Hashable, Sendable {
    /// The design's family ("JetBrains Mono"); `--font FAMILY` replaces it.
    public var primaryFamily: String
    /// Tried in order for characters the primary family lacks, before fontconfig's
    /// per-character fallback by coverage.
    public var fallbackFamilies: [String]
    /// nil: the system's fontconfig setup. Non-nil: an isolated fontconfig
    /// configuration that sees only these directories (and `fontFiles`), so output
    /// does not depend on what else is installed.
    public var fontDirectories: [String]?
    /// Single font files added to the configuration, for packages whose directory
    /// is shared with fonts the project does not fix (DejaVu's core files).
    public var fontFiles: [String]
    /// Tried, after the chain and before fontconfig's per-character fallback, for a character
    /// the chain lacks; opened only when such a character appears.
    public var scriptFamilies: [String]

    public init(
        primaryFamily: String = "JetBrains Mono",
        fallbackFamilies: [String] = ["DejaVu Sans Mono"],
        fontDirectories: [String]? = nil,
        fontFiles: [String] = [],
        scriptFamilies: [String] = []
    ) {
        self.scriptFamilies = scriptFamilies
        self.primaryFamily = primaryFamily
        self.fallbackFamilies = fallbackFamilies
        self.fontDirectories = fontDirectories
        self.fontFiles = fontFiles
    }

    /// The design's families over the system's fonts. DejaVu Sans (installed with DejaVu Sans
    /// Mono) covers Hebrew, Arabic and Persian: tried before the system's per-character
    /// fallback, it spares a right-to-left invoice loading fontconfig's whole configuration
    /// (a quarter of its render), and an English one opens nothing more.
    public static let system = FontConfiguration(scriptFamilies: ["DejaVu Sans"])

    /// The project's fixed font set: exactly the fonts `tools/setup` installs
    /// (fonts-jetbrains-mono, fonts-dejavu-core, fonts-wqy-microhei, fonts-liberation2), nothing else.
    public static let fixed = FontConfiguration(
        fontDirectories: [
            "/usr/share/fonts/truetype/jetbrains-mono",
            "/usr/share/fonts/truetype/wqy",
        ],
        fontFiles: [
            "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
            "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
            "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
            "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf",
            "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf",
            "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf",
            // The Swiss QR-bill's payment part (fonts-liberation2).
            "/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf",
            "/usr/share/fonts/truetype/liberation2/LiberationSans-Bold.ttf",
        ]
    )

    /// The families in the order they are tried.
    var families: [String] { [primaryFamily] + fallbackFamilies }
}
