import Coordination
import Sessions

/// The body of `GET /v1/flows`, rendered for each request: the live
/// sessions of each version change.
///
/// `{"flows":[{"name","description","version","context":{"<member>":{"type",
/// "nullable","default","description"}},"links":[{"pattern","description"}],
/// "versions":[{"version","current","sessions","ramp"?,"retired"?}]}]}`: each flow as its
/// current version describes it, flows, context members and links in
/// declaration order, versions lowest first.
enum FlowsDocument {
    static func render(_ flows: [FlowOverview]) -> [UInt8] {
        var writer = JSONWriter(capacity: 256 * max(1, flows.count))
        writer.writeObject { document in
            document.member("flows") { $0.writeArray(flows) { write($1, into: &$0) } }
        }
        return writer.bytes
    }

    private static func write(_ overview: FlowOverview, into writer: inout JSONWriter) {
        let flow = overview.current
        writer.writeObject { object in
            object.member("name", flow.name)
            object.member("description", flow.description)
            object.member("version", flow.version)
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
            object.member("versions") { writer in
                writer.writeArray(overview.versions) { writer, version in
                    writer.writeObject { object in
                        object.member("version", version.version)
                        object.member("current", version.isCurrent)
                        object.member("sessions", version.sessions)
                        if let percent = version.rampPercent { object.member("ramp", percent) }
                        if version.isRetired { object.member("retired", true) }
                    }
                }
            }
        }
    }
}
