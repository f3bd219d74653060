import Foundation
import InvoiLocalization
import InvoiModel
import InvoiTestSupport
import Testing

/// `invoi schema invoice` against an independent validator (the `jsonschema` package, in a venv
/// this suite makes under .build) and against the decoder: every golden and template is valid;
/// for every field of the table, values of each JSON type, at and past each bound, in and out of
/// each choice, are refused by the schema exactly when the decoder refuses them, but for the
/// rules a schema cannot say (listed in `beyondASchema`).
@Suite(.serialized) struct InvoiceSchemaTests {
    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// A venv with jsonschema 4.26.0 from PyPI, made once per build directory.
    static let python: URL? = {
        let venv = repository.appendingPathComponent(".build/jsonschema-venv")
        let python = venv.appendingPathComponent("bin/python")
        let check = try? Tools.execute(python, ["-c", "import jsonschema; assert jsonschema.__version__ == '4.26.0'"])
        if check?.status == 0 { return python }
        let made =
            (try? Tools.execute(URL(fileURLWithPath: "/usr/bin/python3"), ["-m", "venv", "--clear", venv.path]))?.status
        guard made == 0 else { return nil }
        let pip = venv.appendingPathComponent("bin/pip")
        let installed = try? Tools.execute(pip, ["install", "-q", "--disable-pip-version-check", "jsonschema==4.26.0"])
        return installed?.status == 0 ? python : nil
    }()

    /// Each document's validity by the schema, as jsonschema's Draft 2020-12 validator says.
    static func schemaVerdicts(_ documents: [Data]) throws -> [Bool] {
        let python = try #require(python, "could not make a venv with jsonschema 4.26.0 (python3 -m venv, pip)")
        let directory = try TemporaryDirectory()
        let schema = try directory.run("schema", "invoice")
        #expect(schema.status == 0)
        try directory.write(schema.standardOutput, to: "invoice.schema.json")
        var lines = Data()
        for document in documents {
            lines.append(document)
            lines.append(0x0A)
        }
        try lines.write(to: directory.url.appendingPathComponent("documents.jsonl"))
        try directory.write(
            """
            import json, sys, jsonschema
            schema = json.load(open("invoice.schema.json"))
            jsonschema.Draft202012Validator.check_schema(schema)
            validator = jsonschema.Draft202012Validator(schema)
            for line in open("documents.jsonl", encoding="utf-8"):
                print("valid" if validator.is_valid(json.loads(line)) else "invalid")
            """, to: "validate.py")
        let run = try Tools.execute(python, ["validate.py"], in: directory.url)
        let output = String(decoding: run.standardOutput, as: UTF8.self)
        #expect(run.status == 0, "\(String(decoding: run.standardError, as: UTF8.self))")
        return output.split(separator: "\n").map { $0 == "valid" }
    }

    @Test func everyGoldenAndTemplateIsValid() throws {
        var documents: [(String, Data)] = []
        let goldens = Self.repository.appendingPathComponent("Goldens")
        for name in try FileManager.default.contentsOfDirectory(atPath: goldens.path).sorted() {
            let file = goldens.appendingPathComponent(name).appendingPathComponent("invoice.json")
            guard let data = FileManager.default.contents(atPath: file.path) else { continue }
            documents.append((name, try Self.oneLine(data)))
        }
        // The e-invoice tests' invoice that uses every field the designs print.
        let lineFields = Self.repository.appendingPathComponent("Tests/InvoiEInvoiceTests/Fixtures/line-fields.json")
        documents.append(("line-fields.json", try Self.oneLine(try Data(contentsOf: lineFields))))
        let directory = try TemporaryDirectory()
        for flag in ["", "--sample", "--example", "--einvoice"] {
            let name = "init\(flag).json"
            let made = try directory.run(["init", name] + (flag.isEmpty ? [] : [flag]))
            #expect(made.status == 0)
            documents.append(
                (
                    "invoi init \(flag)",
                    try Self.oneLine(try Data(contentsOf: directory.url.appendingPathComponent(name)))
                ))
        }
        #expect(documents.count > 40)
        let verdicts = try Self.schemaVerdicts(documents.map(\.1))
        for ((name, _), valid) in zip(documents, verdicts) {
            #expect(valid, "\(name) is not valid by the schema")
        }
    }

    @Test func theDecoderIgnoresSchema() throws {
        let data = Data(#"{"$schema": "./invoice.schema.json", "invoiceNumber": "A-1"}"#.utf8)
        let (invoice, warnings) = try InvoiceDecoder(today: CalendarDate(year: 2026, month: 3, day: 1)!).decode(
            data, file: "a.json")
        #expect(invoice.invoiceNumber == "A-1")
        #expect(warnings.isEmpty)
    }

    /// Rules the decoder keeps that a JSON Schema cannot state: a real calendar date, invisible
    /// characters, a locale ICU knows, Traditional Chinese (no catalog yet) — by the probe's rule.
    /// A custom field's name is unique as a reader tells names apart (case and spaces aside);
    /// its length is counted in characters a reader sees, a schema's in code points.
    static let beyondASchema: Set<String> = [
        "date:2026-02-30", "identifier:invisible", "locale:xx-YY", "language:zh-Hant",
        "customFields:duplicate names", "customFields:combining marks",
    ]

    /// Rules across fields, which a probe of one field meets with the others' defaults: a fixed
    /// discount at most the subtotal (the empty invoice's is 0); category S needs a VAT rate
    /// above 0 (the empty invoice's is 0) — by the probe's name.
    static let acrossFields: Set<String> = [
        "discount = fixed", "vatCategory = choice S", "lineItems[0].vatCategory = choice S",
        // A line's fixed discount is at most its quantity × rate (the probe's line is worth 0).
        "lineItems[0].discount = fixed",
    ]

    struct Probe {
        var name: String
        var document: Data
        var path: String
        var rule: String
    }

    /// Values of every kind for every field of the table, at its JSON path.
    static func probes() throws -> [Probe] {
        var probes: [Probe] = []
        func add(_ path: String, _ rule: String, _ document: Any) throws {
            let data = try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys, .fragmentsAllowed])
            probes.append(Probe(name: "\(path) = \(rule)", document: data, path: path, rule: rule))
        }
        func values(for type: FieldType) -> [(String, Any)] {
            var values: [(String, Any)] = [
                ("string", "x y"), ("number", 12), ("bool", true), ("array", [Any]()), ("object", [String: Any]()),
            ]
            switch type {
            case .text: values += [("empty", ""), ("lines", "a\nb")]
            case .identifier:
                values += [("plain", "INV-7"), ("line break", "a\nb"), ("identifier:invisible", "a\u{200B}b")]
            case .latinIdentifier: values += [("plain", "DEUTDEFF"), ("accent", "DÉUTDEFF")]
            case .date:
                values += [
                    ("real", "2026-03-12"), ("empty", ""), ("date:2026-02-30", "2026-02-30"),
                    ("month 13", "2026-13-01"),
                    ("slashes", "12/03/2026"),
                ]
            case .number(let minimum, let maximum):
                values += [("zero", 0), ("fraction", 1.5), ("negative", -3), ("quoted", "12")]
                if let minimum {
                    values += [
                        ("minimum", NSDecimalNumber(decimal: minimum)),
                        ("below", NSDecimalNumber(decimal: minimum - 1)),
                    ]
                }
                if let maximum {
                    values += [
                        ("maximum", NSDecimalNumber(decimal: maximum)),
                        ("above", NSDecimalNumber(decimal: maximum + 1)),
                    ]
                }
            case .choice(let choices, _):
                values += choices.prefix(40).map { ("choice \($0)", $0) } + [("empty", ""), ("nonsense", "nonsense")]
                if let first = choices.first, first.uppercased() != first {
                    values.append(("upper", first.uppercased()))
                }
            case .patterned: values += [("empty", ""), ("blank", " ")]
            case .either(let choices, _):
                values += choices.prefix(10).map { ("choice \($0)", $0) } + [("nonsense", "nonsense!")]
            case .list:
                values += [
                    ("empty list", [Any]()), ("one item", [["quantity": 1, "rate": 2]]), ("a string item", ["x"]),
                ]
            case .object: values += [("unknown key", ["nonsense": 1])]
            case .discount:
                values += [
                    ("percentage", ["type": "percentage", "value": 10]),
                    ("percentage above 100", ["type": "percentage", "value": 150]),
                    ("fixed", ["type": "fixed", "value": 50]), ("negative fixed", ["type": "fixed", "value": -1]),
                    ("no value", ["type": "fixed"]), ("no type", ["value": 5]),
                ]
            case .boundedText, .flag, .customField:
                break  // inside a custom field only: its probes are `extraValues("customFields")`
            case .labels(let keys):
                values += [
                    ("one label", [keys[0]: "Word"]), ("a number", [keys[0]: 5]),
                    ("labels:unknown key", ["nonsense": "x"]),
                ]
            }
            return values
        }
        for field in InvoiceFieldTable.invoice {
            for (rule, value) in values(for: field.type) + extraValues(field.name) {
                try add(field.name, rule, [field.name: value])
            }
        }
        for field in InvoiceFieldTable.lineItem {
            for (rule, value) in values(for: field.type) + extraValues("lineItems.\(field.name)") {
                try add("lineItems[0].\(field.name)", rule, ["lineItems": [[field.name: value]]])
            }
        }
        try add("nonsenseField", "unknown top-level field", ["nonsenseField": 1])
        return probes
    }

    /// Values a field's own rule is about.
    static func extraValues(_ name: String) -> [(String, Any)] {
        switch name {
        case "logo": [("png", "logo.png"), ("SVG", "Logo.SVG"), ("gif", "logo.gif"), ("no extension", "logo")]
        case "locale": [("de-CH", "de-CH"), ("en_US", "en_US"), ("locale:xx-YY", "xx-YY"), ("spaces", "de CH")]
        case "language":
            Language.all.map { ("language \($0.code)", $0.code) } + [
                ("DE-at", "DE-at"), ("iw", "iw"), ("language:zh-Hant", "zh-Hant"), ("unknown", "xq"),
            ]
        case "accentColor": [("#3B82F6", "#3B82F6"), ("#3b82f6", "#3b82f6"), ("#38f", "#38f"), ("Blue", "Blue")]
        case "fromElectronicAddress", "toElectronicAddress":
            [
                ("gln", "0088:4012345000009"), ("email", "EM:ap@example.com"), ("unknown scheme", "XX:1"),
                ("no id", "0088:"), ("no colon", "0088"),
            ]
        case "customFields":
            customFieldValues()
        case "lineItems.unit":
            [("HUR", "HUR"), ("Hours", "Hours"), ("kg", "kg"), ("lower code", "hur"), ("unknown", "XYZ1")]
        default: []
        }
    }

    static func customFieldValues() -> [(String, Any)] {
        func field(_ name: String, _ value: String, identifier: Any? = nil) -> [String: Any] {
            var field: [String: Any] = ["name": name, "value": value]
            field["identifier"] = identifier
            return field
        }
        return [
            ("one field", [field("PO number", "4500012345")]),
            ("identifier", [field("PO number", "4500012345", identifier: true)]),
            ("identifier not true", [field("PO number", "45", identifier: false)]),
            ("identifier a string", [field("PO number", "45", identifier: "yes")]),
            ("identifier line break", [field("PO number", "45\n00", identifier: true)]),
            ("identifier:invisible", [field("PO number", "45\u{200F}00", identifier: true)]),
            ("text line break", [field("Project", "Harbour\nphase 2")]),
            ("name 40", [field(String(repeating: "n", count: 40), "1")]),
            ("name 41", [field(String(repeating: "n", count: 41), "1")]),
            ("value 200", [field("Note", String(repeating: "v", count: 200))]),
            ("value 201", [field("Note", String(repeating: "v", count: 201))]),
            ("blank name", [field(" ", "1")]),
            ("empty name", [field("", "1")]),
            ("empty value", [field("PO", "")]),
            ("no value", [["name": "PO"]]),
            ("no name", [["value": "1"]]),
            ("eight", (1...8).map { field("F\($0)", "v") }),
            ("nine", (1...9).map { field("F\($0)", "v") }),
            ("unknown key", [["name": "PO", "value": "1", "nonsense": 1]]),
            ("customFields:duplicate names", [field("PO", "1"), field("po", "2")]),
            ("customFields:combining marks", [field(String(repeating: "e\u{301}", count: 40), "1")]),
        ]
    }

    @Test func theSchemaRefusesWhatTheDecoderRefuses() throws {
        let probes = try Self.probes()
        #expect(probes.count > 500)
        let decoder = InvoiceDecoder(today: CalendarDate(year: 2026, month: 3, day: 1)!)
        let verdicts = try Self.schemaVerdicts(probes.map(\.document))
        var disagreements: [String] = []
        for (probe, schemaAccepts) in zip(probes, verdicts) {
            var decoderAccepts = true
            do {
                let (_, warnings) = try decoder.decode(probe.document, file: "probe.json")
                // A field invoi warns about and ignores counts as refused here.
                if warnings.contains(where: { Self.isAbout(probe.path, $0.path) && $0.message.contains("unknown") }) {
                    decoderAccepts = false
                }
            } catch {
                decoderAccepts = !error.diagnostics.contains {
                    $0.severity == .error && Self.isAbout(probe.path, $0.path)
                }
            }
            if decoderAccepts != schemaAccepts && !Self.beyondASchema.contains(probe.rule)
                && !Self.acrossFields.contains(probe.name)
            {
                disagreements.append(
                    "\(probe.name): decoder \(decoderAccepts ? "accepts" : "refuses"), schema \(schemaAccepts ? "accepts" : "refuses")"
                )
            }
        }
        #expect(
            disagreements.isEmpty, "\(disagreements.count) disagreements:\n\(disagreements.joined(separator: "\n"))")
    }

    /// Whether a diagnostic at `found` is about the field at `path` (or inside it).
    static func isAbout(_ path: String, _ found: String) -> Bool {
        found == path || found.hasPrefix(path + ".") || found.hasPrefix(path + "[")
            || (path.hasPrefix("lineItems[0].") && found == "lineItems[0]")
            || (found.isEmpty && path == "nonsenseField")
    }

    static func oneLine(_ data: Data) throws -> Data {
        try JSONSerialization.data(withJSONObject: try JSONSerialization.jsonObject(with: data), options: [.sortedKeys])
    }
}
