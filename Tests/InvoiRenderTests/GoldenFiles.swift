import Foundation
import InvoiImageTestSupport
import Testing

/// Compares outputs with the files under `Goldens/<case>/` (docs/ARCHITECTURE.md, Goldens).
/// `INVOI_RECORD_GOLDENS=1` (what `tools/update-goldens` sets) writes them instead;
/// re-recording is a reviewed change, never a way to make a test pass.
enum GoldenFiles {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Goldens")

    static var isRecording: Bool { ProcessInfo.processInfo.environment["INVOI_RECORD_GOLDENS"] == "1" }

    static var caseNames: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return names.filter {
            FileManager.default.fileExists(atPath: root.appendingPathComponent("\($0)/invoice.json").path)
        }
        .sorted()
    }

    static func directory(_ name: String) -> URL { root.appendingPathComponent(name) }

    /// Where a failing actual file goes: beside its golden, `NAME.actual.EXT` (git-ignored).
    static func actualURL(for golden: URL, suffix: String = "actual") -> URL {
        let ext = golden.pathExtension
        return golden.deletingPathExtension().appendingPathExtension(suffix).appendingPathExtension(ext)
    }

    static func clearActuals(for golden: URL, what: String? = nil) {
        let suffixes = what.map { ["\($0).actual", "\($0).diff"] } ?? ["actual", "diff"]
        for suffix in suffixes {
            try? FileManager.default.removeItem(at: actualURL(for: golden, suffix: suffix))
        }
    }

    /// Text goldens compare exactly; a failure writes the actual file and prints a unified diff.
    static func expectText(_ actual: String, matches golden: URL, sourceLocation: SourceLocation = #_sourceLocation) {
        clearActuals(for: golden)
        if isRecording {
            try? Data(actual.utf8).write(to: golden)
            return
        }
        guard let expected = try? String(contentsOf: golden, encoding: .utf8) else {
            Issue.record(
                "missing golden \(golden.path) — run tools/update-goldens and review it", sourceLocation: sourceLocation
            )
            return
        }
        guard expected != actual else { return }
        let actualURL = actualURL(for: golden)
        try? Data(actual.utf8).write(to: actualURL)
        Issue.record(
            """
            \(golden.path) differs; actual written to \(actualURL.path)
            \(unifiedDiff(golden, actualURL))
            """, sourceLocation: sourceLocation)
    }

    /// How an image is compared with its golden.
    enum ImageComparison {
        /// Per pixel: a pixel counts as changed when a channel differs by more than `channel`;
        /// at most `fraction` of the pixels may change. For the png backend against its own golden.
        case perPixel(channel: UInt8, fraction: Double)
        /// By ink: the darkness summed over any 16 × 16 square may differ by at most `ink`
        /// pixel-equivalents. For pages rasterised by other libraries (poppler, librsvg), which
        /// hint and antialias glyph edges their own way but put the same ink in the same place.
        case ink(Double)
    }

    /// A failure writes the actual PNG and a diff image beside the golden and prints their paths.
    static func expectImage(
        _ actual: Data, matches golden: URL, by comparison: ImageComparison,
        record: Bool = true, what: String = "png",
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        clearActuals(for: golden, what: what)
        if isRecording {
            if record { try? actual.write(to: golden) }
            return
        }
        guard let expectedData = try? Data(contentsOf: golden) else {
            Issue.record(
                "missing golden \(golden.path) — run tools/update-goldens and review it", sourceLocation: sourceLocation
            )
            return
        }
        do {
            let expected = try RasterImage(pngData: expectedData)
            let image = try RasterImage(pngData: actual)
            let difference = image.difference(from: expected, tolerance: 0)
            var problem: String?
            if difference.sizeMismatch {
                problem = "size \(image.width)×\(image.height) instead of \(expected.width)×\(expected.height)"
            } else {
                switch comparison {
                case .perPixel(let channel, let fraction):
                    let changed = image.difference(from: expected, tolerance: channel).changedPixels
                    if Double(changed) > fraction * Double(difference.totalPixels) {
                        problem =
                            "\(changed) of \(difference.totalPixels) pixels differ by more than ±\(channel) "
                            + "(allowed: \(fraction * 100)%)"
                    }
                case .ink(let limit):
                    let worst = worstInkDifference(image, expected) ?? .infinity
                    if worst > limit {
                        problem = String(
                            format: "ink differs by %.1f pixel-equivalents in one 16×16 square (allowed: %.1f)",
                            worst, limit)
                    }
                }
            }
            if let problem {
                let actualFile = Self.actualURL(for: golden, suffix: "\(what).actual")
                let diffURL = Self.actualURL(for: golden, suffix: "\(what).diff")
                try? actual.write(to: actualFile)
                try? expected.diffImage(against: image).write(to: diffURL)
                Issue.record(
                    """
                    \(golden.path): \(what): \(problem)
                    actual: \(actualFile.path)
                    diff:   \(diffURL.path)
                    """, sourceLocation: sourceLocation)
            }
        } catch {
            Issue.record("\(golden.path): cannot decode: \(error)", sourceLocation: sourceLocation)
        }
    }

    static func unifiedDiff(_ a: URL, _ b: URL) -> String {
        let output = (try? Tool.run("/usr/bin/diff", ["-u", a.path, b.path]))?.stdout ?? Data()
        let lines = String(decoding: output, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let shown = lines.prefix(80).joined(separator: "\n")
        return lines.count > 80 ? shown + "\n… (\(lines.count - 80) more diff lines)" : shown
    }
}
