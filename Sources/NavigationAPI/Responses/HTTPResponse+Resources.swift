import Coordination
import HTTPCore
import Sessions

extension HTTPResponse {
    /// A JSON body that is not a session (health, flows, history).
    static func json(_ body: [UInt8], status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: ResponseHeaders.json, body: body)
    }

    /// The session document with its `ETag`.
    static func session(_ snapshot: SessionSnapshot, status: Int = 200) -> HTTPResponse {
        session(version: snapshot.version, document: snapshot.sharedDocument, status: status)
    }

    /// A session document at `version`, with its `ETag`; the document is
    /// lent to the response, not copied.
    static func session(version: Int, document: SharedBytes, status: Int = 200) -> HTTPResponse {
        var headers = ResponseHeaders.json
        // One copy of the shared fields with room for this one, a new
        // session's `Location` and the request id the request log adds,
        // instead of regrowing.
        headers.reserveCapacity(headers.count + 3)
        EntityTag.withHeader(for: version) { headers.add(named: "ETag", utf8: $0) }
        return HTTPResponse(status: status, headers: headers, lending: document)
    }

    /// `201 Created` for a new session, with its `Location`.
    static func createdSession(_ snapshot: SessionSnapshot) -> HTTPResponse {
        var response = session(snapshot, status: 201)
        withSessionPath(of: snapshot.id) { response.headers.add(named: "Location", utf8: $0) }
        return response
    }

    /// `body` of `/v1/sessions/{id}`, spelled in memory on the stack: a
    /// `String` of it, added by name, cost ~760 instructions per session
    /// created.
    static func withSessionPath<Result>(of id: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let prefix: StaticString = "/v1/sessions/"
        var id = id
        return id.withUTF8 { id in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: prefix.utf8CodeUnitCount + id.count) { path in
                let rest = path.initialize(fromContentsOf: UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount))
                _ = UnsafeMutableBufferPointer(rebasing: path[rest...]).initialize(fromContentsOf: id)
                return body(UnsafeBufferPointer(path))
            }
        }
    }

    /// `304 Not Modified`: the client's copy at `version` is current.
    static func notModified(version: Int) -> HTTPResponse {
        HTTPResponse(status: 304, headers: ["ETag": EntityTag.header(for: version), "Cache-Control": ResponseHeaders.noStore])
    }

    /// `204 No Content`.
    static let noContent = HTTPResponse(status: 204, headers: ["Cache-Control": ResponseHeaders.noStore])
}
