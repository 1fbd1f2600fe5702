// Flow files run on the engine and their expressions take and give
// `JSONValue`s; re-exporting Coordination (and with it JSON) keeps `import
// FlowFiles` all a user of this target needs.
@_exported import Coordination
