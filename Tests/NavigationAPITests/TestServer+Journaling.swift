import Coordination
import FileStore

extension TestServer {
    /// A server of `flows` on a file store in `data` for `body`'s requests,
    /// then stopped and its store closed: what it journaled is on disk for
    /// the server a test opens on `data` next, as after a restart.
    static func journaling<Result>(flows: [Flow], in data: String, _ body: (TestServer) throws -> Result) throws -> Result {
        let store = try FileStore(directory: data)
        defer { store.close() }
        let server = try TestServer(flows: flows, store: store)
        defer { server.server.stop(deadline: 1) }
        return try body(server)
    }
}
