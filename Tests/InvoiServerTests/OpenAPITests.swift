import Foundation
import Testing

@testable import InvoiServer

@Suite(.timeLimit(.minutes(1)))
struct OpenAPITests {
    /// The description names exactly the real routes, each with its method (and HEAD beside
    /// GET), and the
    /// render parameters `RenderQuery` takes.
    @Test func describesTheRealRoutes() async throws {
        try await withServer { _, port in
            let response = try await HTTPTestClient.send("GET", "/openapi.json", port: port)
            #expect(response.status == 200)
            let document = response.json
            #expect(document["openapi"] as? String == "3.1.0")
            let paths = try #require(document["paths"] as? [String: [String: Any]])
            #expect(Set(paths.keys) == Set(Route.allCases.map(\.rawValue)))
            for route in Route.allCases {
                let methods = route.method == .get ? ["get", "head"] : [route.method.rawValue.lowercased()]
                #expect(Set(paths[route.rawValue]?.keys.map { $0 } ?? []) == Set(methods))
            }
            let render = try #require(paths["/render"]?["post"] as? [String: Any])
            let parameters = (render["parameters"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
            #expect(parameters == RenderQuery.parameterNames)
            let statuses = Set((render["responses"] as? [String: Any] ?? [:]).keys)
            #expect(statuses == ["200", "400", "405", "413", "415", "422", "429", "500", "503"])
            // The request body is the invoice's JSON Schema, `invoi schema invoice`'s.
            let body = try #require((render["requestBody"] as? [String: Any])?["content"] as? [String: Any])
            let schema = try #require((body["application/json"] as? [String: Any])?["schema"] as? [String: Any])
            #expect(schema["$ref"] as? String == "#/components/schemas/Invoice")
            let components = try #require(document["components"] as? [String: Any])
            let invoice = try #require((components["schemas"] as? [String: Any])?["Invoice"] as? [String: Any])
            #expect(invoice["$id"] as? String == "urn:invoi:schema:invoice")
            let properties = try #require(invoice["properties"] as? [String: Any])
            #expect(properties["lineItems"] != nil && properties["fromName"] != nil)
        }
    }
}
