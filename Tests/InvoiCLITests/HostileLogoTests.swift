import Foundation
import InvoiTestSupport
import Testing

/// Hostile logos through the `invoi` binary: a logo that is no regular file is refused at
/// once (66), a hostile SVG gets the same verdict in every format and in `invoi check`,
/// with one `invoi: error:` line naming the logo and nothing from the libraries, and
/// what is drawn carries no external reference. Every run has a time limit, so that a
/// regression (a FIFO waited on, a filter that runs for minutes) fails instead of hanging.
@Suite struct HostileLogoTests {
    static let formats: [(format: String, file: String)] = [
        ("pdf", "out.pdf"), ("png", "out.png"), ("svg", "out.svg"), ("txt", "out.txt"), ("ops", "out.json"),
    ]

    static func invoice(logo: String) -> String {
        #"{"fromName": "Acme Studio", "invoiceNumber": "INV-1", "issueDate": "2026-03-12", "logo": "\#(logo)", "#
            + #""lineItems": [{"description": "Design", "quantity": 2, "rate": 150}]}"#
    }

    static let open = #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 40">"#

    /// Words that only GLib, Pango, librsvg or a Rust panic would print.
    static let libraryWords = ["GLib", "Pango", "GdkPixbuf", "rsvg", "CRITICAL", "WARNING", "panicked", "**"]

    /// The verdict of `render` in each format and of `check`, for an invoice whose logo is `logo`.
    private func verdicts(logo: String, in directory: TemporaryDirectory) throws -> [(String, TimedRun.Result)] {
        try directory.write(Self.invoice(logo: logo), to: "acme.json")
        var runs: [(String, TimedRun.Result)] = []
        for (format, file) in Self.formats {
            runs.append(
                (format, try TimedRun.invoi(["render", "acme.json", "--format", format, "-o", file], in: directory)))
        }
        runs.append(("check", try TimedRun.invoi(["check", "acme.json"], in: directory)))
        return runs
    }

    private func expectRefusal(
        _ runs: [(String, TimedRun.Result)], status: Int32, logoPath: String, reason: String,
        in directory: TemporaryDirectory, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let expectedStart = "invoi: error: acme.json: logo: \(logoPath): "
        let first = runs.first?.1.errorLines ?? []
        for (label, run) in runs {
            #expect(!run.timedOut, "\(label): still running after the time limit", sourceLocation: sourceLocation)
            #expect(run.status == status, "\(label): \(run.standardError)", sourceLocation: sourceLocation)
            #expect(run.errorLines.count == 1, "\(label): \(run.errorLines)", sourceLocation: sourceLocation)
            let line = run.errorLines.first ?? ""
            #expect(
                line.hasPrefix(expectedStart) && line.contains(reason), "\(label): \(line)",
                sourceLocation: sourceLocation)
            #expect(run.errorLines == first, "\(label): the same message as pdf", sourceLocation: sourceLocation)
            for word in Self.libraryWords {
                #expect(!run.standardError.contains(word), "\(label): \(word) in \(run.standardError)")
            }
        }
        let written = try directory.entries().filter { $0.hasPrefix("out") }
        #expect(written.isEmpty, "nothing written: \(written)", sourceLocation: sourceLocation)
    }

    // MARK: Files that are no regular file

    @Test(arguments: ["fifo", "directory", "device"])
    func aLogoThatIsNoRegularFileExits66AtOnce(kind: String) throws {
        let directory = try TemporaryDirectory()
        let path = directory.url.appendingPathComponent("logo.png").path
        switch kind {
        case "fifo":
            try #require(mkfifo(path, 0o600) == 0)
        case "directory":
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        default:
            // A private node like /dev/zero, in the test's own directory: only root may make one.
            guard getuid() == 0 else { return }
            try #require(mknod(path, S_IFCHR | 0o600, dev_t(1 << 8 | 5)) == 0)
        }
        let reason = kind == "directory" ? "cannot be read (it is a directory)" : "cannot be read (not a regular file"
        let runs = try verdicts(logo: "logo.png", in: directory)
        let shownPath = directory.url.resolvingSymlinksInPath().path + "/logo.png"
        let alternative = directory.url.path + "/logo.png"
        try expectRefusal(
            runs, status: 66,
            logoPath: runs.first?.1.standardError.contains(shownPath) == true ? shownPath : alternative,
            reason: reason, in: directory)
    }

    // MARK: Hostile SVGs

    static let useBomb: String = {
        var svg = open + #"<defs><rect id="a0" width="1" height="1"/>"#
        for level in 1...11 {
            svg += #"<g id="a\#(level)">"# + String(repeating: ##"<use href="#a\##(level - 1)"/>"##, count: 10) + "</g>"
        }
        return svg + ##"</defs><use href="#a11"/></svg>"##
    }()

    static let turbulence: String =
        open + ##"<filter id="f"><feTurbulence baseFrequency="0.05" numOctaves="100000"/></filter>"##
        + ##"<rect width="100" height="40" filter="url(#f)"/></svg>"##
    static let text: String =
        open + #"<text x="0" y="30" font-size="1e10">Acme<tspan font-size="-5">!</tspan></text></svg>"#
    static let pattern: String = open + ##"<pattern id="p" width="1" height="1"/><rect fill="url(#p)"/></svg>"##
    static let feImage: String =
        open + ##"<filter id="f"><feImage href="file:///etc/passwd"/></filter><rect filter="url(#f)"/></svg>"##
    static let deep: String =
        open + String(repeating: "<g>", count: 300) + String(repeating: "</g>", count: 300) + "</svg>"
    static let maskBomb: String =
        open + #"<mask id="m">"# + String(repeating: ##"<rect width="9" height="9" fill="#fff"/>"##, count: 500)
        + "</mask>" + String(repeating: ##"<rect width="9" height="9" mask="url(#m)"/>"##, count: 500) + "</svg>"

    static let refused: [(name: String, svg: String, reason: String)] = [
        ("use-bomb", useBomb, "would take too long to draw"),
        ("turbulence", turbulence, #"numOctaves="100000""#),
        ("text", text, "convert the text to paths"),
        ("pattern", pattern, "<pattern>"),
        ("feImage", feImage, "<feImage>"),
        ("deep", deep, "too complex"),
        ("mask-bomb", maskBomb, "would take too long to draw"),
    ]

    @Test(arguments: refused.indices)
    func aHostileSVGIsRefusedWith65InEveryFormat(index: Int) throws {
        let (name, svg, reason) = Self.refused[index]
        let directory = try TemporaryDirectory()
        try directory.write(svg, to: "\(name).svg")
        let runs = try verdicts(logo: "\(name).svg", in: directory)
        let resolved = directory.url.resolvingSymlinksInPath().path + "/\(name).svg"
        let shown =
            runs.first?.1.standardError.contains(resolved) == true ? resolved : directory.url.path + "/\(name).svg"
        try expectRefusal(runs, status: 65, logoPath: shown, reason: reason, in: directory)
    }

    /// A PNG whose header claims 30 000 × 30 000 pixels: refused before it is decompressed.
    @Test func aDecompressionBombPNGIsRefusedWith65InEveryFormat() throws {
        var png = Data(
            base64Encoded:
                "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAEUlEQVR4nGOwbvr2H4QZYAwAW5oKySiUrEcAAAAASUVORK5CYII=")!
        png.replaceSubrange(16..<24, with: [0, 0, 0x75, 0x30, 0, 0, 0x75, 0x30])
        let directory = try TemporaryDirectory()
        try png.write(to: directory.url.appendingPathComponent("bomb.png"))
        let runs = try verdicts(logo: "bomb.png", in: directory)
        let resolved = directory.url.resolvingSymlinksInPath().path + "/bomb.png"
        let shown = runs.first?.1.standardError.contains(resolved) == true ? resolved : directory.url.path + "/bomb.png"
        try expectRefusal(runs, status: 65, logoPath: shown, reason: "30000 × 30000 pixels", in: directory)
    }

    /// What is left of a hostile SVG is drawn in every format, and the page's SVG carries
    /// no external reference, script or foreign content from it.
    @Test func aSanitisedLogoCarriesNoExternalReference() throws {
        let directory = try TemporaryDirectory()
        let svg =
            Self.open + #"""
                <foreignObject><iframe xmlns="http://www.w3.org/1999/xhtml" src="http://evil.invalid/frame"/></foreignObject>
                <foreignObject><iframe src="http://evil.invalid/plain"/></foreignObject><iframe src="file:///etc/hosts"/>
                <image src="file:///etc/passwd" data="http://evil.invalid/data" width="10" height="10"/>
                <a href="&#106;avascript:alert(1)"><rect width="10" height="10" fill="\75 rl(http://evil.invalid/a)"/></a>
                <rect width="10" height="10" style="fill: u\rl(http://evil.invalid/b); stroke: #3B82F6"/>
                <style>rect { stroke: \000075rl(file:///etc/shadow) }</style>
                <script>alert(2)</script><rect x="20" width="80" height="40" fill="#10B981"/>
                </svg>
                """#
        try directory.write(svg, to: "logo.svg")
        try directory.write(Self.invoice(logo: "logo.svg"), to: "acme.json")
        for (format, file) in Self.formats {
            let run = try TimedRun.invoi(["render", "acme.json", "--format", format, "-o", file], in: directory)
            #expect(!run.timedOut && run.status == 0, "\(format): \(run.standardError)")
            #expect(run.standardError.isEmpty, "\(format): \(run.standardError)")
        }
        let page = try directory.contents(of: "out.svg")
        let start = try #require(page.range(of: #"id="logo""#))
        let logo = String(page[start.lowerBound...])
        for banned in [
            "evil", "passwd", "shadow", "hosts", "javascript", "script", "iframe", "foreignObject", "\\", "file:",
        ] {
            #expect(!logo.contains(banned), "\(banned) in the page's logo")
        }
        #expect(logo.contains(##"fill="#10B981""##))
    }
}

/// Runs the built `invoi` as `InvoiProcess` does, but kills it when it runs longer than
/// `limit`: a hang is then a failure with a message, not a test run that never ends.
enum TimedRun {
    struct Result {
        var status: Int32
        var standardOutput: String
        var standardError: String
        var timedOut: Bool

        var errorLines: [String] { standardError.split(separator: "\n").map(String.init) }
    }

    static func invoi(
        _ arguments: [String], in directory: TemporaryDirectory, limit: TimeInterval = 120
    ) throws -> Result {
        let scratch = try Tools.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outputFile = scratch.appendingPathComponent("stdout")
        let errorFile = scratch.appendingPathComponent("stderr")
        try Data().write(to: outputFile)
        try Data().write(to: errorFile)
        let output = try FileHandle(forWritingTo: outputFile)
        let errors = try FileHandle(forWritingTo: errorFile)
        defer {
            try? output.close()
            try? errors.close()
        }
        let process = Process()
        process.executableURL = InvoiProcess.executable
        process.arguments = arguments
        process.currentDirectoryURL = directory.url
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errors
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        let timedOut = finished.wait(timeout: .now() + limit) == .timedOut
        if timedOut {
            kill(process.processIdentifier, SIGKILL)
            finished.wait()
        }
        return Result(
            status: process.terminationStatus,
            standardOutput: String(decoding: (try? Data(contentsOf: outputFile)) ?? Data(), as: UTF8.self),
            standardError: String(decoding: (try? Data(contentsOf: errorFile)) ?? Data(), as: UTF8.self),
            timedOut: timedOut)
    }
}
