import Foundation
import InvoiModel
import InvoiTestSupport
import Testing

/// `invoi schema theme` against the jsonschema package (InvoiceSchemaTests' venv) and against
/// `ThemeDecoder`: what `invoi init --theme` writes for every design is valid; for every field
/// of `ThemeFieldTable`, values of each JSON type, at and past each bound, in and out of each
/// choice, are refused by the schema exactly when the decoder refuses them, but for the rules a
/// schema cannot say (`beyondASchema`).
@Suite(.serialized) struct ThemeSchemaTests {
    /// Each document's validity by the theme schema.
    static func schemaVerdicts(_ documents: [Data]) throws -> [Bool] {
        let python = try #require(
            InvoiceSchemaTests.python, "could not make a venv with jsonschema 4.26.0 (python3 -m venv, pip)")
        let directory = try TemporaryDirectory()
        let schema = try directory.run("schema", "theme")
        #expect(schema.status == 0)
        try directory.write(schema.standardOutput, to: "theme.schema.json")
        var lines = Data()
        for document in documents {
            lines.append(document)
            lines.append(0x0A)
        }
        try lines.write(to: directory.url.appendingPathComponent("documents.jsonl"))
        try directory.write(
            """
            import json, jsonschema
            schema = json.load(open("theme.schema.json"))
            jsonschema.Draft202012Validator.check_schema(schema)
            validator = jsonschema.Draft202012Validator(schema)
            for line in open("documents.jsonl", encoding="utf-8"):
                print("valid" if validator.is_valid(json.loads(line)) else "invalid")
            """, to: "validate.py")
        let run = try Tools.execute(python, ["validate.py"], in: directory.url)
        #expect(run.status == 0, "\(String(decoding: run.standardError, as: UTF8.self))")
        return String(decoding: run.standardOutput, as: UTF8.self).split(separator: "\n").map { $0 == "valid" }
    }

    @Test func whatInitWritesIsValid() throws {
        let directory = try TemporaryDirectory()
        var documents: [Data] = []
        for design in DesignName.allCases {
            let made = try directory.run("init", "--theme", "\(design.rawValue).json", "--design", design.rawValue)
            #expect(made.status == 0)
            let data = try Data(contentsOf: directory.url.appendingPathComponent("\(design.rawValue).json"))
            // null is "not given" for the decoder; a schema says it by leaving the key out.
            documents.append(try Self.withoutNulls(data))
            #expect(try directory.run("theme", "check", "\(design.rawValue).json").status == 0)
        }
        #expect(try Self.schemaVerdicts(documents) == Array(repeating: true, count: DesignName.allCases.count))
    }

    /// The fuzz seeds: the theme with every key is valid by the schema, the one with a problem
    /// of every kind is not — as the decoder says.
    @Test func theSeedThemesAreJudgedAlike() throws {
        let seeds = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fuzz/Seeds/theme")
        let names = ["every-key.json", "refused.json"]
        let documents = try names.map { try Self.withoutNulls(Data(contentsOf: seeds.appendingPathComponent($0))) }
        let decoded = documents.map { (try? ThemeDecoder().decode($0, file: "seed.json")) != nil }
        #expect(decoded == [true, false])
        #expect(try Self.schemaVerdicts(documents) == decoded)
    }

    /// Rules a JSON Schema cannot state, by the probe's name.
    static let beyondASchema: Set<String> = []

    struct Probe {
        var name: String
        var document: Data
        var path: String
    }

    /// `{"version": 1}` with `value` at `path` (`table.columns`).
    static func document(_ path: [String], _ value: Any) -> [String: Any] {
        var object: Any = value
        for key in path.reversed() { object = [key: object] }
        var document = object as! [String: Any]
        if path != ["version"] { document["version"] = 1 }
        return document
    }

    static func values(for type: ThemeFieldType) -> [(String, Any)] {
        var values: [(String, Any)] = [
            ("string", "x y"), ("number", 12), ("bool", true), ("array", [Any]()), ("object", [String: Any]()),
        ]
        switch type {
        case .version: values += [("one", 1), ("two", 2), ("one point zero", 1.0), ("quoted", "1")]
        case .choice(let choices):
            values += choices.map { ("choice \($0)", $0) } + [("empty", ""), ("upper", choices[0].uppercased())]
        case .color: values += [("hex", "#3B82F6"), ("lower hex", "#3b82f6"), ("short", "#38f"), ("named", "green")]
        case .family:
            values += [
                ("plain", "Noto Sans"), ("empty", ""), ("blank", "  "), ("line break", "a\nb"),
                ("100", String(repeating: "x", count: 100)), ("101", String(repeating: "x", count: 101)),
            ]
        case .number(let range, _, _):
            values += [
                ("minimum", range.lowerBound), ("maximum", range.upperBound), ("below", range.lowerBound - 0.5),
                ("above", range.upperBound + 0.5), ("quoted", "\(Int(range.lowerBound))"),
            ]
        case .boolean: values += [("false", false), ("quoted", "true")]
        case .text(let maximumLength):
            values += [
                ("empty", ""), ("at most", String(repeating: "é", count: maximumLength)),
                ("too long", String(repeating: "é", count: maximumLength + 1)),
            ]
        case .columns(let names, let required):
            values += [
                ("required", required), ("all", names), ("reversed", Array(names.reversed())),
                ("without amount", required.filter { $0 != "amount" }), ("twice", required + [required[0]]),
                ("unknown", required + ["nonsense"]), ("a number", required + [1]),
            ]
        case .sections(let hideable, let legallyRequired):
            values += [
                ("all", hideable), ("twice", [hideable[0], hideable[0]]), ("required", [legallyRequired[0]]),
                ("unknown", ["nonsense"]), ("empty", [String]()),
            ]
        case .fallbacks(let scripts, let maximumCount):
            values += [
                ("one", [scripts[0]: ["Noto Sans"]]),
                ("every", Dictionary(uniqueKeysWithValues: scripts.map { ($0, ["F"]) })),
                ("unknown script", ["nonsense": ["F"]]), ("not a list", [scripts[0]: "F"]),
                ("at most", [scripts[0]: (0..<maximumCount).map { "F\($0)" }]),
                ("too many", [scripts[0]: (0...maximumCount).map { "F\($0)" }]), ("blank family", [scripts[0]: [" "]]),
                ("a number", [scripts[0]: [1]]),
            ]
        case .labels(let keys):
            values += [
                ("one label", [keys[0]: "Word"]), ("a number", [keys[0]: 5]), ("unknown key", ["nonsense": "x"]),
            ]
        case .object: values += [("unknown key", ["nonsense": 1]), ("empty", [String: Any]())]
        }
        return values
    }

    static func probes() throws -> [Probe] {
        var probes: [Probe] = []
        func walk(_ fields: [ThemeField], under path: [String]) throws {
            for field in fields {
                let fieldPath = path + [field.name]
                for (rule, value) in values(for: field.type) {
                    let data = try JSONSerialization.data(
                        withJSONObject: document(fieldPath, value), options: [.sortedKeys, .fragmentsAllowed])
                    let joined = fieldPath.joined(separator: ".")
                    probes.append(Probe(name: "\(joined) = \(rule)", document: data, path: joined))
                }
                if case .object(let inner) = field.type { try walk(inner, under: fieldPath) }
            }
        }
        try walk(ThemeFieldTable.fields, under: [])
        let crossing: [(String, [String: Any])] = [
            ("window = with band", ["version": 1, "design": "band", "window": "us10"]),
            ("nonsense = unknown top-level field", ["version": 1, "nonsense": 1]),
            ("version = missing", ["design": "band"]),
        ]
        for (name, document) in crossing {
            let path = String(name.prefix { $0 != " " })
            probes.append(
                Probe(name: name, document: try JSONSerialization.data(withJSONObject: document), path: path))
        }
        return probes
    }

    @Test func theSchemaRefusesWhatTheDecoderRefuses() throws {
        let probes = try Self.probes()
        #expect(probes.count > 200)
        let verdicts = try Self.schemaVerdicts(probes.map(\.document))
        var disagreements: [String] = []
        for (probe, schemaAccepts) in zip(probes, verdicts) {
            var decoderAccepts = true
            do {
                _ = try ThemeDecoder().decode(probe.document, file: "probe.json")
            } catch {
                decoderAccepts = !error.errors.contains {
                    $0.path == probe.path || $0.path.hasPrefix(probe.path + ".") || $0.path.hasPrefix(probe.path + "[")
                        || ($0.path.isEmpty && ["version", "nonsense"].contains(probe.path))
                }
            }
            // A window beside another design is the decoder's rule across two fields.
            let beyond = Self.beyondASchema.contains(probe.name) || probe.name == "window = with band"
            if decoderAccepts != schemaAccepts && !beyond {
                disagreements.append(
                    "\(probe.name): decoder \(decoderAccepts ? "accepts" : "refuses"), schema \(schemaAccepts ? "accepts" : "refuses")"
                )
            }
        }
        #expect(
            disagreements.isEmpty, "\(disagreements.count) disagreements:\n\(disagreements.joined(separator: "\n"))")
    }

    /// The document with every null member removed.
    static func withoutNulls(_ data: Data) throws -> Data {
        func strip(_ value: Any) -> Any {
            if let object = value as? [String: Any] {
                return object.filter { !($0.value is NSNull) }.mapValues(strip)
            }
            if let array = value as? [Any] { return array.map(strip) }
            return value
        }
        return try JSONSerialization.data(
            withJSONObject: strip(try JSONSerialization.jsonObject(with: data)), options: [.sortedKeys])
    }
}
