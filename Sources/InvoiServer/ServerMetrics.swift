import Foundation
import InvoiDocument
import Prometheus
import Synchronization

/// The service's Prometheus metrics, in a registry of its own: nothing is
/// bootstrapped process-wide, so every server (and every test) counts for itself.
final class ServerMetrics: Sendable {
    let registry = PrometheusCollectorRegistry()
    private let renderDurations: [OutputFormat: DurationHistogram]
    private let queued: Gauge
    private let running: Gauge
    private let workers: Gauge
    private let openConnections: Gauge
    private let process: ProcessMetrics

    /// From 1 ms to the default timeout and beyond.
    private static let durationBuckets: [Duration] = [
        .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(25),
        .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1),
        .seconds(2.5), .seconds(5), .seconds(10), .seconds(30),
    ]

    init() {
        var durations: [OutputFormat: DurationHistogram] = [:]
        for format in OutputFormat.allCases {
            durations[format] = registry.makeDurationHistogram(
                descriptor: .named(
                    "invoi_render_duration_seconds",
                    help: "Time a worker spent decoding and rendering one request's invoice."),
                labels: [("format", format.rawValue)], buckets: Self.durationBuckets)
        }
        renderDurations = durations
        queued = registry.makeGauge(
            descriptor: .named("invoi_render_queue_depth", help: "Renders waiting for a worker."))
        running = registry.makeGauge(
            descriptor: .named("invoi_renders_in_flight", help: "Renders running on a worker now."))
        workers = registry.makeGauge(descriptor: .named("invoi_render_workers", help: "Worker threads that render."))
        openConnections = registry.makeGauge(
            descriptor: .named("invoi_open_connections", help: "Client connections open now."))
        process = ProcessMetrics(registry: registry)
    }

    /// One request, counted once its answer was written or its connection ended. `route` is
    /// a known path or "unmatched" (never the raw path, whose values a client chooses);
    /// `delivery` says whether the client got the whole answer.
    func countRequest(route: String, method: String, format: OutputFormat?, status: Int, delivery: Delivery) {
        registry.makeCounter(
            descriptor: .named(
                "invoi_http_requests_total",
                help: "HTTP requests, by route, method, format, status and how much of the answer was delivered."),
            labels: [
                ("route", route), ("method", method), ("format", format?.rawValue ?? ""), ("status", String(status)),
                ("delivery", delivery.rawValue),
            ]
        ).increment()
    }

    func recordRender(format: OutputFormat, duration: Duration) {
        renderDurations[format]?.record(duration)
    }

    /// The text exposition, with the gauges read now.
    func exposition(load: RenderPool.Load, connections: Int) -> [UInt8] {
        openConnections.set(Double(connections))
        queued.set(Double(load.queued))
        running.set(Double(load.running))
        workers.set(Double(load.workers))
        process.update()
        return registry.emitToBuffer()
    }
}

/// The standard `process_*` metrics, read from /proc/self at each scrape. swift-prometheus
/// 2.x has no process collector, and swift-metrics' system metrics need
/// `MetricsSystem.bootstrap`, a process-wide singleton this service does not use.
final class ProcessMetrics: Sendable {
    /// A counter, as Prometheus types it: raised by the CPU time used since the last scrape.
    private let cpuSeconds: Counter
    private let countedCPUSeconds = Mutex(0.0)
    private let residentBytes: Gauge
    private let virtualBytes: Gauge
    private let openDescriptors: Gauge
    private let maximumDescriptors: Gauge
    private let startTime: Gauge
    private let threads: Gauge

    init(registry: PrometheusCollectorRegistry) {
        cpuSeconds = registry.makeCounter(
            descriptor: .named("process_cpu_seconds_total", help: "User and system CPU time spent in seconds."))
        residentBytes = registry.makeGauge(
            descriptor: .named("process_resident_memory_bytes", help: "Resident memory size in bytes."))
        virtualBytes = registry.makeGauge(
            descriptor: .named("process_virtual_memory_bytes", help: "Virtual memory size in bytes."))
        openDescriptors = registry.makeGauge(
            descriptor: .named("process_open_fds", help: "Number of open file descriptors."))
        maximumDescriptors = registry.makeGauge(
            descriptor: .named("process_max_fds", help: "Maximum number of open file descriptors."))
        startTime = registry.makeGauge(
            descriptor: .named(
                "process_start_time_seconds", help: "Start time of the process since unix epoch in seconds."))
        threads = registry.makeGauge(
            descriptor: .named("process_threads", help: "Number of OS threads in the process."))
    }

    func update() {
        if let stat = Self.stat() {
            let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
            let pageSize = Double(sysconf(Int32(_SC_PAGESIZE)))
            let total = (stat.userTicks + stat.systemTicks) / ticks
            let increase = countedCPUSeconds.withLock { counted in
                defer { counted = max(counted, total) }
                return max(0, total - counted)
            }
            cpuSeconds.increment(by: increase)
            residentBytes.set(stat.residentPages * pageSize)
            virtualBytes.set(stat.virtualBytes)
            threads.set(stat.threads)
            if let boot = Self.bootTime() { startTime.set(boot + stat.startTicks / ticks) }
        }
        if let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") {
            openDescriptors.set(Double(entries.count))
        }
        var limit = rlimit()
        if getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 { maximumDescriptors.set(Double(limit.rlim_cur)) }
    }

    private struct Stat {
        var userTicks, systemTicks, threads, startTicks, virtualBytes, residentPages: Double
    }

    /// Fields of /proc/self/stat (proc(5)), counted after the command name, which may hold spaces.
    private static func stat() -> Stat? {
        guard let text = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
            let close = text.lastIndex(of: ")")
        else { return nil }
        // Field 3 (state) is the first after the name.
        let fields = text[text.index(after: close)...].split(separator: " ").map { Double($0) ?? 0 }
        func field(_ number: Int) -> Double { fields.indices.contains(number - 3) ? fields[number - 3] : 0 }
        return Stat(
            userTicks: field(14), systemTicks: field(15), threads: field(20), startTicks: field(22),
            virtualBytes: field(23), residentPages: field(24))
    }

    private static func bootTime() -> Double? {
        guard let text = try? String(contentsOfFile: "/proc/stat", encoding: .utf8) else { return nil }
        return text.split(separator: "\n").first { $0.hasPrefix("btime ") }.flatMap { Double($0.dropFirst(6)) }
    }
}

extension MetricNameDescriptor {
    /// A metric by its whole name (the registry joins the parts it is given with underscores).
    fileprivate static func named(_ name: String, help: String) -> MetricNameDescriptor {
        MetricNameDescriptor(metricName: name, unitName: "", helpText: help)
    }
}
