import Foundation
import InvoiDocument
import InvoiEInvoice
import InvoiModel
import InvoiReading
import InvoiRender

/// What reading a received e-invoice costs: an XRechnung (CII and UBL, written by invoi's own
/// writers from a generated invoice) read and rendered to PDF, against the same invoice read
/// from its JSON and rendered to PDF. Budget: ≤ 1.5 × the JSON's time.
struct ReadingFigures {
    let renderer: Renderer
    let report: Report
    let stopwatch = Stopwatch()
    let effort: Double

    static let lineCounts = [20, 2000]

    private func settings(_ format: OutputFormat, profile: EInvoiceProfile? = nil) -> RenderSettings {
        var settings = RenderSettings(format: format, creationDate: Date(timeIntervalSince1970: 1_773_273_600))
        settings.profile = profile
        return settings
    }

    private func iterations(_ lines: Int) -> Int { max(5, Int(Double(lines >= 1000 ? 20 : 300) * effort)) }
    private var timeLimit: Duration { .milliseconds(Int(3000 * effort)) }

    /// The inputs: the invoice's JSON as `invoi init` writes it, and its XRechnung.
    struct Inputs {
        var json: [UInt8]
        var xml: [UInt8]
    }

    func inputs(lines: Int, syntax: OutputFormat) throws -> Inputs {
        let invoice = BenchInvoices.eInvoice(lines: lines)
        let target = MemoryTarget()
        _ = try renderer.render(invoice, settings: settings(syntax, profile: .xrechnung), to: target)
        let xml =
            switch target.output {
            case .document(let data): [UInt8](data)
            case .pages(let pages): [UInt8](pages.first ?? Data())
            }
        return Inputs(json: Array(invoice.prettyPrintedJSON().utf8), xml: xml)
    }

    func run() throws {
        for lines in Self.lineCounts {
            var json: Double?
            for syntax in [OutputFormat.cii, .ubl] {
                let inputs = try inputs(lines: lines, syntax: syntax)
                if json == nil {
                    let decoder = InvoiceDecoder(today: CalendarDate(year: 2026, month: 3, day: 12)!)
                    let fromJSON = try stopwatch.sample(iterations: iterations(lines), timeLimit: timeLimit) {
                        let invoice = try decoder.decode(Data(inputs.json), file: "bench.json").invoice
                        _ = try renderer.render(invoice, settings: settings(.pdf), to: MemoryTarget())
                    }
                    json = fromJSON.median
                    report.result(
                        "reading-json-\(lines)", fromJSON.median, unit: "ms",
                        "in process: \(lines)-line e-invoice, JSON read + pdf (\(inputs.json.count) bytes)",
                        runs: fromJSON.count)
                }
                let name = syntax == .cii ? "xrechnung-cii" : "xrechnung-ubl"
                // Read once first: a reader not yet able to read it is reported, not timed.
                do {
                    _ = try EInvoiceReader().read(xml: inputs.xml)
                } catch {
                    report.note("\(name) \(lines) lines: not read (\(error.message) at \(error.path)); not measured")
                    continue
                }
                // Where the time goes: the reading alone (parse and map), and the page alone.
                let reading = try stopwatch.sample(iterations: iterations(lines), timeLimit: timeLimit) {
                    _ = try EInvoiceReader().read(xml: inputs.xml)
                }
                report.result(
                    "reading-\(name)-\(lines)-read", reading.median, unit: "ms",
                    "in process: \(lines) lines, \(name) read alone (parse + map)", runs: reading.count)
                let read = try EInvoiceReader().read(xml: inputs.xml)
                let page = try stopwatch.sample(iterations: iterations(lines), timeLimit: timeLimit) {
                    _ = try renderer.render(read, settings: settings(.pdf), to: MemoryTarget())
                }
                report.result(
                    "reading-\(name)-\(lines)-page", page.median, unit: "ms",
                    "in process: \(lines) lines, the received invoice's pdf alone", runs: page.count)
                let fromXML = try stopwatch.sample(iterations: iterations(lines), timeLimit: timeLimit) {
                    let invoice = try EInvoiceReader().read(xml: inputs.xml)
                    _ = try renderer.render(invoice, settings: settings(.pdf), to: MemoryTarget())
                }
                report.result(
                    "reading-\(name)-\(lines)", fromXML.median, unit: "ms",
                    "in process: the same as \(name == "xrechnung-cii" ? "XRechnung CII" : "XRechnung UBL"), "
                        + "read + pdf (\(inputs.xml.count) bytes)", runs: fromXML.count)
                if let json {
                    report.result(
                        "reading-\(name)-\(lines)-ratio", fromXML.median / json, unit: "×",
                        "in process: \(lines) lines, \(name) read + pdf ÷ JSON read + pdf")
                }
            }
        }
    }

    /// Writes the generated invoices' JSON (`einvoice-20.json`, `einvoice-2000.json`) into
    /// `directory`, for tools/bench's whole-process figures.
    static func writeInputs(to directory: String) throws {
        for lines in lineCounts {
            let url = URL(fileURLWithPath: directory).appendingPathComponent("einvoice-\(lines).json")
            try Data(BenchInvoices.eInvoice(lines: lines).prettyPrintedJSON().utf8).write(to: url)
        }
    }
}
