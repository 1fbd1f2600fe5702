extension SessionDocument {
    /// Writes the `layout` member, the container tree under the modals, its
    /// screens rendered exactly as in `stack`. A screen `stack` already holds
    /// is copied from the bytes `rendered` says it took (the same events: no
    /// screen under the modals is inside one); a container stack of the very
    /// screens of `stack` (no modal) is copied whole from `stack.bytes`, the
    /// `stack` member's array, instead of screen by screen.
    /// `skips`: where each copy went.
    static func writeLayout(
        _ layout: Layout, of state: SessionState, reusing rendered: RenderedEntries,
        stack: (entries: [NavigationStack.Entry], bytes: Range<Int>)? = nil, skips: inout DocumentSkips,
        into writer: inout JSONWriter
    ) {
        let underTabBar = layout.hasTabBar
        func copy(_ range: Range<Int>, into writer: inout JSONWriter) {
            let start = writer.count
            writer.writeCopy(of: range)
            skips.recordRepeat(start..<writer.count)
        }
        func writeStack(_ entries: [NavigationStack.Entry], into writer: inout JSONWriter) {
            if let stack, entries.count == stack.entries.count,
                zip(entries, stack.entries).allSatisfy({ $0.screen === $1.screen })
            {
                copy(stack.bytes, into: &writer)
                return
            }
            writer.writeArray(entries) { writer, entry in
                if let range = rendered.place(of: entry.screen)?.bytes {
                    copy(range, into: &writer)
                    return
                }
                let accepted =
                    state.root.isFinished ? .none : AcceptedEvents(of: entry, inModal: false, underTabBar: underTabBar)
                writeEntry(entry, accepted: accepted, sharing: state.flow.sharedParams, into: &writer)
            }
        }
        func write(_ layout: Layout, into writer: inout JSONWriter) {
            writer.writeObject { object in
                switch layout {
                case .stack(let entries):
                    object.member("kind", "stack")
                    object.member("stack") { writeStack(entries, into: &$0) }
                case .split(let primary, let secondary):
                    object.member("kind", "split")
                    object.member("primary") { writeStack(primary, into: &$0) }
                    object.member("secondary") { writeStack(secondary, into: &$0) }
                case .tabs(let selected, let tabs):
                    object.member("kind", "tabs")
                    object.member("selected", selected)
                    object.member("tabs") { writer in
                        writer.writeArray(tabs) { writer, tab in
                            writer.writeObject { object in
                                object.member("id", tab.item.id)
                                object.member("title", tab.item.title)
                                object.member("layout") { write(tab.layout, into: &$0) }
                            }
                        }
                    }
                }
            }
        }
        write(layout, into: &writer)
    }
}
