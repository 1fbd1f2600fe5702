/// A path template of openapi.yaml (`/v1/sessions/{id}/events`): literal
/// segments and named parameters, each parameter one whole segment.
///
/// Matching compares the request's percent-decoded segments, never a
/// regular expression: a `%2F` inside a segment is data, never a separator.
struct PathPattern: Sendable, Equatable, CustomStringConvertible {
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
                parameters.append(name: name, value: value)
            }
        }
        return parameters
    }

    /// ``match(_:)`` for a path of plain ASCII without escapes, its segments
    /// given as ranges of `path`: the same answer, without decoding a copy
    /// of every segment first.
    func match(_ ranges: UnsafeBufferPointer<Range<Int>>, in path: UnsafeBufferPointer<UInt8>) -> PathParameters? {
        guard ranges.count == segments.count else { return nil }
        var parameters = PathParameters()
        for index in segments.indices {
            let value = UnsafeBufferPointer(rebasing: path[ranges[index]])
            switch segments[index] {
            case .literal:
                guard value.elementsEqual(literalBytes[index]) else { return nil }
            case .parameter(let name):
                guard !value.isEmpty else { return nil }
                parameters.append(name: name, value: String(decoding: value, as: UTF8.self))
            }
        }
        return parameters
    }
}

/// The values a request's path gave a pattern's parameters, held inline
/// (no pattern has more than ``PathPattern/maxParameters``).
struct PathParameters: Sendable, Equatable {
    private var first: (name: String, value: String)?
    private var second: (name: String, value: String)?

    mutating func append(name: String, value: String) {
        if first == nil { first = (name, value) } else { second = (name, value) }
    }

    /// The decoded value of parameter `name`, or nil.
    subscript(name: String) -> String? {
        if let first, first.name == name { return first.value }
        if let second, second.name == name { return second.value }
        return nil
    }

    static func == (left: PathParameters, right: PathParameters) -> Bool {
        left.first?.name == right.first?.name && left.first?.value == right.first?.value
            && left.second?.name == right.second?.name && left.second?.value == right.second?.value
    }
}
