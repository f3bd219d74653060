/// The API's OpenAPI 3.1 description, served at /openapi.json: hand-written in
/// openapi.json beside this file and embedded in the binary. InvoiServerTests checks its
/// paths, methods and render parameters against `Route` and `RenderQuery`.
public enum OpenAPIDocument {
    public static let json = String(decoding: PackageResources.openapi_json, as: UTF8.self)
}
