import Foundation
import InvoiGolden
import Testing

/// `invoi golden verify --report DIR`: a page that opens offline, shows the three images side
/// by side with the explanations, and escapes what the invoices say.
@Suite struct GoldenReportTests {
    static let chromium = "/usr/bin/chromium"

    /// A report of one changed invoice whose new text is markup.
    static func report() throws -> (TemporaryDirectory, InvoiProcess.Result) {
        let directory = try TemporaryDirectory()
        let invoice = directory.url.appendingPathComponent("bills/acme.json")
        try FileManager.default.createDirectory(
            at: invoice.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: GoldenCommandTests.goldens.appendingPathComponent("sample/invoice.json"), to: invoice)
        #expect(try directory.boundedRun(["golden", "record", "bills"]).status == 0)
        try GoldenCommandTests.edit(directory, "acme") { invoice in
            invoice["toName"] = "<img src=x onerror=alert(1)> & Co"
            invoice["accentColor"] = "#C62828"
        }
        let verify = try directory.boundedRun(["golden", "verify", "--report", "report", "bills"])
        return (directory, verify)
    }

    /// Every `src` and `href` of the page (values as written, entities undone).
    static func references(in html: String) -> [String] {
        var found: [String] = []
        for attribute in ["src=\"", "href=\""] {
            var rest = html[...]
            while let start = rest.range(of: attribute) {
                let tail = rest[start.upperBound...]
                guard let end = tail.firstIndex(of: "\"") else { break }
                found.append(String(tail[..<end]).replacingOccurrences(of: "&amp;", with: "&"))
                rest = tail[end...]
            }
        }
        return found
    }

    @Test func theReportIsSelfContainedAndEscaped() throws {
        let (directory, verify) = try Self.report()
        #expect(verify.status == 1, "\(verify.standardError)")
        let html = try directory.contents(of: "report/index.html")
        let references = Self.references(in: html)
        // Three images of the one changed page, each also a link; the list links to the case.
        #expect(references.filter { $0.hasSuffix(".png") }.count == 6)
        for reference in references {
            #expect(!reference.contains(":"), "\(reference) is not a file beside the report")
            if reference.hasPrefix("#") {
                #expect(html.contains("id=\"\(reference.dropFirst())\""), "\(reference) names no section")
            } else {
                let file = directory.url.appendingPathComponent("report/\(reference)")
                #expect(FileManager.default.fileExists(atPath: file.path), "\(reference) does not exist")
                #expect((try? PageRaster(png: Data(contentsOf: file))) != nil, "\(reference) is not a PNG")
            }
        }
        #expect(!html.contains("<script"))
        #expect(!html.contains("<img src=x"))
        #expect(html.contains("&lt;img src=x onerror=alert(1)&gt; &amp; Co"))
        #expect(html.contains("now #C62828"))
    }

    /// The page as headless Chromium draws it: the explanations and three page images side by
    /// side, the diff image's red among them. Chromium is installed by tools/setup (CI has it).
    @Test(
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: chromium), "chromium is not installed: run tools/setup"))
    func chromiumShowsTheThreeImagesAndTheExplanations() throws {
        let (directory, verify) = try Self.report()
        #expect(verify.status == 1)
        let index = directory.url.appendingPathComponent("report/index.html").path
        // No network: the page and its images are files; the proxy setting makes any fetch fail.
        let run = try directory.shell(
            "\(Self.chromium) --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run "
                + "--proxy-server=127.0.0.1:9 --user-data-dir=\"$PWD/chromium-profile\" --window-size=1400,1400 "
                + "--screenshot=\"$PWD/shot.png\" \"file://\(index)\"",
            killedAfter: 90)
        #expect(run.status == 0, "\(run.standardError)")
        let shot = try PageRaster(png: Data(contentsOf: directory.url.appendingPathComponent("shot.png")))
        #expect(shot.width == 1400)
        var red = 0, dark = 0
        var columnsWithPage = Set<Int>()
        for y in 0..<shot.height {
            for x in 0..<shot.width {
                let i = (y * shot.width + x) * 4
                let (r, g, b) = (Int(shot.rgba[i]), Int(shot.rgba[i + 1]), Int(shot.rgba[i + 2]))
                if r > 180 && g < 80 && b < 80 { red += 1 }
                if r < 90 && g < 90 && b < 90 {
                    dark += 1
                    // Page text below the explanations falls into the three columns of images.
                    if y > 400 { columnsWithPage.insert(x * 3 / shot.width) }
                }
            }
        }
        #expect(red > 200, "the diff image's changed pixels (red) are not on the screenshot")
        #expect(dark > 5000, "no text on the screenshot")
        #expect(columnsWithPage == [0, 1, 2], "the three images are not side by side")
    }
}
