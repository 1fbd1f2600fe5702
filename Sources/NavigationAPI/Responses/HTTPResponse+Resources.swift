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
        session(version: snapshot.version, document: snapshot.document, status: status)
    }

    /// A session document at `version`, with its `ETag`.
    static func session(version: Int, document: [UInt8], status: Int = 200) -> HTTPResponse {
        var headers = ResponseHeaders.json
        // One copy of the shared fields with room for this one, `Location`
        // or the request id the request log adds, instead of regrowing.
        headers.reserveCapacity(headers.count + 2)
        headers.add("ETag", EntityTag.header(for: version))
        return HTTPResponse(status: status, headers: headers, body: document)
    }

    /// `201 Created` for a new session, with its `Location`.
    static func createdSession(_ snapshot: SessionSnapshot) -> HTTPResponse {
        var response = session(snapshot, status: 201)
        response.headers.add("Location", "/v1/sessions/" + snapshot.id)
        return response
    }

    /// `304 Not Modified`: the client's copy at `version` is current.
    static func notModified(version: Int) -> HTTPResponse {
        HTTPResponse(status: 304, headers: ["ETag": EntityTag.header(for: version), "Cache-Control": ResponseHeaders.noStore])
    }

    /// `204 No Content`.
    static let noContent = HTTPResponse(status: 204, headers: ["Cache-Control": ResponseHeaders.noStore])
}
