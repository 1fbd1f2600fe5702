import Coordination
import Sessions

/// `SIGHUP` with `--flows DIR`: the directory read again
/// (docs/flow-files.md#reloading-with-sighup). A version no flow has yet is
/// hosted from then on (new sessions start on the highest version, or where
/// `--flow-version` says, given it); a file whose name and version are hosted
/// with other content is refused with a log line, and the loaded one stays; a
/// file that is gone leaves its version hosted (its sessions are pinned to it)
/// until a restart. A directory with any problem changes nothing: each problem
/// is logged, as a start would print it.
struct FlowFileReload: Sendable {
    let directory: String
    /// The effects the server performs, which new files are checked against.
    let performers: Set<String>
    /// The flows written in Swift: a file must not repeat one's name and version.
    let swiftFlows: [Flow]
    let registry: SessionRegistry
    let logger: Logger

    /// Reads the directory again, hosts what is new, and logs what it did:
    /// one summary line, and a line for each problem or refused file.
    func reload() {
        let loaded: [(file: String, flow: Flow)]
        switch FlowFileLoading.loadedFiles(at: [directory], performers: performers, beside: swiftFlows) {
        case .success(let files): loaded = files
        case .failure(let failure):
            for problem in failure.problems {
                logger.log(.warn, "flow file problem") { line in
                    line.field("file", problem.file)
                    line.field("pointer", problem.pointer.description)
                    line.field("detail", problem.message)
                }
            }
            logger.log(.warn, "flow files not reloaded") { line in
                line.field("directory", directory)
                line.field("problems", failure.problems.count)
                line.field("detail", "nothing changed: the loaded flows stay")
            }
            return
        }
        var added: [Flow] = []
        var (unchanged, refused, gone) = (0, [String](), [String]())
        for (file, flow) in loaded {
            let version = "\(flow.name)@\(flow.version)"
            guard let hosted = registry.flow(named: flow.name, version: flow.version) else {
                added.append(flow)
                continue
            }
            if hosted.source != nil, hosted.source?.sha256 == flow.source?.sha256 {
                unchanged += 1
                continue
            }
            refused.append(version)
            logger.log(.warn, "flow file changed without a new version") { line in
                line.field("file", file)
                line.field("flow", flow.name)
                line.field("version", flow.version)
                line.field("detail", "the loaded one stays; give the file a new version to host its content")
            }
        }
        for hosted in registry.flows where hosted.source != nil {
            guard !loaded.contains(where: { $0.flow.name == hosted.name && $0.flow.version == hosted.version }) else { continue }
            gone.append("\(hosted.name)@\(hosted.version)")
        }
        do {
            try registry.addFlowVersions(added)
        } catch {
            logger.log(.warn, "flow files not reloaded") { line in
                line.field("directory", directory)
                line.field("detail", "\(error); nothing changed: the loaded flows stay")
            }
            return
        }
        for flow in registry.flowOverviews() where added.contains(where: { $0.name == flow.name }) {
            logger.log(.info, "flow") { line in
                line.field("flow", flow.name)
                line.field("versions", flow.versions.map { String($0.version) }.joined(separator: ","))
                line.field("current", flow.current.version)
            }
        }
        logger.log(.info, "flow files reloaded") { line in
            line.field("directory", directory)
            line.field("added", added.isEmpty ? "none" : added.map { "\($0.name)@\($0.version)" }.joined(separator: ","))
            line.field("unchanged", unchanged)
            if !refused.isEmpty { line.field("refused", refused.joined(separator: ",")) }
            if !gone.isEmpty { line.field("gone", gone.joined(separator: ",")) }
        }
    }
}
