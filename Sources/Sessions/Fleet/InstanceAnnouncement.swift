import Coordination

/// What one server instance on a shared store tells the others: the flow
/// versions it hosts, under a lease it renews (``SessionStore/renewLease(_:forMilliseconds:)``).
///
/// Written as one line of JSON (``encoded``), so that any flow name
/// survives and the store keeps an opaque string.
struct InstanceAnnouncement: Sendable, Equatable {
    /// Unique to one process's life: its pid and 64 random bits.
    let instance: String
    /// Each flow it hosts, by name, with every version it hosts, lowest first.
    let versions: [String: [Int]]

    /// The most announcements a view reads from the store, and the longest
    /// one it decodes: a fleet is a handful of instances, each a few
    /// hundred bytes; what is past these limits is ignored, not trusted.
    static let maximumCount = 1_000
    static let maximumBytes = 64 * 1024

    init(instance: String, versions: [String: [Int]]) {
        self.instance = instance
        self.versions = versions
    }

    /// An instance name no other process has: `pid-<pid>-<16 hex digits>`.
    static func newInstanceName(processID: Int32) -> String {
        let random = UInt64.random(in: .min ... .max)
        let hex = String(random, radix: 16)
        return "pid-\(processID)-" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The line the store keeps, JSON: `{"instance":"pid-7-…","flows":{"notes":[1,2]}}`,
    /// flows in name order, so that one instance always writes the same line.
    var encoded: String {
        var flows = JSONObject()
        for name in versions.keys.sorted() {
            flows[name] = .array((versions[name] ?? []).map { .number(Double($0)) })
        }
        var writer = JSONWriter()
        writer.write(.object(["instance": .string(instance), "flows": .object(flows)]))
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// The announcement `line` spells; nil for a line this version cannot
    /// read (too long, not JSON, or not of the form above).
    init?(decoding line: String) {
        guard line.utf8.count <= Self.maximumBytes, let value = try? JSONParser.parse(line),
            let instance = value["instance"]?.stringValue, !instance.isEmpty, let flows = value["flows"]?.objectValue
        else { return nil }
        var versions: [String: [Int]] = [:]
        for (name, value) in flows {
            guard let numbers = value.arrayValue?.map({ $0.intValue }), !numbers.contains(nil) else { return nil }
            versions[name] = numbers.compactMap { $0 }.sorted()
        }
        self.init(instance: instance, versions: versions)
    }
}
