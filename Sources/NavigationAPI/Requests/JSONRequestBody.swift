import Coordination
import HTTPCore
import Platform

/// The JSON object a POST route reads from its request body.
enum JSONRequestBody {
    /// The body of `request` as a JSON object.
    ///
    /// - Parameters:
    ///   - shape: what the route expects, for the error when the body is
    ///     missing, e.g. `{"flow": string, "context"?: object}`.
    ///   - keys: the members the route reads, whose keys the parser hands
    ///     back without decoding them (``JSONKeys``).
    /// - Throws: 400 `invalid-request` for a missing body or one that is not
    ///   an object, 415 for a body that is not declared as JSON, 400
    ///   `malformed-json` with the parser's position for bad JSON.
    static func object(of request: HTTPRequest, shape: String, keys: JSONKeys) throws(Problem) -> JSONObject {
        guard !request.body.isEmpty else {
            throw Problem(.invalidRequest, "this request needs a JSON object body: \(shape)")
        }
        // What nearly every client sends, compared in place (~200
        // instructions less than making it a `String`); any other spelling
        // is read as text and parsed.
        if request.headers.firstValue(named: "Content-Type", satisfies: Self.isPlainJSON) != true {
            try checkContentType(request.headers.firstValue(named: "Content-Type"))
        }
        let value: JSONValue
        do {
            value = try JSONParser.parse(request.body, keys: keys)
        } catch {
            throw Problem(.malformedJSON, error.description)
        }
        guard case .object(let object) = value else {
            throw Problem(.invalidRequest, "the body must be a JSON object \(shape), not \(value.typeName)")
        }
        return object
    }

    /// Exactly `application/json`, byte for byte.
    private static func isPlainJSON(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        let plain: StaticString = "application/json"
        return ByteRuns.equal(value, UnsafeBufferPointer(start: plain.utf8Start, count: plain.utf8CodeUnitCount))
    }

    private static func checkContentType(_ value: String?) throws(Problem) {
        guard let value else {
            throw Problem(.unsupportedMediaType, "a request body needs 'Content-Type: application/json'")
        }
        // What nearly every client sends, accepted without parsing (~5,000
        // instructions per body); every other spelling is parsed.
        if value == "application/json" { return }
        guard let mediaType = MediaType(value), mediaType.isJSON else {
            throw Problem(.unsupportedMediaType, "the body must be JSON, sent with 'Content-Type: application/json'")
        }
        guard mediaType.declaresUTF8Compatible else {
            throw Problem(.unsupportedMediaType, "JSON bodies must be UTF-8; drop the charset parameter or use charset=utf-8")
        }
    }
}
