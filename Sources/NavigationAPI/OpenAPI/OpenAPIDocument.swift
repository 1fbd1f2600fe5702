/// The contract this server serves at `GET /openapi.yaml`.
///
/// The text is compiled into the binary by the EmbedFiles build-tool plugin
/// from the repository's `openapi.yaml` at every build, so the server never
/// depends on its working directory or on files installed next to it, and
/// the served copy cannot drift from the file.
public enum OpenAPIDocument {
    /// The YAML text, byte for byte the repository's `openapi.yaml`.
    public static var text: String { String(decoding: EmbeddedFiles.openAPIDocument, as: UTF8.self) }
}
