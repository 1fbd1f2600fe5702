/// An operator's choice of the version new sessions of one flow start on:
/// `NAME=V` makes `V` the current version (a rollback, or holding a fleet
/// on an older one), `NAME=V:PERCENT` starts that percentage of new sessions
/// on `V` and the rest on the current version (a ramp). The values of
/// `--flow-version` and `NAVIGATION_FLOW_VERSIONS`.
public struct FlowVersionSelection: Sendable, Equatable, CustomStringConvertible {
    public let flow: String
    public let version: Int
    /// nil for `NAME=V`; else the share of new sessions, 0 to 100.
    public let percent: Int?

    public init(flow: String, version: Int, percent: Int? = nil) {
        self.flow = flow
        self.version = version
        self.percent = percent
    }

    /// Parses `NAME=V` or `NAME=V:PERCENT`; nil when `text` is neither (a
    /// version is a whole number from 1, a percentage one from 0 to 100).
    public init?(parsing text: String) {
        guard let equals = text.lastIndex(of: "="), equals != text.startIndex else { return nil }
        let flow = String(text[..<equals])
        let rest = text[text.index(after: equals)...]
        let parts = rest.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard let version = Self.wholeNumber(parts[0]), version >= 1 else { return nil }
        var percent: Int?
        if parts.count == 2 {
            guard let value = Self.wholeNumber(parts[1]), value <= 100 else { return nil }
            percent = value
        }
        self.init(flow: flow, version: version, percent: percent)
    }

    /// Parses a comma-separated list of selections (spaces around each
    /// allowed); nil when one of them is not valid or the list is empty.
    public static func parseList(_ text: String) -> [FlowVersionSelection]? {
        var selections: [FlowVersionSelection] = []
        for entry in text.split(separator: ",", omittingEmptySubsequences: false) {
            let trimmed = entry.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()
            guard let selection = FlowVersionSelection(parsing: String(trimmed)) else { return nil }
            selections.append(selection)
        }
        return selections.isEmpty ? nil : selections
    }

    /// `NAME=V` or `NAME=V:PERCENT`, as it is given.
    public var description: String {
        "\(flow)=\(version)" + (percent.map { ":\($0)" } ?? "")
    }

    /// Digits only (no sign, no spaces), at most 9 of them.
    private static func wholeNumber(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.utf8.count <= 9, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int(text)
    }
}
