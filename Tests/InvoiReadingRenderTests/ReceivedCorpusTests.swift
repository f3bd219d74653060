import Foundation
import InvoiDocument
import InvoiModel
import InvoiReading
import InvoiRender
import Testing

/// Real e-invoices written by others (the shared corpus: CEN, KoSIT, FeRD/FNFE, Peppol and its
/// international variants, ZUGFeRD 1.0 to Factur-X EXTENDED), never copied into the repository:
/// each is read and rendered in every backend, and its page shows what the file states.
///
/// The page is checked on the draw ops' text, not on the text preview: the ops hold every string
/// exactly as laid out, in logical order, whatever the terminal's width (which cuts and pads the
/// preview's cells) or the backend's encoding; each backend's own fidelity to the ops is the
/// goldens' business.
@Suite(.enabled(if: Corpus.isPresent, "\(Corpus.absence)"))
struct ReceivedCorpusTests {
    static let renderer: Renderer? = try? Renderer(fonts: .fixed)

    /// Every file renders in every backend: pdf, png (72 dpi), svg and txt.
    static let formats: [OutputFormat] = [.pdf, .png, .svg, .txt]

    @Test(arguments: Corpus.files)
    func rendersAndShowsWhatTheFileStates(_ file: String) throws {
        let renderer = try #require(Self.renderer, "fonts of the fixed set are missing: run tools/setup")
        let invoice = try ReceivedFile.read(Corpus.bytes(of: file), name: file)
        let received = try #require(invoice.received, "\(file): read without what it states (received is nil)")
        for format in Self.formats {
            let settings = RenderSettings(
                format: format, output: OutputOptions(dpi: 72, columns: 100, creator: "invoi"),
                creationDate: Date(timeIntervalSince1970: 1_773_273_600))
            let bytes =
                switch try renderer.render(invoice, settings: settings) {
                case .document(let data): data.count
                case .pages(let pages): pages.reduce(0) { $0 + $1.count }
                }
            #expect(bytes > 0, "\(file): \(format.rawValue) wrote nothing")
        }
        let document = try renderer.document(for: invoice, settings: RenderSettings(format: .ops))
        let page = PageText(document)
        let shown = ShownValues(invoice)

        for (term, amount) in [("BT-112", received.totals.taxInclusive), ("BT-115", received.totals.payable)] {
            let text = shown.amount(amount)
            #expect(page.hasOp(containing: text), "\(file): \(term) \(amount) is not on the page as \(text)")
        }
        for (what, value) in [("seller", invoice.fromName), ("buyer", invoice.toName)] {
            #expect(page.hasWords(of: value), "\(file): the \(what)'s name \"\(value)\" is not on the page")
        }
        #expect(
            page.hasOp(containing: invoice.invoiceNumber),
            "\(file): the invoice number \"\(invoice.invoiceNumber)\" is not on the page")
        let issued = shown.date(invoice.issueDate)
        #expect(page.hasOp(containing: issued), "\(file): the issue date is not on the page as \"\(issued)\"")
        if let due = invoice.dueDate {
            let text = shown.date(due)
            #expect(page.hasOp(containing: text), "\(file): the due date is not on the page as \"\(text)\"")
        }

        #expect(
            received.lines.count == invoice.lineItems.count,
            "\(file): \(invoice.lineItems.count) lines but \(received.lines.count) stated")
        for (index, (item, stated)) in zip(invoice.lineItems, received.lines).enumerated() {
            let line = "\(file): line \(index + 1) (\(stated.lineId))"
            #expect(page.hasWords(of: item.description), "\(line): its name \"\(item.description)\" is not on the page")
            let amount = shown.amount(stated.netAmount)
            let quantity = shown.quantity(stated.quantity)
            let rows = page.ops(containing: amount)
            #expect(!rows.isEmpty, "\(line): its net amount \(stated.netAmount) is not on the page as \(amount)")
            // The quantity is in the amount's row: on its baseline, as a word of its own.
            if !rows.isEmpty {
                #expect(
                    rows.contains { page.row(of: $0).contains { PageText.words(of: $0.text).contains(quantity) } },
                    "\(line): its quantity \(stated.quantity) is not in its row as \(quantity)")
            }
        }
    }

    /// How many files needed which fallback, printed as a table; every file is read.
    @Test func fallbacksOverTheCorpus() throws {
        var filesWith: [String: Int] = [:]
        var occurrences: [String: Int] = [:]
        var unreadable: [String] = []
        var disagreeing = 0
        var read = 0
        for file in Corpus.files {
            let invoice: Invoice
            do {
                invoice = try ReceivedFile.read(Corpus.bytes(of: file), name: file)
            } catch {
                unreadable.append("\(error)")
                continue
            }
            read += 1
            guard let received = invoice.received else { continue }
            if !received.disagreements.isEmpty { disagreeing += 1 }
            var kinds = Set<String>()
            for fallback in received.fallbacks {
                let kind = Mirror(reflecting: fallback).children.first?.label ?? "\(fallback)"
                kinds.insert(kind)
                occurrences[kind, default: 0] += 1
            }
            for kind in kinds { filesWith[kind, default: 0] += 1 }
        }
        var table = "reading fallbacks over \(Corpus.files.count) corpus files (\(read) read):\n"
        table += "fallback".padding(toLength: 26, withPad: " ", startingAt: 0) + "  files  occurrences\n"
        for kind in filesWith.keys.sorted() {
            table +=
                kind.padding(toLength: 26, withPad: " ", startingAt: 0)
                + String(filesWith[kind]!).leftPadded(to: 7) + String(occurrences[kind]!).leftPadded(to: 13) + "\n"
        }
        table += "files whose stated figures disagree (BR-CO warnings): \(disagreeing)\n"
        table += "files not read: \(unreadable.count)"
        print(table)
        for problem in unreadable { Issue.record("\(problem)") }
        #expect(Corpus.files.count > 300, "the corpus has \(Corpus.files.count) files, expected its 327")
    }
}

/// The shared corpus, read where it is: `../shared/einvoice-corpus` beside the package, or where
/// INVOI_EINVOICE_CORPUS says (a worktree elsewhere).
enum Corpus {
    static let root: URL = {
        if let path = ProcessInfo.processInfo.environment["INVOI_EINVOICE_CORPUS"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("shared/einvoice-corpus")
    }()

    static var directory: URL { root.appendingPathComponent("FILES") }

    static var isPresent: Bool { !files.isEmpty }

    static var absence: String {
        "the e-invoice corpus is not at \(directory.path) (set INVOI_EINVOICE_CORPUS to its directory)"
    }

    static let files: [String] =
        ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("FILES").path)) ?? [])
        .filter { !$0.hasPrefix(".") }.sorted()

    static func bytes(of file: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent(file)))
    }
}

/// The text of a laid-out document's ops, for finding values on the page.
struct PageText {
    struct Op {
        var text: String
        var page: Int
        var baseline: Double
    }

    let ops: [Op]

    init(_ document: Document) {
        ops = document.pages.enumerated().flatMap { number, page in
            page.textOps.map { Op(text: Self.plain($0.text), page: number, baseline: $0.origin.y) }
        }
    }

    /// Without the bidi isolates and marks that keep values in order inside right-to-left text.
    static func plain(_ text: String) -> String {
        let controls: Set<UInt32> = [0x200E, 0x200F, 0x061C, 0x2066, 0x2067, 0x2068, 0x2069, 0x202A, 0x202B, 0x202C]
        return String(String.UnicodeScalarView(text.unicodeScalars.filter { !controls.contains($0.value) }))
    }

    static func words(of text: String) -> [String] {
        plain(text).split(whereSeparator: { $0.isWhitespace }).map(String.init)
    }

    func ops(containing text: String) -> [Op] {
        let wanted = Self.words(of: text).joined(separator: " ")
        return ops.filter { Self.words(of: $0.text).joined(separator: " ").contains(wanted) }
    }

    func hasOp(containing text: String) -> Bool { !ops(containing: text).isEmpty }

    /// The ops on `op`'s page and baseline.
    func row(of op: Op) -> [Op] {
        ops.filter { $0.page == op.page && abs($0.baseline - op.baseline) < 0.5 }
    }

    /// Whether `text`'s words are on the page in their order. A long value wraps over lines
    /// wherever a line may break: after a space, a hyphen (`Brechsand-Splitt-` / `Gemisch`) or
    /// other punctuation (`Nome#Cognome:` / `Mario#Rossi`), so the ops' text is searched with
    /// its white space taken out, each word after the one before.
    func hasWords(of text: String) -> Bool {
        let wanted = Self.words(of: text)
        guard !wanted.isEmpty else { return true }
        let page = ops.map { Self.words(of: $0.text).joined() }.joined()
        var rest = page[...]
        for word in wanted {
            guard let found = rest.range(of: word) else { return false }
            rest = rest[found.upperBound...]
        }
        return true
    }
}

/// Values as the page of a received invoice writes them: the stated amounts in the invoice's
/// currency and locale with the decimals written (at least the currency's), quantities with the
/// decimals written, dates in the document's language.
struct ShownValues {
    let invoice: Invoice
    let formatter: AmountFormatter

    init(_ invoice: Invoice) {
        self.invoice = invoice
        formatter = AmountFormatter(
            currency: invoice.currency, locale: invoice.locale, numberingSystem: invoice.numberingSystem)
    }

    func amount(_ number: StatedNumber) -> String {
        formatter.string(
            for: Money(amount: number.value, currency: invoice.currency), writtenFractionDigits: number.fractionDigits)
    }

    /// The quantity with the decimals written: `2.500` stays `2.500` (`2,500` in de-DE).
    func quantity(_ number: StatedNumber) -> String {
        formatter.quantityString(number.value, fractionDigits: number.fractionDigits)
    }

    func date(_ day: CalendarDate) -> String {
        let isPlainEnglish = invoice.language == nil || invoice.language?.lowercased() == "en"
        guard let language = invoice.language, !isPlainEnglish else { return day.formatted }
        return CalendarDate.mediumStyle(language: language, numberingSystem: invoice.numberingSystem)(day)
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: " ", count: max(0, width - count)) + self
    }
}
