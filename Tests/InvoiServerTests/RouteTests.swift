import Foundation
import Testing

@testable import InvoiServer

/// Every route and every error code of the service, against a server in this process.
@Suite(.timeLimit(.minutes(3)))  // the whole suite renders beside these tests on two cores
struct RouteTests {
    @Test func healthReadyAndRequestIDs() async throws {
        try await withServer { _, port in
            let health = try await HTTPTestClient.send("GET", "/health", port: port)
            #expect(health.status == 200)
            #expect(health.json["status"] as? String == "ok")
            #expect(health.headers["x-request-id"]?.count == 32)
            let ready = try await HTTPTestClient.send("GET", "/ready", port: port, headers: ["X-Request-Id": "abc-123"])
            #expect(ready.status == 200)
            #expect(ready.json["ready"] as? Bool == true)
            #expect(ready.headers["x-request-id"] == "abc-123")
            // An id unsafe to echo is replaced.
            let odd = try await HTTPTestClient.send("GET", "/health", port: port, headers: ["X-Request-Id": "a\"b"])
            #expect(odd.headers["x-request-id"] != "a\"b")
        }
    }

    @Test func readinessFalseWhileDraining() async throws {
        try await withServer { server, port in
            server.service.beginDraining()
            let ready = try await HTTPTestClient.send("GET", "/ready", port: port)
            #expect(ready.status == 503)
            #expect(ready.json["ready"] as? Bool == false)
        }
    }

    @Test func theCopyMarkParameterIsPrintedAndInTheSubject() async throws {
        try await withServer { _, port in
            let response = try await HTTPTestClient.post(
                "/render?format=ops&copy-mark=certified-copy", port: port, json: Fixtures.invoice)
            #expect(response.status == 200, "\(response.text)")
            // The fixture is German: the mark is in its words (on two lines beside "RECHNUNG").
            #expect(response.text.contains(#""text": "Beglaubigte""#))
            #expect(response.text.contains(#"— Beglaubigte Kopie","#), "the subject")
            let plain = try await HTTPTestClient.post("/render?format=ops", port: port, json: Fixtures.invoice)
            #expect(plain.status == 200 && !plain.text.contains("Beglaubigte Kopie"))
        }
    }

    @Test func renderEveryFormat() async throws {
        try await withServer { _, port in
            let expected: [(String, String)] = [
                ("pdf", "application/pdf"), ("png", "image/png"), ("svg", "image/svg+xml"),
                ("txt", "text/plain; charset=utf-8"), ("ops", "application/json"),
            ]
            for (format, type) in expected {
                let response = try await HTTPTestClient.post(
                    "/render?format=\(format)", port: port, json: Fixtures.invoice)
                #expect(response.status == 200, "\(format): \(response.text.prefix(300))")
                #expect(response.headers["content-type"] == type)
                #expect(response.body.count > 100)
                let fileExtension = format == "ops" ? "json" : format
                #expect(
                    response.headers["content-disposition"]
                        == "attachment; filename=\"RE-2026-0042 - M_ller & S_hne Webdesign GmbH.\(fileExtension)\"; "
                        + "filename*=UTF-8''RE-2026-0042%20-%20M%C3%BCller%20&%20S%C3%B6hne%20Webdesign%20GmbH.\(fileExtension)"
                )
                #expect(response.headers["invoi-page-count"] == (["png", "svg"].contains(format) ? "1" : nil))
            }
            for (format, type) in [
                ("cii", "application/xml"), ("ubl", "application/xml"), ("facturx", "application/pdf"),
            ] {
                let response = try await HTTPTestClient.post(
                    "/render?format=\(format)", port: port, json: Fixtures.eInvoice)
                #expect(response.status == 200, "\(format): \(response.text.prefix(300))")
                #expect(response.headers["content-type"] == type)
            }
            let pdf = try await HTTPTestClient.post("/render", port: port, json: Fixtures.invoice)
            #expect(pdf.body.starts(with: Data("%PDF".utf8)), "pdf is the default format")
        }
    }

    @Test func pagesOfAPNG() async throws {
        try await withServer { _, port in
            let long = Fixtures.long(items: 60)
            let first = try await HTTPTestClient.post("/render?format=svg", port: port, json: long)
            let count = try #require(first.headers["invoi-page-count"].flatMap(Int.init))
            #expect(count > 1)
            #expect(first.headers["content-disposition"]?.contains("GmbH-1.svg") == true)
            let last = try await HTTPTestClient.post("/render?format=svg&page=\(count)", port: port, json: long)
            #expect(last.status == 200)
            #expect(last.headers["content-disposition"]?.contains("GmbH-\(count).svg") == true)
            let beyond = try await HTTPTestClient.post("/render?format=svg&page=\(count + 1)", port: port, json: long)
            #expect(beyond.status == 400)
            #expect(beyond.problemPaths == ["page"])
        }
    }

    @Test(arguments: [
        ("format=bmp", "format"), ("dpi=5", "dpi"), ("dpi=x", "dpi"), ("width=10000", "width"), ("paper=a3", "paper"),
        ("language=xx-nope", "language"), ("locale=!!", "locale"), ("digits=persian", "digits"),
        ("accent=blurple", "accent"), ("copy-mark=duplicate", "copy-mark"),
        ("format=pdf&profile=peppol", "profile"), ("format=facturx&profile=xrechnung", "profile"),
        ("page=0&format=png", "page"), ("format=pdf&page=2", "page"), ("colour=red", "colour"),
        ("format=pdf&format=png", "format"),
    ])
    func badQueryParameterIs400NamingIt(query: String, parameter: String) async throws {
        try await withServer { _, port in
            let response = try await HTTPTestClient.post("/render?\(query)", port: port, json: Fixtures.invoice)
            #expect(response.status == 400, "\(response.text)")
            #expect(response.problemPaths == [parameter])
            let error = response.json["error"] as? [String: Any]
            #expect(error?["status"] as? Int == 400)
            #expect((error?["message"] as? String)?.contains("'\(parameter)'") == true)
        }
    }

    @Test func malformedJSONIs400WithLineAndColumn() async throws {
        try await withServer { _, port in
            let response = try await HTTPTestClient.post(
                "/render", port: port, json: Data("{\n  \"fromName\": [1,\n".utf8))
            #expect(response.status == 400)
            let message = (response.json["error"] as? [String: Any])?["message"] as? String ?? ""
            #expect(message.contains("line 3"), "\(message)")
            #expect(message.contains("column"))
        }
    }

    @Test func invalidInvoiceIs422WithEveryPath() async throws {
        try await withServer { _, port in
            let body = Data(#"{"currency": "XXX", "lineItems": 5, "issueDate": "someday"}"#.utf8)
            let response = try await HTTPTestClient.post("/render?format=pdf", port: port, json: body)
            #expect(response.status == 422)
            #expect(Set(response.problemPaths) == ["currency", "lineItems", "issueDate"])
        }
    }

    @Test func eInvoiceRequirementsAre422ByPath() async throws {
        try await withServer { _, port in
            let response = try await HTTPTestClient.post(
                "/render?format=ubl&profile=peppol", port: port, json: Fixtures.invoice)
            #expect(response.status == 422)
            #expect(response.problemPaths.contains("fromElectronicAddress"))
            #expect(response.problemPaths.contains("toCountry"))
        }
    }

    @Test func paymentCodeProblemsAre422ByPathAndTheQueryChoosesTheScheme() async throws {
        try await withServer { _, port in
            let body = Data(
                #"{"fromName": "Acme", "currency": "EUR", "bankAccount": "DE89 3704 0044 0532 0130 01", "lineItems": [{"rate": 10}]}"#
                    .utf8)
            let refused = try await HTTPTestClient.post("/render?format=pdf&payment-qr=epc", port: port, json: body)
            #expect(refused.status == 422)
            #expect(refused.problemPaths == ["bankAccount"])
            let fixed = Data(
                String(decoding: body, as: UTF8.self).replacingOccurrences(of: "0130 01", with: "0130 00").utf8)
            let ops = try await HTTPTestClient.post("/render?format=ops&payment-qr=epc", port: port, json: fixed)
            #expect(ops.status == 200)
            #expect(String(decoding: ops.body, as: UTF8.self).contains(#""op": "qrCode""#))
            let unknown = try await HTTPTestClient.post("/render?payment-qr=paypal", port: port, json: fixed)
            #expect(unknown.status == 400)
        }
    }

    @Test func logosAreRefusedWithoutALogoDirectory() async throws {
        try await withServer { _, port in
            let body = Data(#"{"logo": "/etc/passwd.png"}"#.utf8)
            let response = try await HTTPTestClient.post("/render", port: port, json: body)
            #expect(response.status == 422)
            #expect(response.problemPaths == ["logo"])
        }
    }

    @Test func bodyOverTheLimitIs413() async throws {
        var settings = ServerConfiguration.testing
        settings.maximumBodySize = 1000
        try await withServer(settings) { _, port in
            let response = try await HTTPTestClient.post("/render", port: port, json: Fixtures.invoice)
            #expect(response.status == 413)
            let small = try await HTTPTestClient.post("/render?format=txt", port: port, json: Data("{}".utf8))
            #expect(small.status == 200)
        }
    }

    @Test func notJSONIs415() async throws {
        try await withServer { _, port in
            let form = try await HTTPTestClient.send(
                "POST", "/render", port: port, headers: ["Content-Type": "application/x-www-form-urlencoded"],
                body: Fixtures.invoice)
            #expect(form.status == 415)
            let none = try await HTTPTestClient.send("POST", "/render", port: port, body: Fixtures.invoice)
            #expect(none.status == 415)
            let charset = try await HTTPTestClient.send(
                "POST", "/render?format=txt", port: port, headers: ["Content-Type": "application/json; charset=utf-8"],
                body: Fixtures.invoice)
            #expect(charset.status == 200)
        }
    }

    @Test func unknownRouteIs404AndWrongMethod405() async throws {
        try await withServer { _, port in
            let missing = try await HTTPTestClient.send("GET", "/nothing", port: port)
            #expect(missing.status == 404)
            #expect((missing.json["error"] as? [String: Any])?["status"] as? Int == 404)
            let getRender = try await HTTPTestClient.send("GET", "/render", port: port)
            #expect(getRender.status == 405)
            #expect(getRender.headers["allow"] == "POST")
            let postHealth = try await HTTPTestClient.send("POST", "/health", port: port)
            #expect(postHealth.status == 405)
            #expect(postHealth.headers["allow"] == "GET, HEAD")
        }
    }

    @Test func fullQueueIs429AndHealthIsAnsweredWhileEveryWorkerIsHeld() async throws {
        var settings = ServerConfiguration.testing
        settings.workers = 1
        settings.maximumQueue = 0
        try await withServer(settings) { server, port in
            let release = DispatchSemaphore(value: 0)
            try await occupyWorkers(of: server.pool, until: release)
            defer { releaseWorkers(of: server.pool, release) }
            let refused = try await HTTPTestClient.post("/render", port: port, json: Fixtures.invoice)
            #expect(refused.status == 429)
            #expect(refused.headers["retry-after"] == "1")
            // Liveness while every worker is held until the test lets go: answered from the event
            // loop, not a worker (one that waited for a worker would run into the client's timeout).
            // No wall-clock bound: how fast it answers is tools/load's figure, not a unit test's.
            for _ in 0..<20 {
                let health = try await HTTPTestClient.send("GET", "/health", port: port)
                #expect(health.status == 200)
                #expect(server.pool.load.running == 1)
            }
        }
    }

    @Test func renderPastTheTimeoutIs503() async throws {
        var settings = ServerConfiguration.testing
        settings.workers = 1
        settings.timeout = .milliseconds(300)
        try await withServer(settings) { server, port in
            let release = DispatchSemaphore(value: 0)
            try await occupyWorkers(of: server.pool, until: release)
            // The worker is held until after this answer, so a 503 can only come from the
            // timeout (no wall-clock bound: under load it flaked, and proved nothing more).
            let late = try await HTTPTestClient.post("/render", port: port, json: Fixtures.invoice)
            #expect(late.status == 503)
            // The queued render was taken out of the queue; the worker is free again once released.
            #expect(server.pool.load.queued == 0)
            releaseWorkers(of: server.pool, release)
            let after = try await HTTPTestClient.post("/render?format=txt", port: port, json: Fixtures.invoice)
            #expect(after.status == 200)
        }
    }

    @Test func aBadRequestDoesNotHarmOthers() async throws {
        try await withServer { _, port in
            try await withThrowingTaskGroup(of: (Bool, Int).self) { group in
                for index in 0..<12 {
                    group.addTask {
                        let good = index.isMultiple(of: 2)
                        let body = good ? Fixtures.invoice : Data("{\"lineItems\": [".utf8)
                        return (
                            good, try await HTTPTestClient.post("/render?format=txt", port: port, json: body).status
                        )
                    }
                }
                for try await (good, status) in group {
                    #expect(status == (good ? 200 : 400))
                }
            }
        }
    }

    @Test func metricsCountRequestsAndRenders() async throws {
        try await withServer { _, port in
            _ = try await HTTPTestClient.post("/render?format=txt", port: port, json: Fixtures.invoice)
            _ = try await HTTPTestClient.send("GET", "/nothing", port: port)
            let metrics = try await HTTPTestClient.send("GET", "/metrics", port: port)
            #expect(metrics.status == 200)
            #expect(metrics.headers["content-type"]?.hasPrefix("text/plain; version=0.0.4") == true)
            let text = metrics.text
            #expect(
                text.contains(
                    #"invoi_http_requests_total{route="/render",method="POST",format="txt",status="200",delivery="complete"} 1"#
                ))
            #expect(
                text.contains(
                    #"invoi_http_requests_total{route="unmatched",method="GET",format="",status="404",delivery="complete"} 1"#
                ))
            #expect(text.contains(#"invoi_render_duration_seconds_count{format="txt"} 1"#))
            for name in [
                "invoi_render_queue_depth 0", "invoi_renders_in_flight 0", "invoi_render_workers 2",
                "process_resident_memory_bytes ", "process_cpu_seconds_total ", "process_open_fds ",
                "process_start_time_seconds ",
            ] {
                #expect(text.contains("\n" + name), "\(name)")
            }
        }
    }

    /// A client that goes away while a large answer is being sent is counted, and logged, as
    /// an answer cut off, not as a 200 delivered.
    @Test func anAnswerCutOffIsCountedAsIncomplete() async throws {
        try await withServer { _, port in
            let body = DrainTests.large
            try await onThread {
                let connection = try RawConnection(port: port, receiveBuffer: 16 << 10)
                connection.send(
                    "POST /render?format=ops HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                        + "Content-Length: \(body.count)\r\n\r\n")
                connection.send(body)
                let (head, _) = connection.receive(within: 30) { $0.firstRange(of: Data("\r\n\r\n".utf8)) != nil }
                #expect(RawConnection.status(of: head) == 200)
                connection.resetOnClose()
            }
            let incomplete =
                #"invoi_http_requests_total{route="/render",method="POST",format="ops",status="200",delivery="incomplete"} 1"#
            var text = ""
            let deadline = ContinuousClock.now + .seconds(10)
            while ContinuousClock.now < deadline {
                text = try await HTTPTestClient.send("GET", "/metrics", port: port).text
                if text.contains(incomplete) { break }
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(text.contains(incomplete), "\(text)")
            #expect(!text.contains(#"format="ops",status="200",delivery="complete""#))
        }
    }

    /// Every metric docs/DEPLOYMENT.md lists has a sample in /metrics (not only its TYPE
    /// line), and process_cpu_seconds_total counts the CPU time a render used, never falling.
    @Test func everyDocumentedMetricHasASample() async throws {
        let guide = try String(
            contentsOf: Fixtures.repository.appendingPathComponent("docs/DEPLOYMENT.md"), encoding: .utf8)
        let section =
            guide.components(separatedBy: "## Metrics").dropFirst().first?
            .components(separatedBy: "\n## ").first ?? ""
        let names = Set(
            section.matches(of: /`((?:invoi|process)_[a-z_]+)/).map { String($0.output.1) })
        #expect(names.count >= 13, "\(names.sorted())")
        try await withServer { _, port in
            func cpuSeconds(_ text: String) -> Double? {
                text.split(separator: "\n").first { $0.hasPrefix("process_cpu_seconds_total ") }
                    .flatMap { Double($0.split(separator: " ")[1]) }
            }
            let before = cpuSeconds(try await HTTPTestClient.send("GET", "/metrics", port: port).text)
            _ = try await HTTPTestClient.post("/render?format=pdf", port: port, json: Fixtures.long(items: 300))
            let text = try await HTTPTestClient.send("GET", "/metrics", port: port).text
            let samples = text.split(separator: "\n").filter { !$0.hasPrefix("#") }
            for name in names {
                #expect(
                    samples.contains {
                        $0.hasPrefix(name + " ") || $0.hasPrefix(name + "{") || $0.hasPrefix(name + "_")
                    },
                    "\(name) has no sample")
            }
            let after = cpuSeconds(text)
            #expect(before != nil && after != nil, "\(text)")
            if let before, let after { #expect(after > before, "\(before) -> \(after)") }
        }
    }
}
