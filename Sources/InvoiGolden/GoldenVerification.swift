import Foundation
import InvoiModel
import InvoiRender

/// What verify found for one case.
public struct CaseResult: Sendable {
    public enum Status: String, Sendable {
        /// `orphaned`: a golden folder whose invoice is gone.
        case same, changed, missing, error, orphaned
    }

    public var name: String
    public var status: Status
    /// What changed, in the reader's words; for a missing golden, an orphaned one or an error, why.
    public var changes: [String]
    /// Said on the side: the fonts differ from the ones recorded.
    public var warnings: [String] = []
    /// For an error, its kind (the exit status).
    public var failure: GoldenFailure.Kind?
    /// The pages that changed, with their images, when asked for (a report).
    public var pages: [ChangedPage] = []

    init(name: String, status: Status, changes: [String] = [], failure: GoldenFailure.Kind? = nil) {
        self.name = name
        self.status = status
        self.changes = changes
        self.failure = failure
    }
}

extension CaseResult {
    /// A golden folder found without its invoice (deleted or renamed): named by the folder,
    /// since the invoice's own name is not known (its extension may have been any case of .json).
    public static func orphaned(goldenPath: String) -> CaseResult {
        let base = (goldenPath as NSString).deletingPathExtension
        return CaseResult(
            name: goldenPath, status: .orphaned,
            changes: ["its invoice \(base).json is gone: restore it, or delete \(goldenPath)"])
    }
}

/// A page that differs, as PNG files: the golden, the new render and the difference.
public struct ChangedPage: Sendable {
    public var number: Int
    public var golden: Data?
    public var new: Data?
    public var diff: Data?
}

extension GoldenCase {
    /// Renders the invoice again with the golden's options and compares. `keepingImages`:
    /// every changed page gets a diff image and keeps its images (for a report).
    public func verify(
        with renderer: GoldenRenderer, comparison: PixelComparison = PixelComparison(),
        ops opsComparison: OpsComparison = OpsComparison(), keepingImages: Bool = false
    ) -> CaseResult {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: goldenPath, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            return CaseResult(
                name: name, status: .missing,
                changes: ["no golden: record it with 'invoi golden record \(invoicePath)'"])
        }
        do throws(GoldenFailure) {
            return try compare(
                with: renderer, comparison: comparison, ops: opsComparison, keepingImages: keepingImages)
        } catch {
            return CaseResult(name: name, status: .error, changes: [error.message], failure: error.kind)
        }
    }

    func goldenFile(_ file: String) throws(GoldenFailure) -> Data {
        do {
            return try Data(contentsOf: URL(fileURLWithPath: goldenPath + "/" + file))
        } catch {
            throw GoldenFailure(.corrupt, "\(goldenPath)/\(file): cannot be read (\(Self.reason(error)))")
        }
    }

    public func manifest() throws(GoldenFailure) -> GoldenManifest {
        let data = try goldenFile(GoldenManifest.fileName)
        guard let manifest = try? JSONDecoder().decode(GoldenManifest.self, from: data) else {
            throw GoldenFailure(.corrupt, "\(goldenPath)/manifest.json: not a golden manifest; record the case again")
        }
        if Self.isNewer(manifest.invoi, than: InvoiVersion.current) {
            throw GoldenFailure(
                .corrupt,
                "recorded by invoi \(manifest.invoi), newer than this invoi \(InvoiVersion.current): "
                    + "verify with that version or later")
        }
        return manifest
    }

    /// Compares dotted version numbers ("0.10.1" > "0.9").
    static func isNewer(_ a: String, than b: String) -> Bool {
        func parts(_ version: String) -> [Int] {
            version.split(separator: "-").first.map { $0.split(separator: ".").map { Int($0) ?? 0 } } ?? []
        }
        let x = parts(a), y = parts(b)
        for index in 0..<max(x.count, y.count) {
            let p = index < x.count ? x[index] : 0, q = index < y.count ? y[index] : 0
            if p != q { return p > q }
        }
        return false
    }

    private func compare(
        with renderer: GoldenRenderer, comparison: PixelComparison, ops opsComparison: OpsComparison,
        keepingImages: Bool
    ) throws(GoldenFailure) -> CaseResult {
        let manifest = try manifest()
        guard let today = CalendarDate(iso: manifest.today) else {
            throw GoldenFailure(.corrupt, "\(goldenPath)/manifest.json: 'today' is not a date")
        }
        let invoice = try renderer.decode(try readInvoice(), path: invoicePath, today: today)
        let outputs = try renderer.render(invoice, options: manifest.options)
        var result = CaseResult(name: name, status: .same)
        result.warnings = fontWarnings(manifest, renderer: renderer)

        // Ops first: they say what changed in the document's terms.
        let goldenOps = try goldenFile("ops.json")
        var opsDifference = OpsDifference()
        if goldenOps != outputs.ops {
            opsDifference = try opsComparison.explain(golden: goldenOps, new: outputs.ops)
            // Bytes differ but nothing drawn does (fields the comparison does not know): the same.
        }
        var changes = opsDifference.changes

        // Pages: byte-equal PNGs are the same page; others are compared pixel by pixel.
        let pageCount = max(manifest.pages, outputs.pages.count)
        var goldenPages: [Data?] = []
        for number in 1...max(pageCount, 1) where number <= manifest.pages {
            goldenPages.append(try goldenFile("page-\(number).png"))
        }
        for number in 1...max(pageCount, 1) {
            let golden = number <= goldenPages.count ? goldenPages[number - 1] : nil
            let new = number <= outputs.pages.count ? outputs.pages[number - 1] : nil
            guard let golden, let new else {
                if golden != nil || new != nil {
                    if keepingImages { result.pages.append(ChangedPage(number: number, golden: golden, new: new)) }
                }
                continue
            }
            if golden == new { continue }
            let goldenRaster: PageRaster
            do throws(GoldenFailure) {
                goldenRaster = try PageRaster(png: golden)
            } catch {
                throw GoldenFailure(
                    .corrupt, "\(goldenPath)/page-\(number).png: \(error.message); record the case again")
            }
            let newRaster = try PageRaster(png: new)
            let explained = opsDifference.changedPages.contains(number)
            var difference = comparison.compare(
                golden: goldenRaster, new: newRaster, extent: explained || keepingImages ? .regions : .verdict)
            if difference.isSame && !explained { continue }
            if !difference.isSame && difference.regions.isEmpty {
                difference = comparison.compare(golden: goldenRaster, new: newRaster, extent: .regions)
            }
            if !difference.isSame {
                changes.append(Self.regionSentence(page: number, difference, explained: explained))
            }
            if keepingImages && !difference.isSame {
                let diff = try? DiffImage.png(golden: goldenRaster, new: newRaster, difference: difference)
                result.pages.append(ChangedPage(number: number, golden: golden, new: new, diff: diff))
            }
        }

        // Text outputs: exact. Explained line by line only when nothing above explains them.
        let explainedAbove = !changes.isEmpty
        var textFiles: [(String, Data)] = [("preview.txt", outputs.preview)]
        textFiles += outputs.svgPages.enumerated().filter { $0.offset < manifest.pages }.map {
            ("page-\($0.offset + 1).svg", $0.element)
        }
        if let pdfText = outputs.pdfText { textFiles.append(("pdf.txt", pdfText)) }
        var textChanged = false
        for (file, new) in textFiles {
            let golden = try goldenFile(file)
            guard golden != new else { continue }
            textChanged = true
            if !explainedAbove { changes.append(Self.textSentence(file: file, golden: golden, new: new)) }
        }
        if !changes.isEmpty || textChanged {
            result.status = .changed
            result.changes = result.warnings + changes
        }
        return result
    }

    func fontWarnings(_ manifest: GoldenManifest, renderer: GoldenRenderer) -> [String] {
        var missing: [String] = [], changed: [String] = []
        for font in manifest.fonts {
            guard let now = renderer.fingerprint(ofFontAt: font.path) else {
                missing.append(font.file)
                continue
            }
            if now.fnv1a64 != font.fnv1a64 || now.size != font.size { changed.append(font.file) }
        }
        var warnings: [String] = []
        if !changed.isEmpty {
            warnings.append("the fonts differ from the recording: \(changed.joined(separator: ", ")) changed")
        }
        if !missing.isEmpty {
            warnings.append("the fonts differ from the recording: \(missing.joined(separator: ", ")) not installed")
        }
        return warnings
    }

    static func regionSentence(page: Int, _ difference: PixelDifference, explained: Bool) -> String {
        if difference.sizeMismatch { return "page \(page): the image size changed" }
        let count = difference.regions.count
        let boxes = difference.regions.prefix(4).map(\.description).joined(separator: ", ")
        let more = count > 4 ? ", …" : ""
        let noun = count == 1 ? "1 changed region" : "\(count) changed regions"
        return explained
            ? "page \(page): \(noun): \(boxes)\(more)"
            : "page \(page): \(noun) the ops do not explain (a font file or the rasteriser changed?): \(boxes)\(more)"
    }

    static func textSentence(file: String, golden: Data, new: Data) -> String {
        let a = String(decoding: golden, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let b = String(decoding: new, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(a.count, b.count) {
            let old = index < a.count ? String(a[index]) : "", now = index < b.count ? String(b[index]) : ""
            if old != now {
                return "\(file): line \(index + 1) '\(OpsComparison.quoted(old.trimmingCharacters(in: .whitespaces)))' "
                    + "now '\(OpsComparison.quoted(now.trimmingCharacters(in: .whitespaces)))'"
            }
        }
        return "\(file) changed"
    }
}

/// The diff image of a page: the golden faded to light grey, changed pixels in red and
/// anti-aliasing differences (not counted) in yellow, as pixelmatch draws it.
public enum DiffImage {
    public static func rgba(golden: PageRaster, difference: PixelDifference) -> [UInt8] {
        var output = [UInt8](repeating: 255, count: golden.width * golden.height * 4)
        for index in 0..<golden.width * golden.height {
            let i = index * 4
            switch difference.mask.isEmpty ? 0 : difference.mask[index] {
            case 1: (output[i], output[i + 1], output[i + 2]) = (230, 0, 0)
            case 2: (output[i], output[i + 1], output[i + 2]) = (255, 200, 0)
            default:
                let pixel =
                    UInt32(golden.rgba[i]) | UInt32(golden.rgba[i + 1]) << 8 | UInt32(golden.rgba[i + 2]) << 16
                    | UInt32(golden.rgba[i + 3]) << 24
                let luma = PixelComparison.yiq(pixel).y
                let faded = UInt8(max(0, min(255, 255 + (luma - 255) * 0.15)))
                (output[i], output[i + 1], output[i + 2]) = (faded, faded, faded)
            }
        }
        return output
    }

    public static func png(golden: PageRaster, new: PageRaster, difference: PixelDifference) throws -> Data {
        guard golden.width == new.width, golden.height == new.height, !difference.mask.isEmpty else {
            // Sizes differ: the new page in red over nothing.
            var output = [UInt8](repeating: 255, count: new.width * new.height * 4)
            for index in stride(from: 0, to: output.count, by: 4) {
                output[index + 1] = 180
                output[index + 2] = 180
            }
            return try PageImageFile.png(width: new.width, height: new.height, rgba: output)
        }
        return try PageImageFile.png(
            width: golden.width, height: golden.height, rgba: rgba(golden: golden, difference: difference))
    }
}
