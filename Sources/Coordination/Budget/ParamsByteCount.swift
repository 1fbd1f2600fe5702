/// A screen's params as the session's byte budget counts them: their size
/// as compact JSON, measured when first asked for after they changed. The
/// budget reads it after every event, and most events leave most screens'
/// params alone.
///
/// Params are measured by writing them: the document rendered after the
/// event copies those bytes (``takeRendered()``) instead of writing the
/// params a second time.
struct ParamsByteCount {
    /// The size last measured or worked out; nil until then, and again once
    /// the params change.
    var measured: Int? { measuredCount >= 0 ? measuredCount : nil }
    /// ``measured``, or -1 for nil: an `Int?` takes 16 bytes in a screen
    /// where this takes 8, and those 8 kept a `Screen` within jemalloc's
    /// 128-byte size class (160 past it), in every session.
    private var measuredCount = -1
    /// The params as compact JSON, written when they were measured, until
    /// a render takes them or the params change. The writer's own buffer,
    /// handed over: copying it into an exactly sized array cost ~250
    /// instructions a measurement (~170 an event of `exchange`).
    private var rendered: SharedBytes?

    /// The params changed: measure them again when asked.
    mutating func forget() {
        measuredCount = -1
        rendered = nil
    }

    /// Takes `count` as the size of the params as they are now.
    mutating func adopt(_ count: Int) {
        measuredCount = count
    }

    /// Takes `bytes` as the params written as they are now.
    mutating func adopt(rendered bytes: SharedBytes) {
        measuredCount = bytes.count
        rendered = bytes
    }

    /// The params' bytes written when they were measured, once: a session
    /// does not keep them beside the document they were copied into.
    mutating func takeRendered() -> SharedBytes? {
        guard let bytes = rendered else { return nil }
        rendered = nil
        return bytes
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
        let value = JSONValue.object(params)
        // Params that are one of `shared` as a whole (the `exchange` rates
        // screen's) are sized by their bytes, which a render copies anyway.
        if let bytes = shared.encoded(value) {
            paramsBytes.adopt(bytes.count)
            return bytes.count
        }
        var writer = JSONWriter()
        writer.write(value, sharing: shared)
        let bytes = writer.finishShared()
        paramsBytes.adopt(rendered: bytes)
        return bytes.count
    }

    /// Writes ``params`` as a session document shows them: the bytes they
    /// were measured by when they are still there, else written now.
    func writeParams(sharing shared: SharedJSONValues, into writer: inout JSONWriter) {
        if let bytes = paramsBytes.takeRendered() {
            bytes.withUnsafeBytes { writer.writeRaw($0) }
        } else {
            writer.write(.object(params), sharing: shared)
        }
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
