/// Why a `FontShaper` could not be made.
public enum FontError: Error, Hashable, Sendable, CustomStringConvertible {
    /// fontconfig could not load a configuration at all.
    case configurationUnavailable
    /// A directory or file of an isolated font set does not exist or holds no font.
    case fontPathMissing(String)
    /// None of the requested families (primary, then fallbacks) is installed.
    case noFamilyFound([String])

    public var description: String {
        switch self {
        case .configurationUnavailable:
            "fontconfig could not load its configuration; check that fontconfig is installed (tools/setup installs it)"
        case .fontPathMissing(let path):
            "font path \(path) is missing or holds no font; run tools/setup to install the project's fonts"
        case .noFamilyFound(let families):
            "none of the font families \(families.map { "\"\($0)\"" }.joined(separator: ", ")) is installed; "
                + "run tools/setup to install the project's fonts, or pass an installed family with --font"
        }
    }
}
