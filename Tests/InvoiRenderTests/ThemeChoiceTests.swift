import Foundation
import InvoiDocument
import InvoiModel
import Testing

@testable import InvoiRender

/// How a render's theme is chosen: `--design` over the invoice's `design` over the theme's;
/// `--theme` over the invoice's `theme`; the theme's paper unless the paper was given; each
/// theme file read once.
@Suite struct ThemeChoiceTests {
    private static let base = RenderSettings(format: .pdf, paper: .a4)

    private static func theme(design: DesignName? = nil, paper: Theme.Paper? = nil) -> Theme {
        var theme = Theme()
        theme.design = design
        theme.paper = paper
        return theme
    }

    private static func resolved(_ choice: ThemeChoice, _ invoice: Invoice) throws -> RenderSettings {
        try choice.settings(base, for: invoice, files: ThemeFiles()).settings
    }

    @Test func noThemeLeavesTheLayoutAsItWas() throws {
        let settings = try Self.resolved(ThemeChoice(), .sample)
        #expect(settings.theme == nil)
        #expect(settings.paper == .a4)
    }

    @Test func theDesignsPrecedence() throws {
        var invoice = Invoice.sample
        #expect(try Self.resolved(ThemeChoice(theme: Self.theme()), invoice).theme?.design == .classic)
        #expect(try Self.resolved(ThemeChoice(theme: Self.theme(design: .band)), invoice).theme?.design == .band)
        invoice.design = .compact
        #expect(try Self.resolved(ThemeChoice(), invoice).theme?.design == .compact)
        #expect(try Self.resolved(ThemeChoice(theme: Self.theme(design: .band)), invoice).theme?.design == .compact)
        #expect(
            try Self.resolved(ThemeChoice(theme: Self.theme(design: .band), design: .letter), invoice).theme?.design
                == .letter)
        invoice.design = nil
        invoice.theme = .design(.band)
        #expect(try Self.resolved(ThemeChoice(), invoice).theme?.design == .band)
        #expect(try Self.resolved(ThemeChoice(design: .letter), invoice).theme?.design == .letter)
    }

    @Test func theOptionsThemeWinsAndTheInvoicesFileIsThenNotRead() throws {
        var invoice = Invoice.sample
        invoice.theme = .file("/nonexistent/brand.json")
        let files = ThemeFiles()
        let settings = try ThemeChoice(theme: Self.theme(design: .compact)).settings(
            Self.base, for: invoice, files: files
        )
        .settings
        #expect(settings.theme?.design == .compact)
        #expect(files.readCount == 0)
        #expect(throws: ThemeFileError.self) { try ThemeChoice().settings(Self.base, for: invoice, files: files) }
    }

    @Test func aThemesPaperUnlessThePaperIsGiven() throws {
        let letter = Self.theme(paper: .letter)
        let themed = try Self.resolved(ThemeChoice(theme: letter), .sample)
        #expect(themed.paper == .letter)
        #expect(themed.theme?.paper == .letter)
        let given = try Self.resolved(ThemeChoice(theme: letter, paperIsGiven: true), .sample)
        #expect(given.paper == .a4)
        // The layout is told the paper it is laid out on.
        #expect(given.theme?.paper == .a4)
    }

    @Test func aFileIsReadOnceAndKept() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "invoi-themes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("brand.json").path
        try Data(#"{"version": 1, "design": "band", "labels": {"total": " "}}"#.utf8).write(
            to: URL(fileURLWithPath: path))
        var invoice = Invoice.sample
        invoice.theme = .file(path)
        let files = ThemeFiles()
        let first = try ThemeChoice().settings(Self.base, for: invoice, files: files)
        #expect(first.settings.theme?.design == .band)
        #expect(first.warnings.count == 1)
        try FileManager.default.removeItem(atPath: path)
        let second = try ThemeChoice().settings(Self.base, for: invoice, files: files)
        #expect(second.settings.theme == first.settings.theme)
        #expect(second.warnings.isEmpty)
        #expect(files.readCount == 1)
        // A new batch reads anew.
        #expect(throws: ThemeFileError.self) {
            try ThemeChoice().settings(Self.base, for: invoice, files: ThemeFiles())
        }
    }

    @Test func aFileThatIsNoThemeIsInvalidAndAMissingOneUnreadable() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "invoi-themes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let bad = directory.appendingPathComponent("bad.json").path
        try Data(#"{"version": 1, "size": 2}"#.utf8).write(to: URL(fileURLWithPath: bad))
        do {
            _ = try ThemeFiles().theme(at: bad)
            Issue.record("accepted")
        } catch {
            guard case .invalid(let invalid) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(invalid.errors.map(\.message) == ["the body size is from 8 to 14 pt, got 2"])
        }
        do {
            _ = try ThemeFiles().theme(at: directory.path)
            Issue.record("accepted")
        } catch {
            guard case .unreadable(_, let reason) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(reason == "is a directory, not a theme file")
        }
        // /dev/zero ends at the size limit, not with all the memory.
        do {
            _ = try ThemeFiles().theme(at: "/dev/zero")
            Issue.record("accepted")
        } catch {
            guard case .unreadable(_, let reason) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(reason == "is not a regular file, not a theme file")
        }
    }
}
