import Foundation
import NavigationClient
import TestSupport

/// Waits until `condition` holds, checking every few milliseconds; false if it still does not
/// after `seconds` (a bound against a hang on a busy machine, not a duration the test asserts:
/// under ThreadSanitizer beside other builds, 20 s ran out for a stream's reconnection).
@MainActor
func eventually(within seconds: Double = WaitBound.condition, _ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while !condition() {
        guard ContinuousClock.now < deadline else { return false }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return true
}

/// ``eventually(within:_:)`` for a condition that must ask something (a server) each time.
@MainActor
func eventuallyAsync(within seconds: Double = WaitBound.condition, _ condition: () async throws -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while (try? await condition()) != true {
        guard ContinuousClock.now < deadline else { return false }
        try? await Task.sleep(for: .milliseconds(20))
    }
    return true
}

/// A client that reconnects and polls quickly, so the tests do not wait for the defaults.
func quickClient(_ url: URL, apiKey: String? = nil, streamIdleTimeout: Double = 45) -> NavigationClient {
    var configuration = NavigationClientConfiguration()
    configuration.streamIdleTimeout = streamIdleTimeout
    configuration.initialReconnectDelay = 0.05
    configuration.maximumReconnectDelay = 0.5
    configuration.pollInterval = 0.05
    return NavigationClient(baseURL: url, apiKey: apiKey, configuration: configuration)
}

extension NavigationModel {
    /// The names of the stack, bottom to top.
    var names: [String] { document.stack.map(\.name) }
    var topName: String? { document.topScreen?.name }
}

/// The names of the client library's types that the server's modules also use, for files
/// that import both (a name is looked up per file, and this file imports only the library).
typealias ClientScreen = Screen
typealias ClientJSON = JSONValue
typealias ClientObject = JSONObject
typealias ClientLayout = Layout
typealias ClientTab = Tab
