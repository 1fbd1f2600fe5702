import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The Navigation API over HTTP: flows, sessions, events, links and live updates.
///
/// Most apps use ``start(flow:context:link:)`` or ``attach(sessionID:)`` and
/// then the ``NavigationModel`` they return. The request methods below are
/// what the model is built on, one per route, for apps that keep their own
/// state. Every method that changes a session takes the version the caller
/// saw (`ifMatch`), so a change made meanwhile by another device is refused
/// (``ClientError/conflict(_:)``) instead of applied to a screen nobody saw.
public final class NavigationClient: Sendable {
    public let baseURL: URL
    let apiKey: String?
    let configuration: NavigationClientConfiguration
    private let urlSession: URLSession

    /// `apiKey` is sent as `Authorization: Bearer <key>` (the server's `--api-key`, or a JWT with `--auth jwt`).
    public init(baseURL: URL, apiKey: String? = nil, configuration: NavigationClientConfiguration = NavigationClientConfiguration()) {
        self.baseURL = baseURL
        self.apiKey = apiKey
        self.configuration = configuration
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        sessionConfiguration.timeoutIntervalForRequest = configuration.requestTimeout
        sessionConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
        urlSession = URLSession(configuration: sessionConfiguration)
    }

    deinit {
        urlSession.finishTasksAndInvalidate()
    }

    // MARK: - Models

    /// Starts a session of `flow` and returns a model that follows it.
    @MainActor
    public func start(flow: String, context: JSONObject? = nil, link: String? = nil) async throws(ClientError) -> NavigationModel {
        NavigationModel(client: self, document: try await createSession(flow: flow, context: context, link: link))
    }

    /// Returns a model of a session that already exists (started on another device, or before a relaunch).
    @MainActor
    public func attach(sessionID: String) async throws(ClientError) -> NavigationModel {
        NavigationModel(client: self, document: try await session(sessionID))
    }

    // MARK: - Requests

    /// The flows the server hosts.
    public func flows() async throws(ClientError) -> [FlowDescription] {
        try await perform("GET", "/v1/flows").decode(FlowList.self).flows
    }

    /// `POST /v1/sessions`: the root coordinator starts; with `link`, the session then opens it.
    public func createSession(flow: String, context: JSONObject? = nil, link: String? = nil) async throws(ClientError) -> SessionDocument {
        var body: JSONObject = ["flow": .string(flow)]
        if let context { body["context"] = .object(context) }
        if let link { body["link"] = .string(link) }
        return try await perform("POST", "/v1/sessions", body: body).decode(SessionDocument.self)
    }

    /// `GET /v1/sessions/{id}`.
    public func session(_ id: String) async throws(ClientError) -> SessionDocument {
        try await perform("GET", Self.path(id)).decode(SessionDocument.self)
    }

    /// The session when it is past `version`, `nil` when it is still there (`If-None-Match`, 304).
    public func session(_ id: String, changedSince version: Int) async throws(ClientError) -> SessionDocument? {
        let answer = try await perform("GET", Self.path(id), headers: ["If-None-Match": "\"\(version)\""])
        return answer.status == 304 ? nil : try answer.decode(SessionDocument.self)
    }

    /// `POST /v1/sessions/{id}/events`: `screen` reports `event`; the coordinators decide what happens.
    public func send(
        _ event: String, payload: JSONObject? = nil, screen: String, session id: String, ifMatch version: Int?
    ) async throws(ClientError) -> SessionDocument {
        var body: JSONObject = ["screen": .string(screen), "event": .string(event)]
        if let payload { body["payload"] = .object(payload) }
        return try await perform("POST", Self.path(id) + "/events", body: body, ifMatch: version).decode(SessionDocument.self)
    }

    /// `POST /v1/sessions/{id}/links`: opens a deep link such as `/rates/USD`.
    public func openLink(_ link: String, session id: String, ifMatch version: Int?) async throws(ClientError) -> SessionDocument {
        try await perform("POST", Self.path(id) + "/links", body: ["link": .string(link)], ifMatch: version)
            .decode(SessionDocument.self)
    }

    /// `DELETE /v1/sessions/{id}`: the root coordinator finishes and the session is freed.
    public func endSession(_ id: String) async throws(ClientError) {
        if let error = try await perform("DELETE", Self.path(id)).error { throw error }
    }

    /// Live documents of a session, from its stream (see ``SessionUpdates``); `after` is the version the caller has.
    public func updates(of sessionID: String, after version: Int? = nil) -> SessionUpdates {
        SessionUpdates(client: self, sessionID: sessionID, after: version)
    }

    // MARK: - Transport

    static func path(_ sessionID: String) -> String {
        // Ids are 32 hex digits; anything else is escaped so it cannot change the path.
        "/v1/sessions/" + (sessionID.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
    }

    func url(_ path: String) -> URL? {
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        return URL(string: base + path)
    }

    func request(_ method: String, _ path: String, headers: [String: String] = [:]) throws(ClientError) -> URLRequest {
        guard let url = url(path) else { throw .transport("'\(baseURL)' and '\(path)' do not make a URL") }
        var request = URLRequest(url: url)
        request.httpMethod = method
        if let apiKey { request.setValue("Bearer \(apiKey)", forHTTPHeaderField: "Authorization") }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return request
    }

    func perform(
        _ method: String, _ path: String, body: JSONObject? = nil, ifMatch version: Int? = nil, headers: [String: String] = [:]
    ) async throws(ClientError) -> HTTPAnswer {
        var request = try request(method, path, headers: headers)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let version { request.setValue("\"\(version)\"", forHTTPHeaderField: "If-Match") }
        if let body {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(JSONValue.object(body).jsonText.utf8)
        }
        do {
            let (data, response) = try await urlSession.answer(to: request)
            guard let response = response as? HTTPURLResponse else { throw ClientError.transport("not an HTTP answer") }
            return HTTPAnswer(response: response, body: data)
        } catch let error as ClientError {
            throw error
        } catch {
            throw .transport(error.localizedDescription)
        }
    }
}
