import Coordination

/// The body of `GET /v1/flows`, rendered once: flows never change while the
/// server runs.
///
/// `{"flows":[{"name","description","context":{"<member>":{"type","nullable",
/// "default","description"}},"links":[{"pattern","description"}]}]}`, flows,
/// context members and links in declaration order.
enum FlowsDocument {
    static func render(_ flows: [Flow]) -> [UInt8] {
        var writer = JSONWriter(capacity: 256 * max(1, flows.count))
        writer.writeObject { document in
            document.member("flows") { $0.writeArray(flows) { write($1, into: &$0) } }
        }
        return writer.bytes
    }

    private static func write(_ flow: Flow, into writer: inout JSONWriter) {
        writer.writeObject { object in
            object.member("name", flow.name)
            object.member("description", flow.description)
            object.member("context") { writer in
                writer.writeObject { context in
                    for field in flow.context {
                        context.member(named: field.name) { writer in
                            writer.writeObject { declaration in
                                declaration.member("type", field.type.rawValue)
                                declaration.member("nullable", field.nullable)
                                declaration.member("default", field.defaultValue)
                                declaration.member("description", field.description)
                            }
                        }
                    }
                }
            }
            object.member("links") { writer in
                writer.writeArray(flow.links) { writer, link in
                    writer.writeObject { object in
                        object.member("pattern", link.pattern)
                        object.member("description", link.description)
                    }
                }
            }
        }
    }
}
