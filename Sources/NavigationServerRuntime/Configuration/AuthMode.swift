/// How `/v1` callers prove who they are (`--auth`), besides the API key.
public enum AuthMode: String, Sendable, Equatable {
    /// Nobody is told apart: every caller the key admits (or everyone,
    /// without a key) may use every session.
    case none
    /// Bearer JWTs: each session belongs to the token's `(iss, sub)` that
    /// created it.
    case jwt
}
