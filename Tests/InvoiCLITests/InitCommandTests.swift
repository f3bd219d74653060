import Foundation
import Testing

@Suite struct InitCommandTests {
    private static func today() -> String {
        let parts = Calendar(identifier: .gregorian).dateComponents(in: .current, from: Date())
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    @Test func writesTheFirstLaunchInvoice() throws {
        let directory = try TemporaryDirectory()
        let dayBefore = Self.today()
        let result = try directory.run("init")
        let dayAfter = Self.today()
        #expect(result.status == 0)
        #expect(
            result.standardOutput == "Wrote invoice.json. Fill it in, then check it with `invoi check invoice.json`.\n")
        let json = try directory.contents(of: "invoice.json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(
            Set(object.keys) == [
                "fromName", "fromEmail", "fromPhone", "fromAddress", "toName", "toEmail", "toAddress",
                "invoiceNumber", "issueDate", "dueDate", "currency", "vatRate", "lineItems",
                "bankBeneficiary", "bankName", "bankAccount", "bankSwift",
            ])
        #expect(object["invoiceNumber"] as? String == "INV-0001")
        #expect(object["currency"] as? String == "USD")
        #expect(object["dueDate"] as? String == "")
        #expect(object["fromName"] as? String == "")
        #expect(object["vatRate"] as? Int == 0)
        let items = try #require(object["lineItems"] as? [[String: Any]])
        #expect(items.count == 1)
        #expect(items.first?["quantity"] as? Int == 1)
        #expect(items.first?["rate"] as? Int == 0)
        let issueDate = try #require(object["issueDate"] as? String)
        #expect([dayBefore, dayAfter].contains(issueDate))  // the day may turn during the test
        #expect(issueDate.count == 10)
        // What init writes, check accepts without a warning.
        let check = try directory.run("check", "invoice.json")
        #expect(check.status == 0)
        #expect(check.standardError == "")
        #expect(try directory.entries() == ["invoice.json"])  // no temporary file left behind
    }

    @Test func neverClobbersAnExistingFile() throws {
        let directory = try TemporaryDirectory()
        try directory.write("precious", to: "invoice.json")
        let result = try directory.run("init")
        #expect(result.status == 73)
        #expect(
            result.errorLines == [
                "invoi: error: invoice.json already exists; pass --force to overwrite it, or give another path"
            ])
        #expect(try directory.contents(of: "invoice.json") == "precious")
        #expect(try directory.entries() == ["invoice.json"])
    }

    @Test func doesNotWriteThroughASymlink() throws {
        let directory = try TemporaryDirectory()
        try directory.write("precious", to: "target.json")
        try FileManager.default.createSymbolicLink(
            atPath: directory.url.appendingPathComponent("link.json").path,
            withDestinationPath: "target.json")
        #expect(try directory.run("init", "link.json").status == 73)
        #expect(try directory.contents(of: "target.json") == "precious")
    }

    @Test func forceOverwrites() throws {
        let directory = try TemporaryDirectory()
        try directory.write("old", to: "bill.json")
        let result = try directory.run("init", "bill.json", "--force")
        #expect(result.status == 0)
        #expect(try directory.contents(of: "bill.json").hasPrefix("{\n  \"fromName\": \"\","))
        #expect(try directory.entries() == ["bill.json"])
    }

    @Test func writesIntoADirectory() throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(
            at: directory.url.appendingPathComponent("bills"), withIntermediateDirectories: false)
        let result = try directory.run("init", "bills")
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("Wrote bills/invoice.json."))
        #expect(try directory.contents(of: "bills/invoice.json").contains("\"INV-0001\""))
    }

    @Test func missingDirectoryExits73() throws {
        let directory = try TemporaryDirectory()
        let result = try directory.run("init", "nope/invoice.json")
        #expect(result.status == 73)
        #expect(
            result.errorLines == [
                "invoi: error: cannot write nope/invoice.json: the directory nope does not exist; create it first (mkdir -p nope)"
            ])
    }

    @Test func writesToStandardOutput() throws {
        let directory = try TemporaryDirectory()
        let result = try directory.run("init", "-", "--sample")
        #expect(result.status == 0)
        #expect(result.standardOutput.contains(#""fromName": "Acme Studio""#))
        #expect(result.standardOutput.contains(#""issueDate": "2026-03-12""#))
        #expect(try directory.entries().isEmpty)
        let check = try directory.run("check", "-", input: result.standardOutput)
        #expect(check.standardOutput == "<stdin>: ok — INV-0001, 5 items, total $10,079.99\n")
    }

    /// `--example` shows every extension field, so that they can be found without the docs;
    /// the file checks clean and renders.
    @Test func writesTheExampleWithEveryExtension() throws {
        let directory = try TemporaryDirectory()
        let result = try directory.run("init", "--example")
        #expect(result.status == 0)
        #expect(
            result.standardOutput == "Wrote invoice.json. Fill it in, then check it with `invoi check invoice.json`.\n")
        let json = try directory.contents(of: "invoice.json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let discount = try #require(object["discount"] as? [String: Any])
        #expect(discount["type"] as? String == "percentage")
        #expect(discount["value"] as? Int == 10)
        #expect(object["amountPaid"] as? Int == 4000)
        #expect(object["status"] as? String == "partial")
        #expect(object["accentColor"] as? String == "blue")
        #expect((object["fromTaxId"] as? String)?.isEmpty == false)
        #expect((object["toTaxId"] as? String)?.isEmpty == false)
        #expect(object["logo"] == nil)  // no image exists to point it at; the notes explain it
        let notes = try #require(object["notes"] as? String)
        for word in ["\"logo\"", "\"estimate\"", "\"fixed\"", "void"] {
            #expect(notes.contains(word), "\(word)")
        }
        // 8399.99 − 10 % (840.00) = 7559.99, + 20 % VAT (1512.00) = 9071.99.
        let check = try directory.run("check", "invoice.json")
        #expect(check.standardError == "")
        #expect(check.standardOutput == "invoice.json: ok — INV-0002, 5 items, total $9,071.99\n")
        let preview = try directory.run("render", "invoice.json", "--format", "txt", "--color", "never")
        #expect(preview.status == 0)
        #expect(preview.standardOutput.contains("Acme Studio"))
    }

    @Test(arguments: [["--example", "--sample"], ["--einvoice", "--sample"], ["--einvoice", "--example"]])
    func theStartingInvoicesExcludeEachOther(flags: [String]) throws {
        let directory = try TemporaryDirectory()
        let result = try directory.run(["init"] + flags)
        #expect(result.status == 64)
        #expect(result.standardError.contains("--sample, --example and --einvoice each choose the invoice"))
        #expect(try directory.entries().isEmpty)
    }
}
