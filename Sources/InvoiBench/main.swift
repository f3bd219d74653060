// In-process benchmark (tools/bench; docs/ARCHITECTURE.md, Benchmarks): layout and each backend per invoice, the long
// invoice, parallel throughput, and text shaping per string. Run a release build:
//   swift run -c release InvoiBench [--fonts system|fixed] [--quick] [invoice] [items] [parallel] [shaping] [reading]
// Results are tab-separated `result` lines (tools/bench turns them into its table).
import Foundation
import InvoiRender
import InvoiText

let options = BenchOptions(arguments: Array(CommandLine.arguments.dropFirst()))
let report = Report()
guard let options else {
    print(BenchOptions.usage)
    exit(64)
}

if let directory = options.inputsDirectory {
    do {
        try ReadingFigures.writeInputs(to: directory)
        exit(0)
    } catch {
        print("InvoiBench: \(error)")
        exit(73)
    }
}

do {
    let configuration = options.fonts.configuration
    report.note("fonts: \(options.fonts.rawValue) configuration; effort \(options.effort)")
    let sections = options.sections
    if !sections.isDisjoint(with: [.invoice, .items, .parallel]) {
        let figures = RenderFigures(
            renderer: try Renderer(fonts: configuration), report: report, effort: options.effort)
        if sections.contains(.invoice) { try figures.perInvoice() }
        if sections.contains(.items) { try figures.longInvoices() }
        if sections.contains(.parallel) { try figures.parallelThroughput() }
    }
    if sections.contains(.reading) {
        try ReadingFigures(renderer: try Renderer(fonts: configuration), report: report, effort: options.effort).run()
    }
    if sections.contains(.shaping) {
        try ShapingFigures(configuration: configuration, report: report, passes: options.effort < 1 ? 1 : 3).run()
    }
    report.result("inprocess-peak", ProcessMemory.peakResidentMB, unit: "MB", "peak resident memory of the benchmark")
} catch {
    print("InvoiBench: \(error)")
    exit(70)
}
