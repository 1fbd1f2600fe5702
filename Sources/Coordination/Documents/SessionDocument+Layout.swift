extension SessionDocument {
    /// Writes the `layout` member: the container tree under the modals, its
    /// screens rendered exactly as in `stack`. A screen `stack` already holds
    /// is copied from the bytes `rendered` says it took (the same events: no
    /// screen under the modals is inside one).
    static func writeLayout(
        of state: SessionState, reusing rendered: RenderedEntries, into writer: inout JSONWriter
    ) {
        let navigation = state.navigation
        let underTabBar = navigation.layout.hasTabBar
        func writeStack(_ entries: [NavigationStack.Entry]) {
            writer.writeRaw("[")
            for (index, entry) in entries.enumerated() {
                if index > 0 { writer.writeRaw(",") }
                if let range = rendered.find(entry.screen)?.bytes {
                    // Copied out first: appending a slice of the same array would copy all of it.
                    writer.writeRaw(Array(writer.bytes[range]))
                    continue
                }
                let accepted =
                    state.root.isFinished ? [] : state.acceptedEventNames(of: entry, inModal: false, underTabBar: underTabBar)
                writeEntry(entry, accepted: accepted, sharing: state.flow.sharedParams, into: &writer)
            }
            writer.writeRaw("]")
        }
        func write(_ layout: Layout) {
            switch layout {
            case .stack(let entries):
                writer.writeRaw("{\"kind\":\"stack\",\"stack\":")
                writeStack(entries)
            case .split(let primary, let secondary):
                writer.writeRaw("{\"kind\":\"split\",\"primary\":")
                writeStack(primary)
                writer.writeRaw(",\"secondary\":")
                writeStack(secondary)
            case .tabs(let selected, let tabs):
                writer.writeRaw("{\"kind\":\"tabs\",\"selected\":")
                writer.writeString(selected)
                writer.writeRaw(",\"tabs\":[")
                for (index, tab) in tabs.enumerated() {
                    if index > 0 { writer.writeRaw(",") }
                    writer.writeRaw("{\"id\":")
                    writer.writeString(tab.item.id)
                    writer.writeRaw(",\"title\":")
                    writer.writeString(tab.item.title)
                    writer.writeRaw(",\"layout\":")
                    write(tab.layout)
                    writer.writeRaw("}")
                }
                writer.writeRaw("]")
            }
            writer.writeRaw("}")
        }
        write(navigation.layout)
    }
}
