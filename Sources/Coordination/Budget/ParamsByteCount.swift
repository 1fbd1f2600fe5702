/// A screen's params as the session's byte budget counts them: their size
/// as compact JSON, measured when first asked for after they changed. The
/// budget reads it after every event, and most events leave most screens'
/// params alone.
struct ParamsByteCount {
    /// The size last measured or worked out; nil until then, and again once
    /// the params change.
    private(set) var measured: Int?

    /// The params changed: measure them again when asked.
    mutating func forget() {
        measured = nil
    }

    /// Takes `count` as the size of the params as they are now.
    mutating func adopt(_ count: Int) {
        measured = count
    }

    /// What the size becomes when `key` of `params` is set to `value`,
    /// worked out from the last measurement and the one member that
    /// changes; nil when the params were not measured since they changed.
    func count(of params: JSONObject, setting key: String, to value: JSONValue) -> Int? {
        guard let measured else { return nil }
        // JSONObject finds a member by `String` equality and keeps the key it
        // had, so a replaced member keeps its key's bytes.
        if let member = params.first(where: { $0.key == key }) {
            return measured - member.value.encodedByteCount + value.encodedByteCount
        }
        // A new member: its key, a colon, its value, and a comma unless it is the only one.
        let separator = params.isEmpty ? 0 : 1
        return measured + JSONValue.string(key).encodedByteCount + 1 + value.encodedByteCount + separator
    }
}

extension Screen {
    /// What ``params`` count towards the session's byte budget: their compact JSON size.
    /// Measured once, then kept up to date by ``setParam(_:to:through:)``;
    /// the flow's `shared` params are sized by their bytes, not walked.
    func paramsByteCount(sharing shared: SharedJSONValues = .none) -> Int {
        if let measured = paramsBytes.measured { return measured }
        let count = params.encodedByteCount(sharing: shared)
        paramsBytes.adopt(count)
        return count
    }

    /// Sets `key` of ``params`` to `value`, in place: the params are not
    /// copied. The new size follows from the last measurement and that one
    /// member, so the others (the `exchange` rates list, on every `close`)
    /// are not walked again.
    func setParam(_ key: String, to value: JSONValue) {
        let count = paramsBytes.count(of: params, setting: key, to: value)
        params[key] = value
        if let count { paramsBytes.adopt(count) }
    }
}

extension SessionState {
    /// The params of the screens shown, in bytes of compact JSON: their
    /// part of the session's byte budget.
    var stackParamsByteCount: Int {
        let shared = flow.sharedParams
        return navigation.shownEntries.reduce(0) { $0 + $1.screen.paramsByteCount(sharing: shared) }
    }
}
