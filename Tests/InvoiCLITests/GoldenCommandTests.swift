import Foundation
import Testing

/// `invoi golden record` and `verify` end to end: a folder of invoices recorded, five of them
/// changed in five ways, and what verify says about each.
@Suite struct GoldenCommandTests {
    static let goldens = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Goldens")

    /// Twenty one-page invoices of the project's golden cases (one with a logo beside it).
    static let cases = [
        "sample", "full-vat", "no-bank", "no-due-date", "partial-paid", "discount-fixed", "discount-percentage",
        "currency-jpy", "currency-kwd", "currency-inr", "status-draft", "status-paid", "status-sent", "status-void",
        "status-overdue", "estimate-notes", "credit-and-decimals", "logo-png", "de-partial-paid", "no-due-date-copy",
    ]

    /// `bills/NAME.json` for each case, `bills/logo.png` for the logo case.
    static func folderOfInvoices() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        let bills = directory.url.appendingPathComponent("bills")
        try FileManager.default.createDirectory(at: bills, withIntermediateDirectories: true)
        for name in cases {
            let source = name == "no-due-date-copy" ? "no-due-date" : name
            try FileManager.default.copyItem(
                at: goldens.appendingPathComponent("\(source)/invoice.json"),
                to: bills.appendingPathComponent("\(name).json"))
        }
        try FileManager.default.copyItem(
            at: goldens.appendingPathComponent("logo-png/logo.png"), to: bills.appendingPathComponent("logo.png"))
        return directory
    }

    static func edit(_ directory: TemporaryDirectory, _ name: String, _ change: (inout [String: Any]) -> Void) throws {
        let url = directory.url.appendingPathComponent(name.hasSuffix(".json") ? name : "bills/\(name).json")
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        change(&object)
        try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted]).write(to: url)
    }

    static func changes(_ output: String) throws -> [String: (status: String, changes: [String])] {
        let root = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        var result: [String: (String, [String])] = [:]
        for item in root["cases"] as? [[String: Any]] ?? [] {
            result[item["name"] as? String ?? ""] = (
                item["status"] as? String ?? "", item["changes"] as? [String] ?? []
            )
        }
        return result
    }

    @Test func recordsAFolderAndVerifiesItUnchanged() throws {
        let directory = try Self.folderOfInvoices()
        try directory.write(#"{"name": "tooling", "version": "1.0.0"}"#, to: "bills/package.json")
        let record = try directory.boundedRun(["golden", "record", "bills"], killedAfter: 300)
        #expect(record.status == 0, "\(record.standardError)")
        #expect(record.standardError.contains("skipped bills/package.json: not an invoice"))
        for name in Self.cases {
            let golden = directory.url.appendingPathComponent("bills/\(name).golden")
            for file in ["ops.json", "page-1.png", "preview.txt", "manifest.json"] {
                #expect(
                    FileManager.default.fileExists(atPath: golden.appendingPathComponent(file).path),
                    "\(name).golden/\(file)")
            }
        }
        let verify = try directory.boundedRun(["golden", "verify", "bills"], killedAfter: 300)
        #expect(verify.status == 0, "\(verify.standardOutput)\(verify.standardError)")
        #expect(verify.standardOutput.contains("20 cases: 20 same, 0 changed"))
    }

    @Test func namesExactlyTheFiveChangedInvoicesAndWhatChanged() throws {
        let directory = try Self.folderOfInvoices()
        #expect(try directory.boundedRun(["golden", "record", "bills"], killedAfter: 300).status == 0)

        try Self.edit(directory, "full-vat") { $0["labels"] = ["total": "Amount payable"] }
        try Self.edit(directory, "no-bank") { invoice in
            var items = invoice["lineItems"] as? [[String: Any]] ?? []
            items[0]["quantity"] = 9
            invoice["lineItems"] = items
        }
        try Self.edit(directory, "status-sent") { $0["accentColor"] = "#C62828" }
        // Another picture under the logo's file name.
        try FileManager.default.removeItem(at: directory.url.appendingPathComponent("bills/logo.png"))
        try FileManager.default.copyItem(
            at: Self.goldens.appendingPathComponent("status-paid/page-1.png"),
            to: directory.url.appendingPathComponent("bills/logo.png"))
        try Self.edit(directory, "discount-fixed") { invoice in
            let item: [String: Any] = ["description": "Extra session", "quantity": 1, "rate": 10]
            invoice["lineItems"] = (invoice["lineItems"] as? [[String: Any]] ?? []) + Array(repeating: item, count: 12)
        }

        let verify = try directory.boundedRun(["golden", "verify", "--format", "json", "bills"], killedAfter: 300)
        #expect(verify.status == 1, "\(verify.standardError)")
        let cases = try Self.changes(verify.standardOutput)
        #expect(cases.count == 20)
        let changed = cases.filter { $0.value.status == "changed" }.map(\.key).sorted()
        #expect(
            changed == [
                "bills/discount-fixed.json", "bills/full-vat.json", "bills/logo-png.json",
                "bills/no-bank.json", "bills/status-sent.json",
            ])
        #expect(cases.filter { $0.value.status == "same" }.count == 15)

        func said(_ name: String, _ words: String) {
            let changes = cases["bills/\(name).json"]?.changes ?? []
            #expect(changes.contains { $0.contains(words) }, "\(name): \(changes)")
        }
        said("full-vat", "'Total' now 'Amount payable'")
        said("no-bank", "now '9'")
        said("status-sent", "now #C62828")
        said("logo-png", "the image changed")
        said("discount-fixed", "a page was added (1 → 2)")
        // The label is the only text of full-vat that changed.
        #expect(cases["bills/full-vat.json"]?.changes.filter { $0.contains(" now '") }.count == 1)
    }

    @Test func jsonOutputHasExactlyTheDocumentedShape() throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.copyItem(
            at: Self.goldens.appendingPathComponent("sample/invoice.json"),
            to: directory.url.appendingPathComponent("a.json"))
        #expect(try directory.boundedRun(["golden", "record", "a.json"]).status == 0)
        try Self.edit(directory, "a.json") { $0["toName"] = "Meridian Holdings" }
        let verify = try directory.boundedRun(["golden", "verify", "--format", "json", "a.json"])
        #expect(verify.status == 1)
        let root = try #require(
            try JSONSerialization.jsonObject(with: Data(verify.standardOutput.utf8)) as? [String: Any])
        #expect(Set(root.keys) == ["cases", "changed"])
        #expect(root["changed"] as? Int == 1)
        let cases = try #require(root["cases"] as? [[String: Any]])
        #expect(cases.count == 1)
        #expect(Set(cases[0].keys) == ["name", "status", "changes"])
        #expect(cases[0]["name"] as? String == "a.json")
        #expect(cases[0]["status"] as? String == "changed")
        #expect(
            (cases[0]["changes"] as? [String])?.contains("page 1: 'Meridian Group' now 'Meridian Holdings'") == true)
    }

    @Test func eachBrokenCaseIsReportedAndTheOthersAreStillVerified() throws {
        let directory = try TemporaryDirectory()
        let names = ["fine", "newer", "fonts", "png", "undecodable", "unrecorded"]
        for name in names {
            try FileManager.default.copyItem(
                at: Self.goldens.appendingPathComponent("sample/invoice.json"),
                to: directory.url.appendingPathComponent("\(name).json"))
        }
        #expect(try directory.boundedRun(["golden", "record"] + names.dropLast().map { "\($0).json" }).status == 0)

        func rewriteManifest(_ name: String, _ change: (inout [String: Any]) -> Void) throws {
            let url = directory.url.appendingPathComponent("\(name).golden/manifest.json")
            var manifest = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
            change(&manifest)
            try JSONSerialization.data(withJSONObject: manifest).write(to: url)
        }
        try rewriteManifest("newer") { $0["invoi"] = "99.0.0" }
        var fontName = ""
        try rewriteManifest("fonts") { manifest in
            var fonts = manifest["fonts"] as? [[String: Any]] ?? []
            fontName = fonts[0]["file"] as? String ?? ""
            fonts[0]["fnv1a64"] = "0"
            manifest["fonts"] = fonts
        }
        // A recorded page cut short: its header reads, its pixels do not.
        let page = directory.url.appendingPathComponent("png.golden/page-1.png")
        let recorded = try Data(contentsOf: page)
        try recorded.prefix(recorded.count / 2).write(to: page)
        try Self.edit(directory, "undecodable.json") { $0["currency"] = "XYZ" }

        let verify = try directory.boundedRun(["golden", "verify", "--format", "json", "."])
        // The worst problem decides the status: damaged data (65) over changes (1).
        #expect(verify.status == 65, "\(verify.standardError)")
        let cases = try Self.changes(verify.standardOutput)
        #expect(cases["fine.json"]?.status == "same")
        #expect(cases["newer.json"]?.status == "error")
        #expect(cases["newer.json"]?.changes.first?.contains("recorded by invoi 99.0.0, newer than this invoi") == true)
        #expect(cases["png.json"]?.status == "error")
        // Said once, not "not a readable PNG (not a readable PNG (…))".
        #expect(
            cases["png.json"]?.changes.first
                == "png.golden/page-1.png: not a readable PNG (it is truncated or corrupt); record the case again")
        #expect(cases["undecodable.json"]?.status == "error")
        #expect(cases["undecodable.json"]?.changes.first?.contains("no longer decodes: currency:") == true)
        #expect(cases["unrecorded.json"]?.status == "missing")
        // Same pixels drawn with a font file that is not the recorded one: said, by name.
        #expect(!fontName.isEmpty)
        let text = try directory.boundedRun(["golden", "verify", "fonts.json"])
        #expect(text.status == 0)
        #expect(text.standardOutput.contains("the fonts differ from the recording: \(fontName) changed"))

        let missingInput = try directory.boundedRun(["golden", "verify", "fine.json", "nowhere"])
        #expect(missingInput.status == 66)
        #expect(missingInput.standardError.contains("nowhere: no such file or folder"))
    }

    /// A JSON file found in a folder that is not an invoice is skipped with a note; named, it is an error.
    @Test func aNamedFileThatIsNotAnInvoiceIsAnError() throws {
        let directory = try TemporaryDirectory()
        try directory.write(#"{"name": "tooling", "scripts": {}}"#, to: "package.json")
        let named = try directory.boundedRun(["golden", "record", "package.json"])
        #expect(named.status == 65)
        #expect(named.standardError.contains("package.json: not an invoice (none of its fields is an invoice's)"))
        #expect(!FileManager.default.fileExists(atPath: directory.url.appendingPathComponent("package.golden").path))
        let found = try directory.boundedRun(["golden", "record", "."])
        #expect(found.status == 0)
        #expect(found.standardError.contains("skipped package.json: not an invoice"))
    }

    @Test(arguments: [
        ["golden", "verify"], ["golden", "verify", "--jobs", "0", "x.json"], ["golden", "record", "--dpi", "5", "x"],
    ])
    func usageErrorsExitTwo(_ arguments: [String]) throws {
        let directory = try TemporaryDirectory()
        let run = try directory.boundedRun(arguments)
        #expect(run.status == 2, "\(run.standardError)")
    }

    @Test func updateReRecordsOnlyTheNamedCase() throws {
        let directory = try TemporaryDirectory()
        for name in ["a", "b"] {
            try FileManager.default.copyItem(
                at: Self.goldens.appendingPathComponent("sample/invoice.json"),
                to: directory.url.appendingPathComponent("\(name).json"))
            #expect(try directory.boundedRun(["golden", "record", "\(name).json"]).status == 0)
            try Self.edit(directory, "\(name).json") { $0["accentColor"] = "#2E7D32" }
        }
        let update = try directory.boundedRun(["golden", "verify", "--update-case", "a", "a.json", "b.json"])
        #expect(update.status == 1)
        #expect(update.standardError.contains("re-recorded a.json"))
        let after = try directory.boundedRun(["golden", "verify", "--format", "json", "a.json", "b.json"])
        let cases = try Self.changes(after.standardOutput)
        #expect(cases["a.json"]?.status == "same")
        #expect(cases["b.json"]?.status == "changed")
        #expect(try directory.boundedRun(["golden", "verify", "--update", "b.json"]).status == 0)
        #expect(try directory.boundedRun(["golden", "verify", "a.json", "b.json"]).status == 0)
    }

    static func copySample(to name: String, in directory: TemporaryDirectory) throws {
        let url = directory.url.appendingPathComponent(name)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: goldens.appendingPathComponent("sample/invoice.json"), to: url)
    }

    /// A link back up the tree, two folders linked to each other and a second path to an
    /// invoice: every folder is searched once, every invoice is one case under its real path.
    /// The harness kills a run that hangs, so a regression fails rather than stalls.
    @Test func symbolicLinkCyclesEndAndEachInvoiceIsOneCase() throws {
        let directory = try TemporaryDirectory()
        try Self.copySample(to: "a/inv.json", in: directory)
        try Self.copySample(to: "y/inv-y.json", in: directory)
        try FileManager.default.createDirectory(
            at: directory.url.appendingPathComponent("x"), withIntermediateDirectories: true)
        for (link, target) in [("a/loop", ".."), ("x/to-y", "../y"), ("y/to-x", "../x"), ("b.json", "a/inv.json")] {
            try FileManager.default.createSymbolicLink(
                atPath: directory.url.appendingPathComponent(link).path, withDestinationPath: target)
        }
        let record = try directory.boundedRun(["golden", "record", "--jobs", "4", "."], killedAfter: 120)
        #expect(record.status == 0, "\(record.standardError)")
        #expect(record.standardError.contains("recorded 2 of 2 goldens"), "\(record.standardError)")
        #expect(record.standardError.contains("skipped a/loop: the same folder as ., searched once"))
        #expect(record.standardError.contains("skipped b.json: the same file as a/inv.json, taken once"))
        #expect(record.standardError.contains("skipped x/to-y: the same folder as y, searched once"))
        let entries = try directory.entries()
        #expect(!entries.contains("b.golden"))
        for golden in ["a/inv.golden", "y/inv-y.golden"] {
            #expect(FileManager.default.fileExists(atPath: directory.url.appendingPathComponent(golden).path))
        }

        let verify = try directory.boundedRun(["golden", "verify", "--format", "json", "."], killedAfter: 120)
        #expect(verify.status == 0, "\(verify.standardOutput)\(verify.standardError)")
        let cases = try Self.changes(verify.standardOutput)
        #expect(cases.keys.sorted() == ["a/inv.json", "y/inv-y.json"])
        #expect(cases.values.allSatisfy { $0.status == "same" })
    }

    /// A payment code whose payload changed is said as the payment QR code, from the ops,
    /// never as an unexplained region blamed on fonts or the rasteriser. The creditor reference
    /// is only in the code (the page prints nothing else that changes), and with the amount the
    /// code changes beside the changed totals.
    @Test func aChangedPaymentQRCodeIsNamed() throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.copyItem(
            at: Self.goldens.appendingPathComponent("qr-epc-de/invoice.json"),
            to: directory.url.appendingPathComponent("giro.json"))
        #expect(try directory.boundedRun(["golden", "record", "giro.json"]).status == 0)
        try Self.edit(directory, "giro.json") { $0["paymentReference"] = "RF18539007547034" }
        let reference = try directory.boundedRun(["golden", "verify", "giro.json"])
        #expect(reference.status == 1, "\(reference.standardError)")
        let lines = reference.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(reference.standardOutput)")
        #expect(
            lines.contains {
                $0.hasPrefix("    page 1: the payment QR code changed: ")
                    && $0.contains(" of its 41 × 41 modules differ")
            }, "\(reference.standardOutput)")
        #expect(lines.contains("    page 1: 1 changed region: 82×82 px at (471, 610)"), "\(reference.standardOutput)")
        #expect(!reference.standardOutput.contains("rasteriser"), "\(reference.standardOutput)")

        #expect(try directory.boundedRun(["golden", "verify", "--update", "giro.json"]).status == 0)
        try Self.edit(directory, "giro.json") { $0["amountPaid"] = 2100 }
        let amount = try directory.boundedRun(["golden", "verify", "giro.json"])
        #expect(
            amount.standardOutput.contains("page 1: '3.471,03\u{A0}€' now '3.371,03\u{A0}€'"),
            "\(amount.standardOutput)")
        #expect(amount.standardOutput.contains("page 1: the payment QR code changed: "), "\(amount.standardOutput)")
    }

    @Test func anUpdateCaseThatMatchesNoCaseOrSeveralIsAUsageError() throws {
        let directory = try TemporaryDirectory()
        for name in ["bills/inv-1.json", "old/inv-1.json"] {
            try Self.copySample(to: name, in: directory)
        }
        #expect(try directory.boundedRun(["golden", "record", "."]).status == 0)
        for name in ["bills/inv-1.json", "old/inv-1.json"] {
            try Self.edit(directory, name) { $0["accentColor"] = "#2E7D32" }
        }
        let goldenOps = try directory.contents(of: "bills/inv-1.golden/ops.json")

        let nothing = try directory.boundedRun(["golden", "verify", "--update-case", "inv-2", "."])
        #expect(nothing.status == 2, "\(nothing.standardError)")
        #expect(
            nothing.standardError.contains(
                "--update-case 'inv-2' matches no case; the cases are bills/inv-1.json, old/inv-1.json"),
            "\(nothing.standardError)")

        let ambiguous = try directory.boundedRun(["golden", "verify", "--update-case", "inv-1.json", "."])
        #expect(ambiguous.status == 2, "\(ambiguous.standardError)")
        #expect(
            ambiguous.standardError.contains(
                "--update-case 'inv-1.json' matches 2 cases: bills/inv-1.json, old/inv-1.json"),
            "\(ambiguous.standardError)")
        #expect(!ambiguous.standardError.contains("re-recorded"))
        #expect(try directory.contents(of: "bills/inv-1.golden/ops.json") == goldenOps)

        // The path picks one; a path given whole wins over the file name the other ends in.
        let one = try directory.boundedRun(["golden", "verify", "--update-case", "./old/inv-1.json", "."])
        #expect(one.status == 1, "\(one.standardError)")
        #expect(one.standardError.contains("re-recorded old/inv-1.json"))
        #expect(!one.standardError.contains("re-recorded bills/inv-1.json"))
    }

    @Test func aGoldenWhoseInvoiceIsGoneIsOrphaned() throws {
        let directory = try TemporaryDirectory()
        for name in ["bills/a.json", "bills/b.json"] {
            try Self.copySample(to: name, in: directory)
        }
        #expect(try directory.boundedRun(["golden", "record", "bills"]).status == 0)
        try FileManager.default.removeItem(at: directory.url.appendingPathComponent("bills/b.json"))

        let text = try directory.boundedRun(["golden", "verify", "bills"])
        #expect(text.status == 1, "\(text.standardOutput)\(text.standardError)")
        #expect(text.standardOutput.contains("orphaned bills/b.golden\n"), "\(text.standardOutput)")
        #expect(text.standardOutput.contains("its invoice bills/b.json is gone"))
        #expect(text.standardOutput.contains("2 cases: 1 same, 0 changed, 1 orphaned"), "\(text.standardOutput)")

        let json = try directory.boundedRun(["golden", "verify", "--format", "json", "bills"])
        #expect(json.status == 1)
        let cases = try Self.changes(json.standardOutput)
        #expect(cases["bills/a.json"]?.status == "same")
        #expect(cases["bills/b.golden"]?.status == "orphaned")
        // --update re-records what changed; it neither deletes nor hides an orphan.
        let update = try directory.boundedRun(["golden", "verify", "--update", "bills"])
        #expect(update.status == 1)
        #expect(FileManager.default.fileExists(atPath: directory.url.appendingPathComponent("bills/b.golden").path))
        let record = try directory.boundedRun(["golden", "record", "bills"])
        #expect(record.status == 0)
        #expect(record.standardError.contains("bills/b.golden: its invoice is gone"), "\(record.standardError)")
    }
}
