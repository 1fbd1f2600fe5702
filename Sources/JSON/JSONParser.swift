/// A strict RFC 8259 JSON parser over UTF-8 bytes.
///
/// Rejects everything the grammar does not allow: a byte-order mark, comments,
/// trailing commas, single quotes, leading zeros, `NaN`, invalid UTF-8, unpaired
/// surrogate escapes, trailing data. It also rejects what RFC 8259 leaves
/// ambiguous: duplicate keys in one object and numbers too large for `Double`.
///
/// Nesting is tracked on an explicit stack, so hostile depth fails with
/// ``JSONParseError/Reason/tooDeep(limit:)`` instead of exhausting the call stack.
public struct JSONParser: ~Copyable {
    /// Arrays plus objects allowed inside each other; the top-level container is depth 1.
    public static let defaultMaxDepth = 64

    /// Parses one JSON value from UTF-8 `bytes`.
    /// `keys`: the keys expected, handed back as they are (``JSONKeys``).
    public static func parse(
        _ bytes: [UInt8], maxDepth: Int = defaultMaxDepth, keys: JSONKeys = .none
    ) throws(JSONParseError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { (input) throws(JSONParseError) -> JSONValue in
            try parseDocument(in: input, maxDepth: maxDepth, keys: keys)
        }
    }

    /// Parses one JSON value from UTF-8 bytes in `buffer`, e.g. a request body still owned by the server.
    public static func parse(_ buffer: UnsafeRawBufferPointer, maxDepth: Int = defaultMaxDepth) throws(JSONParseError) -> JSONValue {
        try buffer.withMemoryRebound(to: UInt8.self) { (input) throws(JSONParseError) -> JSONValue in
            try parseDocument(in: input, maxDepth: maxDepth, keys: .none)
        }
    }

    /// Parses one JSON value from the UTF-8 bytes `input` points to, e.g.
    /// a copy on the stack; `keys` as in ``parse(_:maxDepth:keys:)``.
    public static func parse(
        _ input: UnsafeBufferPointer<UInt8>, maxDepth: Int = defaultMaxDepth, keys: JSONKeys
    ) throws(JSONParseError) -> JSONValue {
        try parseDocument(in: input, maxDepth: maxDepth, keys: keys)
    }

    /// Parses one JSON value from `text`'s UTF-8 form.
    public static func parse(_ text: String, maxDepth: Int = defaultMaxDepth) throws(JSONParseError) -> JSONValue {
        var text = text
        // String.withUTF8 is not typed-throws; carry the error out in a Result.
        let result = text.withUTF8 { input in
            Result { () throws(JSONParseError) -> JSONValue in try parseDocument(in: input, maxDepth: maxDepth, keys: .none) }
        }
        return try result.get()
    }

    /// Parses `input` with the parser's stacks in memory on this stack
    /// (``ParseStack``): room for a request body's few members and levels.
    /// `allowsRepeatedKeys`: see ``parse(_:maxDepth:repeatedKeys:)``.
    static func parseDocument(
        in input: UnsafeBufferPointer<UInt8>, maxDepth: Int, keys knownKeys: JSONKeys, allowsRepeatedKeys: Bool = false
    ) throws(JSONParseError) -> JSONValue {
        let result = withUnsafeTemporaryAllocation(of: JSONValue.self, capacity: initialStackCapacity) { values in
            withUnsafeTemporaryAllocation(of: String.self, capacity: initialStackCapacity) { keys in
                withUnsafeTemporaryAllocation(of: Frame.self, capacity: initialStackCapacity / 2) { frames in
                    Result { () throws(JSONParseError) -> JSONValue in
                        var parser = JSONParser(
                            input: input, maxDepth: maxDepth, knownKeys: knownKeys, allowsRepeatedKeys: allowsRepeatedKeys,
                            values: ParseStack(lending: values),
                            keys: ParseStack(lending: keys), frames: ParseStack(lending: frames))
                        return try parser.parseDocument()
                    }
                }
            }
        }
        return try result.get()
    }

    // MARK: - State

    /// An array or object that is open, with where its contents start on the stacks.
    struct Frame {
        let isObject: Bool
        let valueStart: Int
        let keyStart: Int
        /// Keys seen so far, built only once an object grows past `linearKeyLimit`.
        var seenKeys: Set<String>?
    }

    /// Below this many members, duplicate keys are found by scanning.
    static let linearKeyLimit = 16

    let input: UnsafeBufferPointer<UInt8>
    let maxDepth: Int
    /// Keys handed back as they are instead of decoded (``JSONKeys``).
    let knownKeys: JSONKeys
    /// Whether an object may name a key twice: its members then hold both
    /// until ``parse(_:maxDepth:repeatedKeys:)`` merges them.
    let allowsRepeatedKeys: Bool
    var position = 0
    /// Finished values not yet placed in their container.
    var values: ParseStack<JSONValue>
    /// Keys of the open objects' members, parallel to their entries in `values`.
    var keys: ParseStack<String>
    var frames: ParseStack<Frame>
    /// Reused buffer for decoding strings that contain escapes.
    var scratch: [UInt8] = []

    private init(
        input: UnsafeBufferPointer<UInt8>, maxDepth: Int, knownKeys: JSONKeys, allowsRepeatedKeys: Bool,
        values: consuming ParseStack<JSONValue>, keys: consuming ParseStack<String>, frames: consuming ParseStack<Frame>
    ) {
        self.input = input
        self.maxDepth = max(0, maxDepth)
        self.knownKeys = knownKeys
        self.allowsRepeatedKeys = allowsRepeatedKeys
        self.values = values
        self.keys = keys
        self.frames = frames
    }

    /// Values and keys each stack holds before it moves to the heap (open
    /// containers: half as many).
    static var initialStackCapacity: Int { 16 }

    // MARK: - Structure

    private mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        skipWhitespace()
        if position == input.count { throw error(.emptyInput, at: position) }
        while true {
            // A value starts here (whitespace already skipped).
            guard position < input.count else { throw error(.unexpectedEnd, at: position, hint: "expected a value") }
            let byte = input[position]
            switch byte {
            case UInt8(ascii: "\""):
                values.append(.string(try parseString()))
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                values.append(.number(try parseNumber()))
            case UInt8(ascii: "t"):
                try parseLiteral("true")
                values.append(.bool(true))
            case UInt8(ascii: "f"):
                try parseLiteral("false")
                values.append(.bool(false))
            case UInt8(ascii: "n"):
                try parseLiteral("null")
                values.append(.null)
            case UInt8(ascii: "["):
                try open(isObject: false)
                skipWhitespace()
                guard position < input.count, input[position] == UInt8(ascii: "]") else { continue }
                position += 1
                closeArray()
            case UInt8(ascii: "{"):
                try open(isObject: true)
                skipWhitespace()
                guard position < input.count, input[position] == UInt8(ascii: "}") else {
                    try parseKeyAndColon(hint: "expected a string key or '}'")
                    continue
                }
                position += 1
                closeObject()
            default:
                throw unexpected(
                    byte,
                    hint: position == 0 && byte == 0xEF
                        ? "expected a value (a byte-order mark is not allowed)" : "expected a value")
            }
            // A value just ended: close containers until one wants another value.
            // Only the kind is read: a copy of the frame would share its set of
            // keys, and the next key's insertion would copy the whole set.
            while !frames.isEmpty {
                let isObject = frames[frames.count - 1].isObject
                skipWhitespace()
                let closer = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                let hint =
                    isObject
                    ? "expected ',' or '}' after an object member" : "expected ',' or ']' after an array element"
                guard position < input.count else { throw error(.unexpectedEnd, at: position, hint: hint) }
                let next = input[position]
                if next == UInt8(ascii: ",") {
                    position += 1
                    skipWhitespace()
                    if isObject { try parseKeyAndColon(hint: "expected a string key after ','") }
                    break
                }
                guard next == closer else { throw unexpected(next, hint: hint) }
                position += 1
                if isObject { closeObject() } else { closeArray() }
            }
            if frames.isEmpty { break }
        }
        skipWhitespace()
        if position != input.count {
            throw error(.trailingData, at: position, hint: "only whitespace may follow the top-level value")
        }
        guard let document = values.popLast() else { throw error(.emptyInput, at: 0) }
        return document
    }

    private mutating func open(isObject: Bool) throws(JSONParseError) {
        if frames.count >= maxDepth { throw error(.tooDeep(limit: maxDepth), at: position) }
        frames.append(Frame(isObject: isObject, valueStart: values.count, keyStart: keys.count))
        position += 1
    }

    private mutating func closeArray() {
        guard let frame = frames.popLast() else { return }
        let count = values.count - frame.valueStart
        // `[]` alone: nothing that writes into the empty array all threads share.
        guard count > 0 else { return values.append(.array([])) }
        var elements: [JSONValue] = []
        elements.reserveCapacity(count)
        for _ in 0..<count { elements.append(values.removeLast()) }
        elements.reverseInBuffer()
        values.append(.array(elements))
    }

    /// Moves the innermost object's members off the stacks, last first, then
    /// puts them in order: `removeLast` moves a value out, where copying the
    /// members and then removing them from the stacks cost a retain and a
    /// release each and two range replacements (~800 instructions per object).
    ///
    /// The members' array is made by `reserveCapacity`, which the compiler
    /// specializes for the element type, and not by
    /// `init(unsafeUninitializedCapacity:)`, whose allocation goes through the
    /// standard library's unspecialized code: a run-time lookup of the array
    /// storage's type, ~450 instructions per array. (`closeArray` likewise.)
    private mutating func closeObject() {
        guard let frame = frames.popLast() else { return }
        let count = keys.count - frame.keyStart
        guard count > 0 else { return values.append(.object(JSONObject())) }
        var members: [JSONObject.Member] = []
        members.reserveCapacity(count)
        for _ in 0..<count { members.append(JSONObject.Member(key: keys.removeLast(), value: values.removeLast())) }
        members.reverseInBuffer()
        values.append(.object(JSONObject(uniqueMembers: members)))
    }

    /// Parses `"key"` and `:` of a member and leaves `position` at its value.
    private mutating func parseKeyAndColon(hint: String) throws(JSONParseError) {
        guard position < input.count else { throw error(.unexpectedEnd, at: position, hint: hint) }
        guard input[position] == UInt8(ascii: "\"") else { throw unexpected(input[position], hint: hint) }
        let keyOffset = position
        let key: String
        if !knownKeys.isEmpty, let known = knownKeys.match(in: input, at: position + 1) {
            key = known.key
            position += known.count + 2
        } else {
            key = try parseString()
        }
        try recordKey(key, at: keyOffset)
        skipWhitespace()
        guard position < input.count else { throw error(.unexpectedEnd, at: position, hint: "expected ':' after a key") }
        guard input[position] == UInt8(ascii: ":") else {
            throw unexpected(input[position], hint: "expected ':' after a key")
        }
        position += 1
        skipWhitespace()
    }

    /// Adds `key` to the innermost object, rejecting it if already present
    /// (unless ``allowsRepeatedKeys``).
    private mutating func recordKey(_ key: String, at offset: Int) throws(JSONParseError) {
        let top = frames.count - 1
        let keyStart = frames[top].keyStart
        if frames[top].seenKeys == nil {
            if keys.count - keyStart < Self.linearKeyLimit {
                if keys.withElements(from: keyStart, { $0.contains(key) }), !allowsRepeatedKeys {
                    throw error(.duplicateKey(key), at: offset)
                }
                keys.append(key)
                return
            }
            frames[top].seenKeys = keys.withElements(from: keyStart) { Set($0) }
        }
        if frames[top].seenKeys?.insert(key).inserted == false, !allowsRepeatedKeys { throw error(.duplicateKey(key), at: offset) }
        keys.append(key)
    }

    // MARK: - Scalars and errors

    /// Matches `literal` exactly at `position`.
    private mutating func parseLiteral(_ literal: StaticString) throws(JSONParseError) {
        let start = position
        let length = literal.utf8CodeUnitCount
        for index in 0..<length {
            guard start + index < input.count else { throw error(.unexpectedEnd, at: input.count, hint: "expected \(literal)") }
            if input[start + index] != literal.utf8Start[index] { throw error(.invalidLiteral, at: start) }
        }
        position += length
    }

    mutating func skipWhitespace() {
        while position < input.count {
            switch input[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    func unexpected(_ byte: UInt8, hint: String) -> JSONParseError {
        error(.unexpectedCharacter(byte), at: position, hint: hint)
    }

    /// Builds an error at `offset`, working out its line and column.
    func error(_ reason: JSONParseError.Reason, at offset: Int, hint: String? = nil) -> JSONParseError {
        var line = 1
        var lineStart = 0
        for index in 0..<min(offset, input.count) where input[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        return JSONParseError(reason: reason, offset: offset, line: line, column: offset - lineStart + 1, hint: hint)
    }
}

extension Array {
    /// Reverses the elements by swapping them in place in the array's
    /// buffer: `reverse()` cost ~190 instructions for two members.
    fileprivate mutating func reverseInBuffer() {
        guard count > 1 else { return }
        withUnsafeMutableBufferPointer { buffer in
            var low = 0
            var high = buffer.count - 1
            while low < high {
                buffer.swapAt(low, high)
                low += 1
                high -= 1
            }
        }
    }
}
