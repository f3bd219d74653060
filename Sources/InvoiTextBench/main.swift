// Text shaping benchmark: µs per string for typical invoice strings, uncached and
// cached, one line and wrapped, one thread and several. Run a release build:
//   swift run -c release InvoiTextBench [--system]
import Dispatch
import Foundation
import InvoiDocument
import InvoiText

let useSystemFonts = CommandLine.arguments.contains("--system")
let configuration: FontConfiguration = useSystemFonts ? .system : .fixed

/// 10,000 distinct strings of the kinds an invoice holds (names, labels, dates,
/// amounts, descriptions, addresses), about one in twelve in Hebrew, Arabic or CJK.
func typicalStrings(_ count: Int) -> [String] {
    let names = ["Acme Studio", "Meridian Group", "Northwind Traders", "Blue Harbor LLC", "Kowalski & Sons"]
    let work = ["Website redesign", "Brand identity workshop", "Backend development", "UX research sprint",
                "Hosting and maintenance", "Copywriting for landing pages", "Logo refresh"]
    let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    let scripts = ["חשבונית מספר", "خدمات التصميم", "设计服务费用", "עבור שלום"]
    return (0..<count).map { i in
        switch i % 12 {
        case 0: "\(names[i % names.count]) \(i)"
        case 1: "\(work[i % work.count]) — phase \(i / 7 + 1)"
        case 2: "\(months[i % 12]) \(1 + i % 28), \(2020 + i % 7)"
        case 3: "$\(i * 37 % 100_000).\(format2(i % 100))"
        case 4: "€\(i % 1000).\(i % 900 + 100),\(format2(i % 97))"
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

func format2(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

func microseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
}

/// Current resident set size in MB (Linux).
func residentMB() -> Double {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
          let pages = Double(statm.split(separator: " ").dropFirst().first ?? "") else { return 0 }
    return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

func report(_ label: String, _ value: Double, unit: String = "µs/string") {
    print(label.padding(toLength: 46, withPad: " ", startingAt: 0), String(format: "%8.1f", value), unit)
}

let clock = ContinuousClock()
let strings = typicalStrings(10_000)
let body = FontSpec(weight: .regular, size: 9.75)
let label = FontSpec(weight: .semibold, size: 7.5)
let runs = 5

print("invoi text shaping benchmark — \(useSystemFonts ? "system" : "fixed") fonts, \(strings.count) strings, median of \(runs)")

var initTimes: [Double] = []
var uncached: [Double] = []
var wrapped: [Double] = []
var cached: [Double] = []
var parallel: [Double] = []
var sink = 0.0
var residentBefore = 0.0, residentOpen = 0.0, residentFilled = 0.0
for run in 0..<runs {
    if run == 0 { residentBefore = residentMB() }
    // Opening the fonts.
    var shaper: FontShaper?
    initTimes.append(microseconds(clock.measure { shaper = try? FontShaper(configuration: configuration) }))
    guard let shaper else {
        print("cannot open the fonts; run tools/setup")
        exit(1)
    }
    if run == 0 { residentOpen = residentMB() }
    // Every string new to the shaper (fallback fonts are found on the way).
    uncached.append(microseconds(clock.measure {
        for text in strings { sink += shaper.shapeLine(text, font: body, tracking: 0).width }
    }) / Double(strings.count))
    if run == 0 { residentFilled = residentMB() }
    wrapped.append(microseconds(clock.measure {
        for text in strings { sink += Double(shaper.breakLines(text, font: body, tracking: 0, width: 120).count) }
    }) / Double(strings.count))
    // One invoice's worth (~100 strings) laid out again and again: all cache hits.
    let page = Array(strings.prefix(100))
    for text in page { _ = shaper.shapeLine(text, font: label, tracking: 0.08) }
    cached.append(microseconds(clock.measure {
        for _ in 0..<100 { for text in page { sink += shaper.shapeLine(text, font: label, tracking: 0.08).width } }
    }) / Double(page.count * 100))
    // Two threads on a fresh shaper, each shaping every string once (different sizes, so no shared hits).
    let fresh = try FontShaper(configuration: configuration)
    parallel.append(microseconds(clock.measure {
        DispatchQueue.concurrentPerform(iterations: 2) { lane in
            let font = FontSpec(weight: .regular, size: 10 + Double(lane))
            for text in strings { _ = fresh.shapeLine(text, font: font, tracking: 0) }
        }
    }) / Double(strings.count * 2))
}

report("open fonts (FontShaper.init)", median(initTimes), unit: "µs")
report("shapeLine, uncached", median(uncached))
report("breakLines to 120 pt, uncached", median(wrapped))
report("shapeLine, cached (100 strings repeated)", median(cached))
report("shapeLine, uncached, 2 threads (wall/string)", median(parallel))
report("resident before opening fonts", residentBefore, unit: "MB")
report("resident with fonts open", residentOpen, unit: "MB")
report("resident with full caches (10,000 strings)", residentFilled, unit: "MB")
var usage = rusage()
getrusage(RUSAGE_SELF.rawValue, &usage)
report("peak resident memory (whole run)", Double(usage.ru_maxrss) / 1024, unit: "MB")
if sink.isNaN { print(sink) }
