import Foundation
import PackagePlugin

/// Compiles files of the repository into the target that uses this plugin,
/// as members of its `EmbeddedFiles` enum in a generated `EmbeddedFiles.swift`:
/// `openapi.yaml` and every file under `web/` into NavigationAPI, the
/// flow-file JSON Schema into FlowFiles (``embeddings``).
///
/// The server then serves its contract and its web client, and prints the
/// schema, from memory, so it finds them wherever the binary is installed (a
/// container, `/usr/local/bin`) and never reads its working directory. The
/// files are inputs of the build command, so editing one regenerates the Swift
/// file and rebuilds the target. An embedded directory is an input too and the
/// tool lists it again when it runs: SwiftPM evaluates this plugin only when it
/// re-plans the build (its manifest cache skips that unless the package's
/// targets change), so a file added to `web/` is found through the directory's
/// new modification time rather than through this list.
@main
struct EmbedFiles: BuildToolPlugin {
    /// What each target that uses the plugin embeds: a member of its
    /// `EmbeddedFiles` and the path, from the package's root, of what it holds
    /// (a file's bytes, or a directory's files as `[EmbeddedFile]`).
    static let embeddings: [String: [(member: String, path: String)]] = [
        "NavigationAPI": [("openAPIDocument", "openapi.yaml"), ("web", "web")],
        "FlowFiles": [("flowFileSchema", "Sources/FlowFiles/Format/flow-file.schema.json")],
    ]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let embeddings = Self.embeddings[target.name] else {
            throw EmbedFilesError(description: "EmbedFiles has nothing listed to embed into the target \(target.name)")
        }
        let root = context.package.directoryURL
        var arguments: [String] = []
        var inputs: [URL] = []
        var names: [String] = []
        for (member, path) in embeddings {
            let url = root.appending(path: path)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path(percentEncoded: false), isDirectory: &isDirectory) else {
                throw EmbedFilesError(description: "EmbedFiles: \(path), to embed into \(target.name), does not exist")
            }
            arguments.append("\(member)=\(url.path(percentEncoded: false))")
            inputs.append(url)
            if isDirectory.boolValue {
                let files = try Self.files(under: url)
                inputs += files
                names.append("\(files.count) files of \(path)/")
            } else {
                names.append(path)
            }
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedFiles.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(names.joined(separator: " and ")) into \(target.name)",
                executable: try context.tool(named: "EmbedFilesTool").url,
                arguments: [output.path(percentEncoded: false)] + arguments,
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }

    /// The regular files under `directory`, sorted, hidden ones skipped.
    private static func files(under directory: URL) throws -> [URL] {
        let manager = FileManager.default
        guard
            let enumerator = manager.enumerator(
                at: directory, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles]
            )
        else { return [] }
        var files: [URL] = []
        for case let url as URL in enumerator
        where try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true {
            files.append(url)
        }
        return files.sorted { $0.path() < $1.path() }
    }
}

/// Why the plugin cannot plan a target's build command.
struct EmbedFilesError: Error, CustomStringConvertible {
    let description: String
}
