extension FlowFile {
    /// The format's JSON Schema (draft 2020-12): byte for byte
    /// `flow-file.schema.json` beside this file, compiled in by the
    /// EmbedFiles plugin, so `navigation-server flows schema` needs no file
    /// next to the binary.
    ///
    /// It says what ``definition(of:file:performers:)`` reads member by member
    /// (every key, which are required, their types and values) and what its
    /// checks decide from the structure alone; the rest of the checks (names
    /// that must exist, performers, the size limit) and expressions are
    /// beyond it.
    public static var schema: [UInt8] { EmbeddedFiles.flowFileSchema }
}

/// The files the EmbedFiles plugin compiles into this target; the generated
/// `EmbeddedFiles.swift` in the build directory fills in the members.
enum EmbeddedFiles {}
