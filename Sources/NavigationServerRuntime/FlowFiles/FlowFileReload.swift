import Coordination
import Sessions

/// `SIGHUP` with `--flows DIR`: the directory read again (FLOWFILES.md,
/// "Loading"). A version no flow has yet is hosted from then on (new
/// sessions start where VERSIONS.md says given it); a file whose name and
/// version are hosted with other content is refused with a log line, and
/// the loaded one stays; a file that is gone leaves its version hosted
/// (its sessions are pinned to it) until a restart. A directory with any
/// problem changes nothing: each problem is logged, as a start would print it.
struct FlowFileReload: Sendable {
    let directory: String
    /// The effects the server performs, which new files are checked against.
    let performers: Set<String>
    /// The flows written in Swift: a file must not repeat one's name and version.
    let swiftFlows: [Flow]
    let registry: SessionRegistry
    let logger: Logger

    /// What one reload found, as its summary log line says.
    struct Outcome: Equatable {
        var added: [String] = []
        var unchanged = 0
        var refused: [String] = []
        var gone: [String] = []
        var problems = 0
    }

    @discardableResult
    func reload() -> Outcome {
        var outcome = Outcome()
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
            outcome.problems = failure.problems.count
            logger.log(.warn, "flow files not reloaded") { line in
                line.field("directory", directory)
                line.field("problems", failure.problems.count)
                line.field("detail", "nothing changed: the loaded flows stay")
            }
            return outcome
        }
        var added: [Flow] = []
        for (file, flow) in loaded {
            let version = "\(flow.name)@\(flow.version)"
            guard let hosted = registry.flow(named: flow.name, version: flow.version) else {
                added.append(flow)
                outcome.added.append(version)
                continue
            }
            if hosted.source != nil, hosted.source?.sha256 == flow.source?.sha256 {
                outcome.unchanged += 1
                continue
            }
            outcome.refused.append(version)
            logger.log(.warn, "flow file changed without a new version") { line in
                line.field("file", file)
                line.field("flow", flow.name)
                line.field("version", flow.version)
                line.field("detail", "the loaded one stays; give the file a new version to host its content")
            }
        }
        for hosted in registry.flows where hosted.source != nil {
            guard !loaded.contains(where: { $0.flow.name == hosted.name && $0.flow.version == hosted.version }) else { continue }
            outcome.gone.append("\(hosted.name)@\(hosted.version)")
        }
        do {
            try registry.addFlowVersions(added)
        } catch {
            logger.log(.warn, "flow files not reloaded") { line in
                line.field("directory", directory)
                line.field("detail", "\(error); nothing changed: the loaded flows stay")
            }
            return Outcome(refused: outcome.refused, problems: 1)
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
            line.field("added", outcome.added.isEmpty ? "none" : outcome.added.joined(separator: ","))
            line.field("unchanged", outcome.unchanged)
            if !outcome.refused.isEmpty { line.field("refused", outcome.refused.joined(separator: ",")) }
            if !outcome.gone.isEmpty { line.field("gone", outcome.gone.joined(separator: ",")) }
        }
        return outcome
    }
}
