/// A strict parser of the Prometheus text exposition format 0.0.4, for
/// checking `GET /metrics`: any line it cannot read, a sample before its
/// family's `# TYPE`, a repeated series or a histogram whose buckets do not
/// add up is an error.
struct PrometheusTextParser {
    struct Sample: Equatable {
        let name: String
        let labels: [String: String]
        let value: Double
    }

    struct ParseError: Error, CustomStringConvertible {
        let line: Int
        let reason: String
        var description: String { "line \(line): \(reason)" }
    }

    private(set) var samples: [Sample] = []
    /// Family name to its declared type.
    private(set) var types: [String: String] = [:]

    /// The value of the one sample with exactly these labels; `nil` when absent.
    func value(_ name: String, _ labels: [String: String] = [:]) -> Double? {
        samples.first { $0.name == name && $0.labels == labels }?.value
    }

    func samples(named name: String) -> [Sample] {
        samples.filter { $0.name == name }
    }

    init(_ text: String) throws(ParseError) {
        guard text.hasSuffix("\n") else { throw ParseError(line: 0, reason: "the page must end with a newline") }
        var seenSeries: Set<String> = []
        var sampledFamilies: Set<String> = []
        for (offset, line) in text.dropLast().split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = offset + 1
            if line.hasPrefix("#") {
                try readComment(line, number: number, sampledFamilies: sampledFamilies)
                continue
            }
            guard !line.isEmpty else { throw ParseError(line: number, reason: "empty line") }
            let sample = try Self.readSample(line, number: number)
            let family = family(of: sample.name)
            guard let type = types[family] else { throw ParseError(line: number, reason: "\(sample.name) has no # TYPE before it") }
            if type != "histogram" && sample.name != family {
                throw ParseError(line: number, reason: "\(sample.name) is not a series of \(type) \(family)")
            }
            let series =
                sample.name + "{" + sample.labels.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",") + "}"
            guard seenSeries.insert(series).inserted else { throw ParseError(line: number, reason: "repeated series \(series)") }
            sampledFamilies.insert(family)
            samples.append(sample)
        }
        try checkHistograms()
    }

    /// The family a sample belongs to: a histogram's `_bucket`, `_sum` and `_count` belong to it.
    private func family(of name: String) -> String {
        for suffix in ["_bucket", "_sum", "_count"] where name.hasSuffix(suffix) {
            let base = String(name.dropLast(suffix.count))
            if types[base] == "histogram" { return base }
        }
        return name
    }

    private mutating func readComment(_ line: Substring, number: Int, sampledFamilies: Set<String>) throws(ParseError) {
        let parts = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count >= 3, parts[0] == "#", parts[1] == "HELP" || parts[1] == "TYPE" else { return }
        let name = String(parts[2])
        guard Self.isMetricName(name) else { throw ParseError(line: number, reason: "bad metric name '\(name)'") }
        guard parts[1] == "TYPE" else {
            guard parts.count == 4, !parts[3].isEmpty else { throw ParseError(line: number, reason: "HELP without text") }
            return
        }
        guard parts.count == 4, ["counter", "gauge", "histogram", "summary", "untyped"].contains(parts[3]) else {
            throw ParseError(line: number, reason: "bad TYPE line")
        }
        guard types[name] == nil, !sampledFamilies.contains(name) else {
            throw ParseError(line: number, reason: "TYPE of \(name) repeated or after its samples")
        }
        types[name] = String(parts[3])
    }

    private static func readSample(_ line: Substring, number: Int) throws(ParseError) -> Sample {
        var rest = line[...]
        let name = String(rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == ":" })
        guard isMetricName(name) else { throw ParseError(line: number, reason: "bad metric name in '\(line)'") }
        rest = rest.dropFirst(name.count)
        var labels: [String: String] = [:]
        if rest.first == "{" {
            rest = rest.dropFirst()
            while rest.first != "}" {
                let label = String(rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
                guard isLabelName(label), labels[label] == nil else { throw ParseError(line: number, reason: "bad or repeated label") }
                rest = rest.dropFirst(label.count)
                guard rest.hasPrefix("=\"") else { throw ParseError(line: number, reason: "label \(label) without =\"") }
                rest = rest.dropFirst(2)
                var value = ""
                while let character = rest.first, character != "\"" {
                    rest = rest.dropFirst()
                    if character == "\\" {
                        switch rest.first {
                        case "\\": value.append("\\")
                        case "\"": value.append("\"")
                        case "n": value.append("\n")
                        default: throw ParseError(line: number, reason: "bad escape in label \(label)")
                        }
                        rest = rest.dropFirst()
                    } else {
                        value.append(character)
                    }
                }
                guard rest.first == "\"" else { throw ParseError(line: number, reason: "unterminated label value") }
                rest = rest.dropFirst()
                labels[label] = value
                if rest.first == "," {
                    rest = rest.dropFirst()
                } else if rest.first != "}" {
                    throw ParseError(line: number, reason: "expected , or } after label \(label)")
                }
            }
            rest = rest.dropFirst()
        }
        guard rest.first == " " else { throw ParseError(line: number, reason: "no space before the value") }
        let fields = rest.dropFirst().split(separator: " ", omittingEmptySubsequences: false)
        guard (1...2).contains(fields.count), let value = parseValue(fields[0]) else {
            throw ParseError(line: number, reason: "bad value in '\(line)'")
        }
        if fields.count == 2 && Int(fields[1]) == nil { throw ParseError(line: number, reason: "bad timestamp") }
        return Sample(name: name, labels: labels, value: value)
    }

    private static func parseValue(_ text: Substring) -> Double? {
        switch text {
        case "+Inf": .infinity
        case "-Inf": -.infinity
        case "NaN": .nan
        default: Double(text)
        }
    }

    /// Every histogram: cumulative buckets that never decrease, a `+Inf`
    /// bucket equal to `_count`, and a `_sum`, per label set.
    private func checkHistograms() throws(ParseError) {
        for (family, type) in types where type == "histogram" {
            var bucketsBySeries: [[String: String]: [(bound: Double, count: Double)]] = [:]
            for sample in samples(named: family + "_bucket") {
                var series = sample.labels
                guard let le = series.removeValue(forKey: "le"), let bound = Self.parseValue(le[...]) else {
                    throw ParseError(line: 0, reason: "\(family) bucket without a numeric le")
                }
                bucketsBySeries[series, default: []].append((bound, sample.value))
            }
            for (series, buckets) in bucketsBySeries {
                let counts = buckets.sorted { $0.bound < $1.bound }.map(\.count)
                guard counts == counts.sorted(), buckets.contains(where: { $0.bound == .infinity }),
                    value(family + "_count", series) == counts.last, value(family + "_sum", series) != nil
                else { throw ParseError(line: 0, reason: "histogram \(family) \(series) does not add up") }
            }
        }
    }

    private static func isMetricName(_ name: String) -> Bool {
        guard let first = name.first, first.isASCII, first.isLetter || first == "_" || first == ":" else { return false }
        return name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == ":") }
    }

    private static func isLabelName(_ name: String) -> Bool {
        guard let first = name.first, first.isASCII, first.isLetter || first == "_" else { return false }
        return name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") } && !name.hasPrefix("__")
    }
}

extension TestHTTPClient {
    /// A metric from `GET /metrics`, read with the strict parser; nil when
    /// the page has no sample of that name.
    func metric(_ name: String) throws -> Double? {
        try PrometheusTextParser(request("GET", "/metrics").text).value(name)
    }
}
