/// The contract this server serves at `GET /openapi.yaml`.
///
/// The text is compiled into the binary (``embeddedText``, generated from the
/// repository's `openapi.yaml`), so the server never depends on its working
/// directory or on files installed next to it. A test fails when the embedded
/// copy and the root file differ and tells how to regenerate it.
public enum OpenAPIDocument {
    /// The YAML text, byte for byte the repository's `openapi.yaml`.
    public static var text: String { embeddedText }
}
