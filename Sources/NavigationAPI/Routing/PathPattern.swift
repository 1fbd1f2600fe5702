import Platform

/// A path template of openapi.yaml (`/v1/sessions/{id}/events`): literal
/// segments and named parameters, each parameter one whole segment.
///
/// Matching compares the request's percent-decoded segments, never a
/// regular expression: a `%2F` inside a segment is data, never a separator.
///
/// A class, like ``RouteTable/Path`` that holds it: matching a request
/// against a template copied a struct's three arrays out of its path, a
/// retain and a release each, for every template of the request's length.
final class PathPattern: Sendable, CustomStringConvertible {
    enum Segment: Sendable, Equatable {
        case literal(String)
        /// Matches any one non-empty segment and captures it under its name.
        case parameter(String)
    }

    /// The template as written in openapi.yaml.
    let template: String
    let segments: [Segment]
    /// Each literal segment's bytes (empty for a parameter), for ``match(_:in:)``.
    private let literalBytes: [[UInt8]]

    /// The most parameters one pattern may name (``PathParameters`` holds them inline).
    static let maxParameters = 2

    /// Parses `/`-separated segments; `{name}` is a parameter, anything
    /// else a literal. `"/"` is the one pattern of a single empty segment.
    init(_ template: String) {
        self.template = template
        segments = template.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map { segment in
            segment.hasPrefix("{") && segment.hasSuffix("}")
                ? .parameter(String(segment.dropFirst().dropLast())) : .literal(String(segment))
        }
        literalBytes = segments.map { if case .literal(let literal) = $0 { Array(literal.utf8) } else { [] } }
    }

    var description: String { template }

    /// The names of the parameters, in order.
    var parameterNames: [String] {
        segments.compactMap { if case .parameter(let name) = $0 { name } else { nil } }
    }

    /// The parameters of `path` (its decoded segments) when it has this
    /// pattern's shape, else nil.
    func match(_ path: [String]) -> PathParameters? {
        guard path.count == segments.count else { return nil }
        var parameters = PathParameters()
        for (segment, value) in zip(segments, path) {
            switch segment {
            case .literal(let literal):
                guard value == literal else { return nil }
            case .parameter(let name):
                guard !value.isEmpty else { return nil }
                parameters.append(name: name, value: .decoded(value))
            }
        }
        return parameters
    }

    /// ``match(_:)`` for a path of plain ASCII without escapes, its segments
    /// given as ranges of `path`: the same answer, without decoding a copy
    /// of every segment first. A parameter's value is its range in `path`,
    /// not a new `String` (an allocation, ~300 instructions a request with
    /// a session id).
    func match(_ ranges: UnsafeBufferPointer<Range<Int>>, in path: UnsafeBufferPointer<UInt8>) -> PathParameters? {
        guard ranges.count == segments.count else { return nil }
        var parameters = PathParameters()
        for index in segments.indices {
            let value = UnsafeBufferPointer(rebasing: path[ranges[index]])
            switch segments[index] {
            case .literal:
                guard literalBytes[index].withUnsafeBufferPointer({ ByteRuns.equal(value, $0) }) else { return nil }
            case .parameter(let name):
                guard !value.isEmpty else { return nil }
                parameters.append(name: name, value: .bytes(ranges[index]))
            }
        }
        return parameters
    }
}

/// The values a request's path gave a pattern's parameters, held inline
/// (no pattern has more than ``PathPattern/maxParameters``).
struct PathParameters: Sendable {
    /// A parameter's value: where it lies in the path it was matched in,
    /// when that path had nothing to decode, else its decoded text.
    enum Value: Sendable {
        /// UTF-8 offsets in the path (plain ASCII: each is a character's).
        case bytes(Range<Int>)
        case decoded(String)
    }

    private var first: (name: String, value: Value)?
    private var second: (name: String, value: Value)?

    mutating func append(name: String, value: Value) {
        if first == nil { first = (name, value) } else { second = (name, value) }
    }

    /// The value of parameter `name`, or nil.
    func value(of name: String) -> Value? {
        if let first, first.name == name { return first.value }
        if let second, second.name == name { return second.value }
        return nil
    }

    /// The decoded value of parameter `name` of `path`, the path these
    /// parameters were matched in; nil when there is none.
    func value(of name: String, in path: String) -> String? {
        withValue(of: name, in: path) { String(decoding: $0, as: UTF8.self) }
    }

    /// `body` of the UTF-8 bytes of parameter `name` of `path` (the path
    /// these parameters were matched in), read in place when they lie in
    /// it; nil when there is none.
    func withValue<Result>(of name: String, in path: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        switch value(of: name) {
        case nil: return nil
        case .decoded(let text):
            var text = text
            return text.withUTF8(body)
        case .bytes(let range):
            if let result = path.utf8.withContiguousStorageIfAvailable({ body(UnsafeBufferPointer(rebasing: $0[range])) }) {
                return result
            }
            return Array(path.utf8)[range].withUnsafeBufferPointer(body)
        }
    }
}
