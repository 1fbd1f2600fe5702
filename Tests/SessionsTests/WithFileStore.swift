import FileStore
import StoreTestSupport

/// One run of a server over `directory`: opens a file store in it, hands it
/// to `body` and closes it afterwards, so that the next call opens the
/// journal as a restarted server does.
func withFileStore<Result>(in directory: TemporaryDirectory, _ body: (FileStore) throws -> Result) throws -> Result {
    let store = try FileStore(directory: directory.path)
    defer { store.close() }
    return try body(store)
}
