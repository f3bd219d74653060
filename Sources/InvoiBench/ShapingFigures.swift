import Dispatch
import InvoiDocument
import InvoiText

/// Text shaping per string (issue 3): opening the fonts, shaping and breaking new
/// strings, shaping repeated ones, and shaping on two threads at once.
struct ShapingFigures {
    let configuration: FontConfiguration
    let report: Report
    let stopwatch = Stopwatch()
    /// Passes over the strings; the median pass is reported.
    let passes: Int

    func run() throws {
        let strings = TypicalStrings.make(10_000)
        let body = FontSpec(weight: .regular, size: 9.75)
        let label = FontSpec(weight: .semibold, size: 7.5)
        var opening: [Double] = [], uncached: [Double] = [], wrapped: [Double] = []
        var cached: [Double] = [], parallel: [Double] = []
        var residentOpen = 0.0, residentFilled = 0.0
        let perString = 1000 / Double(strings.count)  // ms per pass → µs per string
        var sink = 0.0
        for pass in 0..<passes {
            var opened: FontShaper?
            opening.append(try stopwatch.once { opened = try FontShaper(configuration: configuration) })
            guard let shaper = opened else { continue }
            if pass == 0 { residentOpen = ProcessMemory.residentMB }
            uncached.append(
                stopwatch.once {
                    for text in strings { sink += shaper.shapeLine(text, font: body, tracking: 0).width }
                } * perString)
            if pass == 0 { residentFilled = ProcessMemory.residentMB }
            wrapped.append(
                stopwatch.once {
                    for text in strings {
                        sink += Double(shaper.breakLines(text, font: body, tracking: 0, width: 120).count)
                    }
                } * perString)
            // One invoice's worth of strings laid out again and again: all cache hits.
            let page = Array(strings.prefix(100))
            for text in page { _ = shaper.shapeLine(text, font: label, tracking: 0.08) }
            cached.append(
                stopwatch.once {
                    for _ in 0..<100 {
                        for text in page { sink += shaper.shapeLine(text, font: label, tracking: 0.08).width }
                    }
                } * 1000 / Double(page.count * 100))
            // Two threads on a fresh shaper, each shaping every string once (different
            // sizes, so neither finds the other's results).
            let fresh = try FontShaper(configuration: configuration)
            parallel.append(
                stopwatch.once {
                    DispatchQueue.concurrentPerform(iterations: 2) { lane in
                        let font = FontSpec(weight: .regular, size: 10 + Double(lane))
                        for text in strings { _ = fresh.shapeLine(text, font: font, tracking: 0) }
                    }
                } * perString / 2)
        }
        if sink.isNaN { report.note("\(sink)") }
        report.note("text: \(strings.count) typical invoice strings, median of \(passes) pass(es)")
        let medians: [(key: String, samples: [Double], unit: String, what: String)] = [
            ("fonts-open", opening, "ms", "text: open the fonts (FontShaper.init)"),
            ("shape-uncached", uncached, "µs", "text: shapeLine per string, new strings"),
            ("shape-wrapped", wrapped, "µs", "text: breakLines to 120 pt per string, new strings"),
            ("shape-cached", cached, "µs", "text: shapeLine per string, repeated (cache hits)"),
            ("shape-parallel", parallel, "µs", "text: shapeLine per string, new strings, 2 threads"),
        ]
        for figure in medians {
            report.result(figure.key, Samples(milliseconds: figure.samples).median, unit: figure.unit, figure.what)
        }
        report.result("shape-resident-open", residentOpen, unit: "MB", "text: resident with the fonts open")
        report.result(
            "shape-resident-filled", residentFilled, unit: "MB",
            "text: resident after 10,000 strings (full caches)")
    }
}

/// Strings of the kinds an invoice holds (names, labels, dates, amounts, descriptions,
/// addresses), about one in twelve in Hebrew, Arabic or CJK.
enum TypicalStrings {
    static func make(_ count: Int) -> [String] {
        let names = ["Acme Studio", "Meridian Group", "Northwind Traders", "Blue Harbor LLC", "Kowalski & Sons"]
        let work = [
            "Website redesign", "Brand identity workshop", "Backend development", "UX research sprint",
            "Hosting and maintenance", "Copywriting for landing pages", "Logo refresh",
        ]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let scripts = ["חשבונית מספר", "خدمات التصميم", "设计服务费用", "עבור שלום"]
        return (0..<count).map { i in
            switch i % 12 {
            case 0: "\(names[i % names.count]) \(i)"
            case 1: "\(work[i % work.count]) — phase \(i / 7 + 1)"
            case 2: "\(months[i % 12]) \(1 + i % 28), \(2020 + i % 7)"
            case 3: "$\(i * 37 % 100_000).\(twoDigits(i % 100))"
            case 4: "€\(i % 1000).\(i % 900 + 100),\(twoDigits(i % 97))"
            case 5: "billing+\(i)@example.com"
            case 6: "\(i % 900 + 10) Market Street, Suite \(i % 50)"
            case 7: "INV-\(String(repeating: "0", count: 4 - min(4, String(i).count)))\(i)"
            case 8: "\(work[(i + 3) % work.count]) and \(work[(i + 5) % work.count].lowercased()) for Q\(i % 4 + 1)"
            case 9: "\(i % 40 + 1)"
            case 10: "\(scripts[i % scripts.count]) \(i)"
            default: "DE\(i % 89 + 10) 3704 0044 0532 \(1000 + i % 9000) 00"
            }
        }
    }

    private static func twoDigits(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
