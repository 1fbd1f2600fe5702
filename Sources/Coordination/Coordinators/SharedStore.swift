/// The name and value type of one entry in a ``SharedStore``.
///
/// ```swift
/// extension StoreKey where Value == String {
///     static let token = StoreKey("token")
/// }
/// store[.token] = "abc"
/// ```
public struct StoreKey<Value>: Sendable, Hashable {
    public let name: String
    public init(_ name: String) { self.name = name }
}

/// A session's shared services: a typed key-value store injected into every
/// coordinator of the session, like a DI container.
///
/// It stands in for an iOS app's Keychain and UserDefaults: the Auth flow
/// saves a token here and the Profile flow reads the user from here, so the
/// two never need to know each other. It lives and dies with its session, and
/// it belongs to the session's state: an event that is undone undoes its
/// writes too.
public final class SharedStore {
    private var values: [String: Any] = [:]
    /// Writes so far: lets the session see whether a refused event wrote.
    private(set) var writeCount = 0

    public init() {}

    public subscript<Value>(key: StoreKey<Value>) -> Value? {
        get { values[key.name] as? Value }
        set {
            values[key.name] = newValue
            writeCount += 1
        }
    }

    /// The value for `key`, or `defaultValue` when none is stored.
    public subscript<Value>(key: StoreKey<Value>, default defaultValue: @autoclosure () -> Value) -> Value {
        values[key.name] as? Value ?? defaultValue()
    }

    public func removeValue<Value>(for key: StoreKey<Value>) {
        values[key.name] = nil
        writeCount += 1
    }

    /// Whether anything is stored under `key`.
    public func contains<Value>(_ key: StoreKey<Value>) -> Bool {
        values[key.name] is Value
    }
}
