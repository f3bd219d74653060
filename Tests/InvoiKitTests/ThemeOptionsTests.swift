import Foundation
import InvoiKit
import Testing

/// `RenderOptions.theme` and `.design`, and an invoice's own theme file, through the library.
struct ThemeOptionsTests {
    private static let shared = Result { () throws(InvoiError) in try InvoiceRenderer() }

    @Test func aThemesLabelsAndPaperReachTheRender() throws {
        let renderer = try Self.shared.get()
        let theme = try ThemeDecoder().decode(
            Data(#"{"version": 1, "labels": {"total": "Grand total"}, "paper": "letter"}"#.utf8), file: "brand.json"
        ).theme
        var options = RenderOptions(format: .txt, columns: 100)
        options.theme = theme
        options.design = .compact
        let text = String(decoding: try renderer.render(.sample, options: options).files[0].bytes, as: UTF8.self)
        #expect(text.contains("Grand total"))
        options.format = .ops
        let letter = String(decoding: try renderer.render(.sample, options: options).files[0].bytes, as: UTF8.self)
        #expect(letter.contains(#""size": [612, 792]"#))
        options.paperIsGiven = true
        let a4 = String(decoding: try renderer.render(.sample, options: options).files[0].bytes, as: UTF8.self)
        #expect(a4.contains(#""size": [595.28, 841.89]"#))
    }

    @Test func anInvoicesThemeFileIsReadFromTheLogoDirectory() throws {
        let renderer = try Self.shared.get()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("invoi-kit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(#"{"version": 1, "labels": {"total": "Summe"}}"#.utf8).write(
            to: directory.appendingPathComponent("t.json"))
        try Data(#"{"version": 1, "size": 1}"#.utf8).write(to: directory.appendingPathComponent("bad.json"))
        let rendered = try renderer.render(
            json: Data(#"{"theme": "t.json"}"#.utf8), options: RenderOptions(format: .txt), logoDirectory: directory)
        #expect(String(decoding: rendered.files[0].bytes, as: UTF8.self).contains("Summe"))
        #expect {
            _ = try renderer.render(
                json: Data(#"{"theme": "bad.json"}"#.utf8), options: RenderOptions(format: .txt),
                logoDirectory: directory)
        } throws: { error in
            guard case .invalidInvoice(let problems) = error as? InvoiError else { return false }
            return problems.map(\.path) == ["theme"]
                && problems.map(\.message) == [
                    "\(directory.path)/bad.json: size: the body size is from 8 to 14 pt, got 1"
                ]
        }
    }
}
