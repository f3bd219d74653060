import Foundation
import InvoiCairo
import Testing

/// Compares outputs with the files under `Goldens/<case>/` (DESIGN.md §8).
/// `INVOI_RECORD_GOLDENS=1` (what `tools/update-goldens` sets) writes them instead;
/// re-recording is a reviewed change, never a way to make a test pass.
enum GoldenFiles {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Goldens")

    static var isRecording: Bool { ProcessInfo.processInfo.environment["INVOI_RECORD_GOLDENS"] == "1" }

    static var caseNames: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return names.filter { FileManager.default.fileExists(atPath: root.appendingPathComponent("\($0)/invoice.json").path) }
            .sorted()
    }

    static func directory(_ name: String) -> URL { root.appendingPathComponent(name) }

    /// Where a failing actual file goes: beside its golden, `NAME.actual.EXT` (git-ignored).
    static func actualURL(for golden: URL, suffix: String = "actual") -> URL {
        let ext = golden.pathExtension
        return golden.deletingPathExtension().appendingPathExtension(suffix).appendingPathExtension(ext)
    }

    static func clearActuals(for golden: URL) {
        try? FileManager.default.removeItem(at: actualURL(for: golden))
        try? FileManager.default.removeItem(at: actualURL(for: golden, suffix: "diff"))
    }

    /// Text goldens compare exactly; a failure writes the actual file and prints a unified diff.
    static func expectText(_ actual: String, matches golden: URL, sourceLocation: SourceLocation = #_sourceLocation) {
        clearActuals(for: golden)
        if isRecording {
            try? Data(actual.utf8).write(to: golden)
            return
        }
        guard let expected = try? String(contentsOf: golden, encoding: .utf8) else {
            Issue.record("missing golden \(golden.path) — run tools/update-goldens and review it", sourceLocation: sourceLocation)
            return
        }
        guard expected != actual else { return }
        let actualURL = actualURL(for: golden)
        try? Data(actual.utf8).write(to: actualURL)
        Issue.record("""
            \(golden.path) differs; actual written to \(actualURL.path)
            \(unifiedDiff(golden, actualURL))
            """, sourceLocation: sourceLocation)
    }

    /// Image goldens compare per pixel: a pixel counts as changed when a channel differs by more
    /// than `channelTolerance`; at most `allowedFraction` of the pixels may change. A failure
    /// writes the actual PNG and a diff image beside the golden.
    static func expectImage(_ actual: Data, matches golden: URL, channelTolerance: UInt8, allowedFraction: Double,
                            record: Bool = true, what: String = "png",
                            sourceLocation: SourceLocation = #_sourceLocation) {
        clearActuals(for: golden)
        if isRecording {
            if record { try? actual.write(to: golden) }
            return
        }
        guard let expectedData = try? Data(contentsOf: golden) else {
            Issue.record("missing golden \(golden.path) — run tools/update-goldens and review it", sourceLocation: sourceLocation)
            return
        }
        do {
            let expected = try RasterImage(pngData: expectedData)
            let image = try RasterImage(pngData: actual)
            let difference = image.difference(from: expected, tolerance: channelTolerance)
            let fraction = Double(difference.changedPixels) / Double(max(difference.totalPixels, 1))
            if difference.sizeMismatch || fraction > allowedFraction {
                let actualURL = actualURL(for: golden, suffix: "\(what).actual")
                let diffURL = actualURL(for: golden, suffix: "\(what).diff")
                try? actual.write(to: actualURL)
                try? expected.diffImage(against: image).write(to: diffURL)
                Issue.record("""
                    \(golden.path): \(what) differs in \(difference.changedPixels) of \(difference.totalPixels) pixels \
                    (max channel delta \(difference.maxChannelDelta)\(difference.sizeMismatch ? ", size differs" : ""); \
                    allowed \(allowedFraction * 100)% beyond ±\(channelTolerance))
                    actual: \(actualURL.path)
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
