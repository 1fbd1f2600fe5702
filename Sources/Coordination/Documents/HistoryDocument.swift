/// Renders a session's history as the history document (openapi.yaml, `History`).
enum HistoryDocument {
    /// The router calls of `history` that produced versions after `version`,
    /// of a session now at `sessionVersion`.
    static func render(_ history: History, since version: Int, sessionVersion: Int) -> [UInt8] {
        let (entries, truncated) = history.entries(since: version)
        var writer = JSONWriter(capacity: 64 + 160 * entries.count)
        writer.writeObject { document in
            document.member("version", sessionVersion)
            document.member("truncated", truncated)
            document.member("entries") { $0.writeArray(entries) { write($1, into: &$0) } }
        }
        return writer.bytes
    }

    private static func write(_ entry: HistoryEntry, into writer: inout JSONWriter) {
        writer.writeObject { object in
            object.member("seq", entry.seq)
            object.member("version", entry.version)
            object.member("operation", entry.operation.rawValue)
            object.member("screen", entry.screen)
            object.member("screenId", entry.screenId)
            if let presentation = entry.presentation { object.member("presentation", presentation.rawValue) }
            if let tab = entry.tab { object.member("tab", tab) }
            if let column = entry.column { object.member("column", column.rawValue) }
            if let tabs = entry.tabs {
                object.member("tabs") { writer in
                    writer.writeArray(tabs) { writer, tab in
                        writer.writeObject { object in
                            object.member("id", tab.id)
                            object.member("title", tab.title)
                        }
                    }
                }
            }
            object.member("coordinator", entry.coordinator)
            object.member("animated", entry.animated)
            object.member("byUser", entry.byUser)
        }
    }
}
