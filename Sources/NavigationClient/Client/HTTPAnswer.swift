import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the server answered: status, the headers the client reads, and the body.
struct HTTPAnswer: Sendable {
    let status: Int
    let contentType: String?
    let retryAfter: Int?
    let body: Data

    init(status: Int, contentType: String?, retryAfter: Int?, body: Data) {
        self.status = status
        self.contentType = contentType
        self.retryAfter = retryAfter
        self.body = body
    }

    init(response: HTTPURLResponse, body: Data) {
        self.init(
            status: response.statusCode, contentType: response.value(forHTTPHeaderField: "Content-Type"),
            retryAfter: response.value(forHTTPHeaderField: "Retry-After").flatMap { Int($0.trimmingCharacters(in: .whitespaces)) },
            body: body)
    }

    /// The error this answer means, or `nil` for a success (2xx or 304).
    var error: ClientError? {
        if (200..<300).contains(status) || status == 304 { return nil }
        var problem: Problem?
        if contentType?.hasPrefix("application/problem+json") == true {
            problem = try? JSONValueDecoder().decode(Problem.self, from: body)
            problem?.retryAfter = retryAfter
        }
        switch (status, problem) {
        case (401, _): return .unauthorized(problem)
        case (409, .some(let problem)), (412, .some(let problem)): return .conflict(problem)
        case (410, let problem):
            return .gone(
                recordedFlowVersion: problem?.recordedFlowVersion, currentFlowVersion: problem?.currentFlowVersion,
                detail: problem?.detail ?? "the session cannot be served any more")
        case (_, .some(let problem)): return .problem(problem)
        default: return .invalidResponse(status: status, reason: String(decoding: body.prefix(200), as: UTF8.self))
        }
    }

    /// Decodes the body as `type`, or throws the error the answer means.
    func decode<T: Decodable>(_ type: T.Type) throws(ClientError) -> T {
        if let error { throw error }
        do {
            return try JSONValueDecoder().decode(type, from: body)
        } catch {
            throw .invalidResponse(status: status, reason: "\(error)")
        }
    }
}
