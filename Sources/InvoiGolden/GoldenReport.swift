import Foundation
import InvoiCharacters

/// `--report DIR`: per changed page the golden, the new page and the diff image, and one
/// `index.html` that shows them side by side with the explanations. The page is plain HTML
/// with its style inline: no scripts, nothing fetched, every link a file beside it.
public struct GoldenReport: Sendable {
    public var directory: String

    public init(directory: String) {
        self.directory = directory
    }

    /// Writes the report of `results` (the cases that are not the same) and returns the path
    /// of index.html. The images of an earlier report in the folder (`images/case-…png`, the
    /// names it writes) are removed; nothing else in the folder is touched.
    public func write(_ results: [CaseResult], verified: Int) throws(GoldenFailure) -> String {
        let manager = FileManager.default
        let images = directory + "/images"
        do {
            try manager.createDirectory(atPath: images, withIntermediateDirectories: true)
            for file in (try? manager.contentsOfDirectory(atPath: images)) ?? []
            where file.hasPrefix("case-") && file.hasSuffix(".png") {
                try? manager.removeItem(atPath: images + "/" + file)
            }
        } catch {
            throw GoldenFailure(.cannotWrite, "\(directory): cannot be written (\(GoldenCase.reason(error)))")
        }
        let listed = results.filter { $0.status != .same }
        var body = ""
        for (index, result) in listed.enumerated() {
            let anchor = "case-\(index + 1)"
            body +=
                "<section id=\"\(anchor)\">\n<h2>\(Self.escaped(result.name)) <span class=\"\(result.status.rawValue)\">"
            body += "\(result.status.rawValue)</span></h2>\n<ul>\n"
            for change in result.changes { body += "<li>\(Self.escaped(change))</li>\n" }
            body += "</ul>\n"
            for page in result.pages {
                body += "<h3>Page \(page.number)</h3>\n<div class=\"row\">\n"
                for (kind, data) in [("golden", page.golden), ("new", page.new), ("diff", page.diff)] {
                    let file = "images/\(anchor)-page-\(page.number)-\(kind).png"
                    if let data {
                        do {
                            try data.write(to: URL(fileURLWithPath: directory + "/" + file))
                        } catch {
                            throw GoldenFailure(.cannotWrite, "\(directory)/\(file): cannot be written")
                        }
                        body +=
                            "<figure><a href=\"\(file)\"><img src=\"\(file)\" alt=\"\(kind) page \(page.number)\"></a>"
                        body += "<figcaption>\(Self.caption(kind))</figcaption></figure>\n"
                    } else {
                        body +=
                            "<figure class=\"none\"><div>no such page</div><figcaption>\(Self.caption(kind))</figcaption></figure>\n"
                    }
                }
                body += "</div>\n"
            }
            body += "</section>\n"
        }
        var contents = ""
        for (index, result) in listed.enumerated() {
            contents +=
                "<li><a href=\"#case-\(index + 1)\">\(Self.escaped(result.name))</a> — \(result.status.rawValue)</li>\n"
        }
        let changed = results.filter { $0.status == .changed }.count
        let html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>invoi golden report</title>
            <style>
            body { font-family: sans-serif; margin: 1.5em; color: #222; }
            h2 { border-top: 1px solid #ccc; padding-top: 0.8em; font-size: 1.2em; }
            h2 span { font-size: 0.75em; padding: 0.1em 0.5em; border-radius: 0.3em; color: #fff; background: #888; }
            h2 span.changed { background: #c62828; } h2 span.missing { background: #ef6c00; }
            h2 span.error { background: #6a1b9a; } h2 span.orphaned { background: #455a64; }
            .row { display: flex; gap: 1em; align-items: flex-start; }
            figure { margin: 0; flex: 1; min-width: 0; }
            figure img { width: 100%; border: 1px solid #bbb; }
            figure.none div { border: 1px dashed #bbb; padding: 3em 0; text-align: center; color: #888; }
            figcaption { text-align: center; font-size: 0.9em; color: #555; }
            </style>
            </head>
            <body>
            <h1>invoi golden report</h1>
            <p>\(verified) cases verified, \(changed) changed, \(listed.count - changed) missing, orphaned or in error. \
            Diff images: the golden faded, changed pixels red, anti-aliasing differences (not counted) yellow.</p>
            <ul>
            \(contents)</ul>
            \(body)</body>
            </html>

            """
        let index = directory + "/index.html"
        do {
            try Data(html.utf8).write(to: URL(fileURLWithPath: index), options: .atomic)
        } catch {
            throw GoldenFailure(.cannotWrite, "\(index): cannot be written (\(GoldenCase.reason(error)))")
        }
        return index
    }

    static func caption(_ kind: String) -> String {
        switch kind {
        case "golden": "golden"
        case "new": "new render"
        default: "difference"
        }
    }

    /// Text for HTML: markup characters as entities, control characters (but line breaks) as U+FFFD.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if let entity = XMLEscaping.entity(for: scalar.value, in: .anywhere) {
                result += entity.description
            } else if scalar.properties.generalCategory == .control && scalar != "\n" {
                result += "\u{FFFD}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
