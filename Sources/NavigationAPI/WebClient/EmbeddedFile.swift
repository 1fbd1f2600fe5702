/// One file of the repository's `web/` folder, compiled into the binary.
///
/// `web/` is flat: `/app/{file}` is one path segment, so a file in a
/// subfolder would be compiled in but never served.
struct EmbeddedFile: Sendable {
    /// The path under `web/`, e.g. `index.html` or `screen-view.js`.
    let path: String
    /// A strong entity tag derived from the bytes, quoted as sent.
    let etag: String
    let bytes: [UInt8]
}

/// The files the EmbedFiles plugin compiles into this target; the generated
/// `EmbeddedFiles.swift` in the build directory fills in the members.
enum EmbeddedFiles {}
