extension EffectOutcome {
    /// The outcome as JSON, the way the journal keeps it:
    /// `{"success": <answer>}` or
    /// `{"failure": {"kind": "rejected", "reason": "…", "status": 401}}`
    /// (`reason` and `status` only when there are some).
    public var json: JSONValue {
        switch self {
        case .success(let answer):
            return .object(["success": answer])
        case .failure(let failure):
            var object: JSONObject = ["kind": .string(failure.kind.rawValue)]
            if let reason = failure.reason { object["reason"] = .string(reason) }
            if let status = failure.status { object["status"] = .number(Double(status)) }
            return .object(["failure": .object(object)])
        }
    }

    /// Reads ``json`` back; nil when it is not an outcome.
    public init?(json: JSONValue) {
        guard let object = json.objectValue, object.count == 1 else { return nil }
        if let answer = object["success"] {
            self = .success(answer)
            return
        }
        guard let failure = object["failure"]?.objectValue, let kindName = failure["kind"]?.stringValue,
            let kind = EffectFailure.Kind(rawValue: kindName)
        else { return nil }
        let status = failure["status"]
        let reason = failure["reason"]
        guard status == nil || status?.intValue != nil, reason == nil || reason?.stringValue != nil else { return nil }
        self = .failure(EffectFailure(kind, reason: reason?.stringValue, status: status?.intValue))
    }
}
