import Foundation

/// The fuzz targets. Each takes any bytes and must only accept or refuse
/// them: a crash, a hang, unbounded memory or a broken promise (`FuzzCheck`) is a finding.
/// tools/fuzz builds one executable per target with libFuzzer; in a normal build the same
/// executables replay files, and the regression tests replay every kept finding.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// Invoice JSON decoding and validation (`InvoiceDecoder`), with its messages.
    case json
    /// Decoding, then layout of a valid invoice with fixed advances, then its text preview.
    case layout
    /// The SVG logo sanitiser (`LogoDecoder` on SVG bytes).
    case svg
    /// The text preview (`TerminalBackend`) of a document built from the bytes, 20…1000 columns.
    case txt
    /// Theme file decoding (`ThemeDecoder`), with its messages, and the theme written back.
    case theme
    /// A received e-invoice's XML: parsed (`XMLDocument`), written back and parsed again, then
    /// read as an invoice (`EInvoiceReader`).
    case xml

    public enum Verdict: String, Sendable {
        case accepted
        case refused
    }

    public func run(_ bytes: UnsafeRawBufferPointer) -> Verdict {
        run(Data(bytes))
    }

    /// The verdict on `data`; `show`, when given, is handed what the code under test made of
    /// it (messages, the sanitised logo, the preview), for a person reading a finding.
    public func run(_ data: Data, show: ((String) -> Void)? = nil) -> Verdict {
        switch self {
        case .json: JSONDecodingTarget.run(data, show: show)
        case .layout: InvoiceLayoutTarget.run(data, show: show)
        case .svg: SVGSanitizerTarget.run(data, show: show)
        case .txt: TextGridTarget.run(data, show: show)
        case .theme: ThemeDecodingTarget.run(data, show: show)
        case .xml: XMLParsingTarget.run(data, show: show)
        }
    }

    /// The replay of a normal build: `fuzz-NAME [--seconds N] [--show] FILE|DIRECTORY…` runs
    /// the target on each file named (every file in a directory named) and prints its verdict,
    /// with `--show` what was made of the input too. With `--seconds`, an input that takes
    /// longer stops the process (SIGALRM), so that a regression of a hang fails instead of
    /// hanging. Exits 0; 66 when a file cannot be read, 64 for a usage error.
    public func replay(commandLine: [String]) -> Never {
        var arguments = commandLine.dropFirst()
        var seconds: UInt32 = 0
        var shows = false
        while let option = arguments.first, option.hasPrefix("--") {
            arguments.removeFirst()
            switch option {
            case "--seconds":
                guard let limit = arguments.popFirst().flatMap({ UInt32($0) }), limit > 0 else { usage() }
                seconds = limit
            case "--show": shows = true
            default: usage()
            }
        }
        guard !arguments.isEmpty else { usage() }
        var status: Int32 = 0
        for path in arguments.flatMap(Self.files(at:)) {
            guard let data = FileManager.default.contents(atPath: path) else {
                print("\(path): cannot be read")
                status = 66
                continue
            }
            alarm(seconds)
            let verdict = run(data, show: shows ? { print($0) } : nil)
            alarm(0)
            print("\(path): \(verdict.rawValue)")
        }
        exit(status)
    }

    private func usage() -> Never {
        print("usage: fuzz-\(rawValue) [--seconds N] [--show] FILE|DIRECTORY…  (replays inputs; tools/fuzz fuzzes)")
        exit(64)
    }

    private static func files(at path: String) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue,
            let names = try? FileManager.default.contentsOfDirectory(atPath: path)
        else { return [path] }
        return names.filter { !$0.hasPrefix(".") && !$0.hasSuffix(".md") }.sorted().map { path + "/" + $0 }
    }
}

/// A promise of the code under test, checked on every input: a broken one stops the
/// process as a crash would, so that libFuzzer keeps the input.
enum FuzzCheck {
    static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fatalError("fuzz check failed: \(message())") }
    }

    /// Text a terminal may be given, by the classes of InvoiCharacters: no control character
    /// (C0, DEL, C1) and no bidi embedding, override or isolate, which could reorder what
    /// is shown around the text (the marks LRM, RLM and ALM change no embedding level).
    static func isPrintable(_ text: some StringProtocol) -> Bool {
        !text.unicodeScalars.contains { isControl($0) || isBidiFormattingControl($0) }
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control
    }

    static func isBidiFormattingControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }
}
