/// Renders a session's history as the history document (openapi.yaml, `History`).
enum HistoryDocument {
    /// The router calls of `history` that produced versions after `version`,
    /// of a session now at `sessionVersion`.
    static func render(_ history: History, since version: Int, sessionVersion: Int) -> [UInt8] {
        let (entries, truncated) = history.entries(since: version)
        var writer = JSONWriter(capacity: 64 + 160 * entries.count)
        writer.writeRaw("{\"version\":")
        writer.writeInt(sessionVersion)
        writer.writeRaw(",\"truncated\":")
        writer.writeBool(truncated)
        writer.writeRaw(",\"entries\":[")
        var first = true
        for entry in entries {
            if !first { writer.writeRaw(",") }
            first = false
            writer.writeRaw("{\"seq\":")
            writer.writeInt(entry.seq)
            writer.writeRaw(",\"version\":")
            writer.writeInt(entry.version)
            writer.writeRaw(",\"operation\":")
            writer.writeString(entry.operation.rawValue)
            writer.writeRaw(",\"screen\":")
            writer.writeString(entry.screen)
            writer.writeRaw(",\"screenId\":")
            writer.writeString(entry.screenId)
            if let presentation = entry.presentation {
                writer.writeRaw(",\"presentation\":")
                writer.writeString(presentation.rawValue)
            }
            if let tab = entry.tab {
                writer.writeRaw(",\"tab\":")
                writer.writeString(tab)
            }
            if let column = entry.column {
                writer.writeRaw(",\"column\":")
                writer.writeString(column.rawValue)
            }
            if let tabs = entry.tabs {
                writer.writeRaw(",\"tabs\":[")
                for (index, tab) in tabs.enumerated() {
                    if index > 0 { writer.writeRaw(",") }
                    writer.writeRaw("{\"id\":")
                    writer.writeString(tab.id)
                    writer.writeRaw(",\"title\":")
                    writer.writeString(tab.title)
                    writer.writeRaw("}")
                }
                writer.writeRaw("]")
            }
            writer.writeRaw(",\"coordinator\":")
            writer.writeString(entry.coordinator)
            writer.writeRaw(",\"animated\":")
            writer.writeBool(entry.animated)
            writer.writeRaw(",\"byUser\":")
            writer.writeBool(entry.byUser)
            writer.writeRaw("}")
        }
        writer.writeRaw("]}")
        return writer.bytes
    }
}
