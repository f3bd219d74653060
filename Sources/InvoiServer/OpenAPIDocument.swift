import InvoiModel

/// The API's OpenAPI 3.1 description, served at /openapi.json: hand-written in
/// openapi.json beside this file and embedded in the binary, with the invoice's JSON Schema
/// (`InvoiceSchema`, what `invoi schema invoice` prints) as the request body's schema, so the
/// document and the decoder cannot drift apart. InvoiServerTests checks its paths, methods and
/// render parameters against `Route` and `RenderQuery`.
public enum OpenAPIDocument {
    public static let json: String = {
        let written = String(decoding: PackageResources.openapi_json, as: UTF8.self)
        let placeholder = """
            "Invoice": {
                    "description": "Replaced, as the server serves this document, by `invoi schema invoice`."
                  }
            """
        let schema = InvoiceSchema.text.trimmingCharacters(in: .whitespacesAndNewlines)
        precondition(written.contains(placeholder), "openapi.json has no Invoice placeholder")
        return written.replacingOccurrences(of: placeholder, with: "\"Invoice\": " + schema)
    }()
}
