extension JSONValueDecoder {
    /// Parses `bytes` as JSON (`JSONValue(parsing:)`), then
    /// decodes `type` from it; text that is not JSON throws ``JSONSyntaxError``.
    public func decode<T: Decodable, Bytes: Sequence<UInt8>>(_ type: T.Type, from bytes: Bytes) throws -> T {
        try decode(type, from: JSONValue(parsing: bytes))
    }
}
