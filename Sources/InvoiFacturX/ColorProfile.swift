import Foundation

/// The sRGB ICC profile of the OutputIntent, read from a system package at run time rather
/// than carried in the binary (its licence and its updates stay the distribution's).
enum ColorProfile {
    /// Where Debian packages put an sRGB profile: `icc-profiles-free` (tools/setup installs
    /// it), `colord-data`, Ghostscript's `libgs-common`.
    static let searchPaths = [
        "/usr/share/color/icc/sRGB.icc",
        "/usr/share/color/icc/colord/sRGB.icc",
        "/usr/share/color/icc/ghostscript/srgb.icc",
    ]

    /// The profile of the default paths, read once per process: first the one beside the
    /// executable, in `../share/color/icc/` (a relocated install such as the Python wheel
    /// carries its own; for /usr/bin/invoi that is Debian's path).
    static let installed: Result<[UInt8], FacturXError> = load(
        from: (executableRelativePath.map { [$0] } ?? []) + searchPaths)

    private static var executableRelativePath: String? {
        guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
            return nil
        }
        let prefix = ((executable as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
        let path = (prefix as NSString).appendingPathComponent("share/color/icc/sRGB.icc")
        return searchPaths.contains(path) ? nil : path
    }

    /// The first file among `paths` that is an RGB ICC profile.
    static func load(from paths: [String]) -> Result<[UInt8], FacturXError> {
        for path in paths {
            if let data = FileManager.default.contents(atPath: path), isRGBProfile([UInt8](data)) {
                return .success([UInt8](data))
            }
        }
        return .failure(.missingColorProfile(searched: paths))
    }

    /// An ICC header: the `acsp` signature at 36 and the `RGB ` data colour space at 16, so a
    /// truncated or wrong file is not embedded as the output intent (its /N is 3).
    static func isRGBProfile(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 128 && bytes[36..<40].elementsEqual("acsp".utf8) && bytes[16..<20].elementsEqual("RGB ".utf8)
    }
}
