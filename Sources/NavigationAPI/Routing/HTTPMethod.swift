/// The request methods this API answers. Anything else on a known path is 405.
enum HTTPMethod: String, Sendable, CaseIterable {
    case get = "GET"
    case head = "HEAD"
    case post = "POST"
    case delete = "DELETE"

    /// The method exactly as sent; methods are case-sensitive (RFC 9110 §9.1),
    /// so `get` is not `GET`.
    init?(exactly name: String) {
        switch name {
        case "GET": self = .get
        case "HEAD": self = .head
        case "POST": self = .post
        case "DELETE": self = .delete
        default: return nil
        }
    }
}
