import ArgumentParser
import Foundation
import Testing

@testable import InvoiCLI

/// `invoi render …` read by RenderCommandLine must mean exactly what ArgumentParser's full
/// command tree makes of it, and whatever the reader is not sure of must go to ArgumentParser.
@Suite struct RenderCommandLineTests {
    /// What a command line means: the request and its inputs, read by the reader or by
    /// ArgumentParser (`invoi render …` through the whole tree, as with the speedups off).
    struct Reading: Equatable, CustomStringConvertible {
        var request: RenderRequest
        var inputs: [String]
        var description: String { "\(request) \(inputs)" }
    }

    static func read(_ arguments: [String]) -> Reading? {
        RenderCommandLine(ArgumentVector(copying: arguments), from: 0).map {
            Reading(request: $0.request, inputs: $0.inputs.strings)
        }
    }

    static func parsed(_ arguments: [String]) throws -> Reading {
        let command = try #require(try InvoiCommand.parseAsRoot(["render"] + arguments) as? RenderCommand)
        return Reading(request: command.request, inputs: command.inputs)
    }

    /// A value each option accepts (with `--sample` and without other options).
    static let values: [RenderCommandLine.Name: [String]] = [
        .format: ["pdf", "png", "svg", "txt", "ops", "cii", "ubl", "facturx", "json"],
        .output: ["out.pdf", "-", "out.svg", "out"], .outDirectory: ["out", "-"],
        .paper: ["a4", "letter"], .dpi: ["300", "72.5", "1e2", "600"], .width: ["80", "1000"],
        .color: ["auto", "always", "never"], .accent: ["#0F766E", "green"], .language: ["de", "pt-BR", "he"],
        .locale: ["de-CH", "fr"], .digits: ["latin", "native"], .bidi: ["visual", "terminal"],
        .copyMark: ["copy", "original", "certified-copy"], .font: ["Inter", "DejaVu Sans"], .jobs: ["1", "256"],
        .signKeystore: ["id.p12"], .pdfStandard: ["ua-1", "a-3b,ua-1"], .naming: ["invoice", "input"],
        .theme: ["band", "brand.json", "themes/a b.JSON"], .design: ["classic", "compact", "band", "letter"],
        .extractAttachments: ["attachments", "a b/c"],
    ]

    /// Every option alone (both spellings), and the ones that need company.
    static let commandLines: [[String]] = {
        var lines: [[String]] = []
        for (name, values) in values {
            for value in values {
                lines.append(["--sample", name.rawValue, value])
                lines.append(["--sample", "\(name.rawValue)=\(value)"])
            }
        }
        lines += [
            ["--sample", "-o", "x.png"], ["-o", "-", "--sample"], ["-o", "a b.txt", "in.json"],
            ["--sample", "--format", "cii", "--profile", "xrechnung"],
            ["--sample", "--format=facturx", "--profile=basic"],
            ["--sample", "--format=ubl", "--profile=peppol"],
            ["--sample", "--sign-key", "k.pem", "--sign-cert", "c.pem", "--sign-chain", "chain.pem"],
            ["--sample", "--sign-key=k.pem", "--sign-cert=c.pem", "--sign-password-file=pw"],
            ["--sample", "--sign", "id.p12", "--sign-password-file", "pw", "--format", "facturx"],
            ["--sample", "--untagged"], ["--sample", "--untagged", "--pdf-standard", "a-3b"],
            ["--jsonl"], ["--jsonl", "lines.jsonl", "--jobs", "2"], ["-"], ["-", "a.json", "-"],
            ["a.json", "--format", "svg", "b.json", "--dpi", "144", "c.json", "d.json", "-"],
            ["help"], ["a=b.json"], ["--out-dir", "dir", "a.json", "b.json"],
            ["--locale=de-DE", "--language=de", "--digits=native", "x.json", "--accent=#FFFFFF"],
            ["--font", "Noto Sans", "--copy-mark", "copy", "--paper", "letter", "--bidi", "terminal", "i.json"],
            ["--sample", "--output=-", "--format=txt", "--width=20", "--color=always"],
        ]
        return lines
    }()

    @Test(arguments: commandLines)
    func readsAsArgumentParserParses(arguments: [String]) throws {
        let read = try #require(Self.read(arguments), "\(arguments) went to ArgumentParser")
        #expect(read == (try Self.parsed(arguments)))
    }

    @Test(arguments: [
        [],  // a validation error: no input
        ["--help"], ["-h"], ["-help"], ["--sample", "--help"], ["--version"], ["--experimental-dump-help"],
        ["--generate-completion-script", "bash"], ["---completion", "--", "render"],
        ["--sample", "--"], ["--", "a.json"],
        ["--sample", "--format", "pdf", "--format", "png"], ["--sample", "-o", "a.pdf", "--output", "b.pdf"],
        ["--sample", "--sample"], ["--sample=true"], ["--sample", "--jsonl=1"],
        ["--sample", "-o"], ["--sample", "--format"], ["--sample", "-o", "-x.pdf"], ["--sample", "-o", "--jsonl"],
        ["--sample", "-o=x.pdf"], ["--sample", "-ox.pdf"], ["--sample", "--output="], ["--sample", "--font", ""],
        ["", "--sample"], ["a.json", ""],
        ["--sample", "--format", "doc"], ["--sample", "--format", "PDF"], ["--sample", "--dpi", "a lot"],
        ["--sample", "--width", "-5"], ["--sample", "--jobs", "two"], ["--sample", "--paper", "a5"],
        ["--sample", "--design", "bnad"], ["--sample", "--theme", "brand"], ["--sample", "--theme", "brand.yaml"],
        ["--sample", "--dpi", "5"], ["a.json", "--jobs", "0"], ["--sample", "-o", "a.pdf", "--out-dir", "d"],
        ["--sample", "--language", "xx-unknown"], ["--sample", "--accent", "mauve-ish"],
        ["--sample", "--sign-key", "k.pem"], ["--sample", "--sign", "id.p12", "--format", "svg"],
        ["--sample", "--pdf-standard", "ua-1", "--untagged"], ["--sample", "-o", "x.doc"],
        ["--bogus"], ["--sample", "-x"], ["--Sample"], ["-sample"], ["---sample"],
    ])
    func goesToArgumentParserWhenNotSure(arguments: [String]) {
        #expect(Self.read(arguments) == nil)
    }

    /// The reader knows every option of render's definition, and which are flags: a new
    /// option must be taught to it (until then, a command line using it goes to ArgumentParser).
    @Test func knowsEveryOptionOfTheDefinition() throws {
        let dump = try #require(
            try JSONSerialization.jsonObject(with: Data(RenderCommand._dumpHelp().utf8)) as? [String: Any])
        let command = try #require(dump["command"] as? [String: Any])
        let arguments = try #require(command["arguments"] as? [[String: Any]])
        var options: [String: Bool] = [:]  // spelling → is a flag
        for argument in arguments {
            let kind = argument["kind"] as? String
            guard kind == "option" || kind == "flag" else { continue }
            for name in argument["names"] as? [[String: Any]] ?? [] {
                guard let spelling = name["name"] as? String, !["help", "h", "version"].contains(spelling) else {
                    continue
                }
                options[(name["kind"] as? String == "short" ? "-" : "--") + spelling] = kind == "flag"
            }
        }
        var known: [String: Bool] = ["-o": false]
        for name in RenderCommandLine.Name.allCases { known[name.rawValue] = name.isFlag }
        #expect(known == options)
    }

    /// Command lines made of the pieces a user could type, in many orders: whenever the
    /// reader takes one, ArgumentParser must parse it to the same request and inputs.
    @Test func agreesOnMixedCommandLines() throws {
        let pieces: [[String]] = [
            ["--sample"], ["--jsonl"], ["--untagged"], ["-"], ["--"], [""], ["a.json"], ["b c.json"], ["help"],
            ["-o", "out.pdf"], ["-o", "-"], ["-o"], ["--output=x.svg"], ["--out-dir", "d"], ["--format", "txt"],
            ["--format=png"], ["--format", "cii"], ["--profile", "xrechnung"], ["--dpi", "300"], ["--dpi=9"],
            ["--width", "90"], ["--jobs", "3"], ["--color", "never"], ["--paper=letter"], ["--accent", "#123456"],
            ["--language", "fr"], ["--locale", "de-CH"], ["--digits", "native"], ["--bidi", "terminal"],
            ["--copy-mark", "copy"], ["--font", "Inter"], ["--sign", "k.p12"], ["--sign-key", "k.pem"],
            ["--sign-cert", "c.pem"], ["--pdf-standard", "ua-1"], ["--bogus"], ["-h"], ["--format", "-"],
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var taken = 0
        for _ in 0..<800 {
            let arguments = (0..<(1 + next(5))).flatMap { _ in pieces[next(pieces.count)] }
            guard let read = Self.read(arguments) else { continue }
            taken += 1
            #expect(read == (try Self.parsed(arguments)), "\(arguments)")
        }
        #expect(taken > 100, "the reader took only \(taken) of 800")
    }
}
