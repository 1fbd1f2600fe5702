import HTTPCore

/// The header sets responses start from, built once.
enum ResponseHeaders {
    static let jsonContentType = "application/json; charset=utf-8"
    static let problemContentType = "application/problem+json; charset=utf-8"
    static let yamlContentType = "application/yaml"
    /// Session state changes with every event: no cache may keep it.
    static let noStore = "no-store"

    static let json: HTTPHeaders = ["Content-Type": jsonContentType, "Cache-Control": noStore]
    static let problem: HTTPHeaders = ["Content-Type": problemContentType, "Cache-Control": noStore]
    static let yaml: HTTPHeaders = ["Content-Type": yamlContentType]
    static let metrics: HTTPHeaders = ["Content-Type": PrometheusTextWriter.contentType, "Cache-Control": noStore]
}
