import Dispatch
import Foundation
import InvoiDocument
import InvoiModel
import InvoiRender
import Synchronization

/// The in-process figures that tools/bench reports: layout and each backend per invoice, the
/// long invoice and how its cost grows with items, and parallel throughput.
struct RenderFigures {
    let renderer: Renderer
    let report: Report
    let stopwatch = Stopwatch()
    /// Scales iteration counts (and time limits) down for a quick run.
    let effort: Double

    private func settings(_ format: OutputFormat) -> RenderSettings {
        // A fixed creation date, as SOURCE_DATE_EPOCH gives; 144 dpi is the png default.
        RenderSettings(format: format, creationDate: Date(timeIntervalSince1970: 1_773_273_600))
    }

    private func iterations(_ count: Int) -> Int { max(5, Int(Double(count) * effort)) }
    private var timeLimit: Duration { .milliseconds(Int(2000 * effort)) }

    /// Layout of the sample (as the CLI does it: with the check for characters no font
    /// covers), then each backend on the laid-out sample.
    func perInvoice() throws {
        var number = 0
        let layout = try stopwatch.sample(iterations: iterations(2000), timeLimit: timeLimit) {
            number += 1
            _ = try renderer.layOut(BenchInvoices.sample(number: number), settings: settings(.pdf))
        }
        report.result(
            "layout", layout.median, unit: "ms",
            "in process: layout, sample (new invoice number each run)", runs: layout.count)

        // Every string new to the shaper: what the first invoice of a kind costs.
        var fresh = 0
        let coldLayout = try stopwatch.sample(iterations: iterations(300), timeLimit: timeLimit) {
            fresh += 1
            _ = try renderer.layOut(Self.everyStringNew(fresh), settings: settings(.pdf))
        }
        report.result(
            "layout-cold", coldLayout.median, unit: "ms",
            "in process: layout, sample, every string new to the shaper", runs: coldLayout.count)

        let document = try renderer.document(for: .sample, settings: settings(.pdf))
        let budgets: [(OutputFormat, Int)] = [(.pdf, 2000), (.svg, 2000), (.txt, 5000), (.png, 300)]
        for (format, count) in budgets {
            var bytes = 0
            let samples = try stopwatch.sample(iterations: iterations(count), timeLimit: timeLimit) {
                bytes = Self.byteCount(try renderer.render(document, settings: settings(format)))
            }
            let what = format == .png ? "png backend (144 dpi)" : "\(format.rawValue) backend"
            report.result(
                format.rawValue, samples.median, unit: "ms", "in process: \(what), sample (\(bytes) bytes)",
                runs: samples.count)
        }
    }

    /// The 500-item invoice to PDF, and the cost per item at 100 … 1000 items.
    func longInvoices() throws {
        var perItem: [Int: Double] = [:]
        for count in [100, 250, 500, 1000] {
            // Runs cycle through invoices with texts of their own: rendering one invoice over
            // and over let the shaping caches (a few hundred strings) hold all of a short
            // invoice's items but not a long one's, which measured cache size, not growth.
            let variants = (0..<8).map { BenchInvoices.withItems(count, variant: $0) }
            var run = 0
            var pages = 0
            var layoutTimes: [Double] = []
            var pdfTimes: [Double] = []
            let whole = try stopwatch.sample(
                warmup: 2, iterations: iterations(count >= 500 ? 40 : 80),
                timeLimit: timeLimit
            ) {
                let invoice = variants[run % variants.count]
                run += 1
                var document: Document?
                layoutTimes.append(
                    try stopwatch.once { document = try renderer.layOut(invoice, settings: settings(.pdf)).document })
                guard let document else { return }
                pages = document.pages.count
                pdfTimes.append(try stopwatch.once { _ = try renderer.render(document, settings: settings(.pdf)) })
            }
            perItem[count] = whole.median / Double(count)
            report.result(
                "items-\(count)", whole.median, unit: "ms",
                "in process: \(count) items → pdf, layout + backend (\(pages) pages)", runs: whole.count)
            if count == 500 {
                report.result(
                    "items-500-layout", Samples(milliseconds: layoutTimes).median, unit: "ms",
                    "in process: 500 items, layout alone")
                report.result(
                    "items-500-pdf", Samples(milliseconds: pdfTimes).median, unit: "ms",
                    "in process: 500 items, pdf backend alone")
            }
        }
        if let small = perItem[100], let large = perItem[1000] {
            report.result(
                "items-growth", large / small, unit: "×",
                "cost per item, 1000 items ÷ 100 items (1 = linear)")
        }
    }

    /// Sample invoices laid out and drawn to PDF on 1 and 2 threads in this process,
    /// to tell lock contention apart from process and file overhead.
    func parallelThroughput() throws {
        let count = max(100, Int(1000 * effort))
        var rates: [Int: Double] = [:]
        for threads in [1, 2] {
            let next = Atomic(0)
            let failures = Atomic(0)
            let elapsed = stopwatch.once {
                DispatchQueue.concurrentPerform(iterations: threads) { _ in
                    while true {
                        let index = next.add(1, ordering: .relaxed).oldValue
                        guard index < count else { return }
                        do {
                            let laidOut = try renderer.layOut(
                                BenchInvoices.sample(number: index), settings: settings(.pdf))
                            _ = try renderer.render(laidOut.document, settings: settings(.pdf))
                        } catch {
                            failures.add(1, ordering: .relaxed)
                        }
                    }
                }
            }
            rates[threads] = Double(count) / (elapsed / 1000)
            report.result(
                "inprocess-batch-\(threads)", rates[threads] ?? .nan, unit: "invoices/s",
                "in process: \(count) samples → pdf, \(threads) thread\(threads == 1 ? "" : "s")"
                    + (failures.load(ordering: .relaxed) > 0 ? " (FAILURES)" : ""))
        }
        if let one = rates[1], let two = rates[2] {
            report.result("inprocess-scaling", two / one, unit: "×", "in process: 2 threads ÷ 1 thread")
        }
    }

    static func byteCount(_ output: RenderedOutput) -> Int {
        switch output {
        case .document(let data): data.count
        case .pages(let pages): pages.reduce(0) { $0 + $1.count }
        }
    }

    /// The sample with every text field, amount and item made unique by `seed`.
    static func everyStringNew(_ seed: Int) -> Invoice {
        var invoice = Invoice.sample
        let tag = " \(seed)"
        invoice.fromName += tag
        invoice.fromEmail = "hello\(seed)@acmestudio.com"
        invoice.fromPhone += tag
        invoice.fromAddress += tag
        invoice.toName += tag
        invoice.toEmail = "client\(seed)@email.com"
        invoice.toAddress += tag
        invoice.invoiceNumber = "INV-\(seed)"
        invoice.bankBeneficiary += tag
        invoice.bankName += tag
        invoice.bankAccount += tag
        invoice.bankSwift += tag
        invoice.lineItems = invoice.lineItems.map { item in
            var item = item
            item.description += tag
            item.rate += Decimal(seed % 1000) / 100
            return item
        }
        return invoice
    }
}
