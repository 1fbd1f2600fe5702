extension [FieldProblem] {
    /// The most problems ``listing`` names; the rest are counted.
    public static var maxListed: Int { 5 }

    /// The problems as one clause of a sentence: the first ``maxListed``
    /// joined by `; `, then how many more there are (a payload of 100,000
    /// unknown members is described in a line, not in megabytes).
    public var listing: String {
        let listed = prefix(Self.maxListed).map(\.description).joined(separator: "; ")
        return count > Self.maxListed ? listed + "; and \(count - Self.maxListed) more" : listed
    }
}
