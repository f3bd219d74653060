import Foundation
import InvoiFuzzTargets
import InvoiTestSupport
import Testing

/// Every input a fuzz target once failed on (Tests/Fuzz/Regressions/TARGET/, kept by
/// tools/fuzz) is replayed by the target's executable of this build, in a process of its
/// own: a crash, a broken promise or a hang (stopped after `hangLimit`) fails the test
/// without stopping the others. Findings not fixed yet wait in Tests/Fuzz/Pending/.
struct FuzzRegressionTests {
    /// Seconds an input may take before the replay counts it as a hang: far above any
    /// fixed input's time in a debug build, so that this is no timing assertion.
    static let hangLimit = 120

    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    struct Input: Sendable, CustomTestStringConvertible {
        var target: FuzzTarget
        var file: URL
        var testDescription: String { "\(target.rawValue)/\(file.lastPathComponent)" }
    }

    static let keptFindings: [Input] = FuzzTarget.allCases.flatMap { target in
        let directory = repository.appendingPathComponent("Tests/Fuzz/Regressions/\(target.rawValue)")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { !$0.hasPrefix(".") && !$0.hasSuffix(".md") }.sorted().map {
            Input(target: target, file: directory.appendingPathComponent($0))
        }
    }

    /// The golden inputs, which every target must accept: the fuzz executables work, and
    /// the seed corpus that tools/fuzz builds from them is valid.
    static let goldenInputs: [Input] = {
        let goldens = repository.appendingPathComponent("Goldens")
        let cases = ((try? FileManager.default.contentsOfDirectory(atPath: goldens.path)) ?? []).sorted()
        return cases.flatMap { name -> [Input] in
            let directory = goldens.appendingPathComponent(name)
            let invoice = directory.appendingPathComponent("invoice.json")
            let logo = directory.appendingPathComponent("logo.svg")
            var inputs = [FuzzTarget.json, .layout].map { Input(target: $0, file: invoice) }
            if FileManager.default.fileExists(atPath: logo.path) { inputs.append(Input(target: .svg, file: logo)) }
            return inputs
        }
    }()

    static func replay(_ input: Input) throws -> Tools.Run {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("fuzz-\(input.target.rawValue)")
        return try Tools.execute(executable, ["--seconds", String(hangLimit), input.file.path])
    }

    @Test(arguments: keptFindings)
    func keptFindingIsHandled(_ input: Input) throws {
        let run = try Self.replay(input)
        #expect(
            run.status == 0,
            "fuzz-\(input.target.rawValue) \(input.file.path) ended with status \(run.status): \(String(decoding: run.standardError.suffix(4000), as: UTF8.self))"
        )
    }

    /// The hand-made seeds of `target` (Tests/Fuzz/Seeds/TARGET/), in name order.
    static func seeds(of target: FuzzTarget) -> [Input] {
        let directory = repository.appendingPathComponent("Tests/Fuzz/Seeds/\(target.rawValue)")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.sorted().map { Input(target: target, file: directory.appendingPathComponent($0)) }
    }

    /// The theme target's seeds: the files `invoi init --theme` writes and one with every key
    /// are accepted, the one with a problem of every kind refused, without a finding.
    static let themeSeeds = seeds(of: .theme)

    @Test(arguments: themeSeeds)
    func themeSeedIsHandled(_ input: Input) throws {
        let run = try Self.replay(input)
        #expect(run.status == 0, "\(String(decoding: run.standardError.suffix(4000), as: UTF8.self))")
        let verdict = input.file.lastPathComponent == "refused.json" ? "refused" : "accepted"
        #expect(String(decoding: run.standardOutput, as: UTF8.self) == "\(input.file.path): \(verdict)\n")
    }

    /// The pdf target's seeds: small hand-made PDFs, the e-invoice found in all but the one
    /// without attachments.
    static let pdfSeeds = seeds(of: .pdf)

    @Test(arguments: pdfSeeds)
    func pdfSeedIsHandled(_ input: Input) throws {
        let run = try Self.replay(input)
        #expect(run.status == 0, "\(String(decoding: run.standardError.suffix(4000), as: UTF8.self))")
        let verdict = input.file.lastPathComponent == "no-attachment.pdf" ? "refused" : "accepted"
        #expect(String(decoding: run.standardOutput, as: UTF8.self) == "\(input.file.path): \(verdict)\n")
    }

    /// The xml target's seeds (a CII and a UBL invoice, markup of every kind) are accepted:
    /// parsed, written back and parsed the same.
    static let xmlSeeds = seeds(of: .xml)

    @Test(arguments: xmlSeeds)
    func xmlSeedIsAccepted(_ input: Input) throws {
        let run = try Self.replay(input)
        #expect(run.status == 0, "\(String(decoding: run.standardError.suffix(4000), as: UTF8.self))")
        #expect(String(decoding: run.standardOutput, as: UTF8.self) == "\(input.file.path): accepted\n")
    }

    @Test(arguments: goldenInputs)
    func goldenInputIsAccepted(_ input: Input) throws {
        let run = try Self.replay(input)
        #expect(run.status == 0, "\(String(decoding: run.standardError.suffix(4000), as: UTF8.self))")
        #expect(String(decoding: run.standardOutput, as: UTF8.self) == "\(input.file.path): accepted\n")
    }

    /// The svg target's own check must fail a sanitised logo that refers outside itself, or
    /// its silence on the findings above would prove nothing; and it must not take a word
    /// inside a fragment reference for an at-rule.
    @Test(arguments: [
        ("<svg><style>@import url(#a); .a { fill: red }</style></svg>", true),
        ("<svg><style>@\\69mport \"x.css\";</style></svg>", true),
        ("<svg><rect style=\"fill: url(file:///etc/passwd)\"/></svg>", true),
        ("<svg><image href=\"http://example.invalid/a.png\"/></svg>", true),
        ("<svg><style>.a { fill: url(#logo-a@import) }</style></svg>", false),
        ("<svg><style>.a { font-family: \"@import\" }</style></svg>", false),
        ("<svg><rect style=\"fill: url(#logo-fade)\"/></svg>", false),
        ("<svg><style>.a[b=\"url('#a-url(file:x)')\"] { fill: red }</style></svg>", false),
        ("<svg><style>.a { fill: url('#a') url(file:x) }</style></svg>", true),
        ("<svg><style>.a { fill: url('#a\\' url(file:x)') }</style></svg>", false),
        ("<svg><style>.a { fill: url('#a\n url(file:x)') }</style></svg>", true),
        ("<svg><style>.a { fill: \\75 rl(file:x) }</style></svg>", true),
        ("<svg><style>.a { fill: url( f\\69le:x ) }</style></svg>", true),
        ("<svg><style>.a { fill: url(#a), url(file:x) }</style></svg>", true),
        ("<svg><style>.a[title=\"x url(file:x) y\"] { fill: red }</style></svg>", false),
        ("<svg><style>.a[title='it\\'s url(file:x)'] { fill: red }</style></svg>", false),
        ("<svg><style>.a[title=\"x\"] { fill: url(file:x) }</style></svg>", true),
        ("<svg><style>/* url(file:x) */ .a { fill: red }</style></svg>", false),
        ("<svg><style>.a[title=\"x\n url(file:x)] { fill: red }</style></svg>", true),
    ])
    func referenceCheckTellsReferencesFromNames(_ source: String, isProblem: Bool) {
        #expect((SVGReferenceCheck.problem(in: source) != nil) == isProblem, "\(source)")
    }
}
