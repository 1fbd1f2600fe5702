import HTTPCore

/// The query of `GET /v1/sessions/{id}/history` and `GET
/// /v1/sessions/{id}/events`: `since`, a non-negative integer (a session
/// version), 0 when absent. Other parameters are ignored.
struct HistoryQuery {
    let since: Int

    // Borrowed, as every request reader: an owned request was copied for
    // the call and destroyed in it.
    init(_ request: borrowing HTTPRequest) throws(Problem) {
        guard !request.query.isEmpty else {
            since = 0
            return
        }
        let values = request.queryItems().filter { $0.name == "since" }.map(\.value)
        guard values.count <= 1 else {
            throw Problem(.invalidQuery, "'since' may be given once")
        }
        guard let text = values.first else {
            since = 0
            return
        }
        guard let since = DecimalInteger.parse(text) else {
            throw Problem(.invalidQuery, "'since' must be a non-negative integer (a session version), e.g. since=3")
        }
        self.since = since
    }
}
