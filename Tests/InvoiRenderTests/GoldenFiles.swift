import Foundation
import InvoiGolden
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
        let explanation =
            golden.lastPathComponent == "ops.json" ? opsExplanation(golden: golden, actual: actual) + "\n" : ""
        Issue.record(
            """
            \(golden.path) differs; actual written to \(actualURL.path)
            \(explanation)\(unifiedDiff(golden, actualURL))
            """, sourceLocation: sourceLocation)
    }

    /// How an image is compared with its golden (the comparisons `invoi golden verify` makes).
    enum ImageComparison {
        /// Per pixel, anti-aliasing aware: no pixel may differ beyond the colour threshold
        /// unless it lies on an anti-aliased edge. For the png backend against its own golden.
        case perPixel(PixelComparison)
        /// By ink: the darkness summed over any 16 × 16 square may differ by at most `ink`
        /// pixel-equivalents. For pages rasterised by other libraries (poppler, librsvg), which
        /// hint and antialias glyph edges their own way but put the same ink in the same place.
        case ink(Double)
    }

    /// A failure writes the actual PNG and a diff image (the golden faded, changed pixels red)
    /// beside the golden and prints their paths.
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
        // The same bytes are the same page: no decoding.
        if expectedData == actual { return }
        do {
            let expected = try PageRaster(png: expectedData)
            let image = try PageRaster(png: actual)
            var problem: String?
            var difference: PixelDifference?
            if expected.width != image.width || expected.height != image.height {
                problem = "size \(image.width)×\(image.height) instead of \(expected.width)×\(expected.height)"
            } else {
                switch comparison {
                case .perPixel(let pixels):
                    let found = pixels.compare(golden: expected, new: image, extent: .regions)
                    difference = found
                    if !found.isSame {
                        problem =
                            "\(found.changedPixels) pixels changed (\(found.antialiasedPixels) more only anti-aliased), "
                            + "in \(found.regions.prefix(6).map(\.description).joined(separator: ", "))"
                    }
                case .ink(let limit):
                    let worst = InkComparison().worstDifference(image, expected) ?? .infinity
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
                let shown =
                    difference
                    ?? PixelComparison().compare(golden: expected, new: image, extent: .regions)
                try? DiffImage.png(golden: expected, new: image, difference: shown).write(to: diffURL)
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

    /// ops.json differs: what changed, in words, from the comparison `invoi golden verify` makes.
    static func opsExplanation(golden: URL, actual: String) -> String {
        guard let expected = try? Data(contentsOf: golden),
            let difference = try? OpsComparison().explain(golden: expected, new: Data(actual.utf8))
        else { return "" }
        return difference.changes.isEmpty
            ? "(nothing drawn differs by more than \(OpsComparison.defaultTolerance) pt)"
            : difference.changes.joined(separator: "\n")
    }

    static func unifiedDiff(_ a: URL, _ b: URL) -> String {
        let output = (try? Tool.run("/usr/bin/diff", ["-u", a.path, b.path]))?.stdout ?? Data()
        let lines = String(decoding: output, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let shown = lines.prefix(80).joined(separator: "\n")
        return lines.count > 80 ? shown + "\n… (\(lines.count - 80) more diff lines)" : shown
    }
}
