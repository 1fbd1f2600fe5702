import Foundation
import PackagePlugin

/// Compiles the repository's `openapi.yaml` and every file under `web/` into
/// the target that uses this plugin, as a generated `EmbeddedFiles.swift`.
///
/// The server then serves its contract and its web client from memory, so it
/// finds them wherever the binary is installed (a container, `/usr/local/bin`)
/// and never reads its working directory. The files are inputs of the build
/// command, so editing one regenerates the Swift file and rebuilds the target.
/// The `web/` directory itself is an input too and the tool lists it again
/// when it runs: SwiftPM evaluates this plugin only when it re-plans the
/// build (its manifest cache skips that unless the package's targets
/// change), so a file added to `web/` is found through the directory's new
/// modification time rather than through this list.
@main
struct EmbedFiles: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        let openAPI = root.appending(path: "openapi.yaml")
        let webRoot = root.appending(path: "web")
        let webFiles = try Self.files(under: webRoot)
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedFiles.swift")
        return [
            .buildCommand(
                displayName: "Embedding openapi.yaml and \(webFiles.count) web client files",
                executable: try context.tool(named: "EmbedFilesTool").url,
                arguments: [output.path(), openAPI.path(), webRoot.path()],
                inputFiles: [openAPI, webRoot] + webFiles,
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
