import Coordination
import FlowFiles
import Platform

/// Flow files read into flows (docs/flow-files.md): the `--flows DIR` of a
/// start and the paths of `navigation-server flows check`. Every file is
/// read and checked, and every problem of every file is kept: one is
/// enough for none of them to be used.
enum FlowFileLoading {
    /// The flows of the files `paths` stand for (``files(at:)``), or every
    /// problem found in them.
    ///
    /// - Parameters:
    ///   - performers: the effects the server performs; an effect none of
    ///     them performs is a problem. Nil leaves effects unchecked (a
    ///     replay of journals performs none).
    ///   - swiftFlows: the flows the process hosts besides: a file with the
    ///     name and version of one of them, or of another file, is a problem.
    static func flows(
        at paths: [String], performers: Set<String>?, beside swiftFlows: [Flow]
    ) -> Result<[Flow], FlowFileProblems> {
        loadedFiles(at: paths, performers: performers, beside: swiftFlows).map { $0.map(\.flow) }
    }

    /// ``flows(at:performers:beside:)``, each flow with the file it was read from.
    static func loadedFiles(
        at paths: [String], performers: Set<String>?, beside swiftFlows: [Flow]
    ) -> Result<[(file: String, flow: Flow)], FlowFileProblems> {
        var problems: [FlowFileProblem] = []
        var loaded: [(file: String, flow: Flow)] = []
        for path in paths {
            let files: [String]
            do {
                files = try self.files(at: path)
            } catch {
                problems.append(FlowFileProblem(file: path, pointer: .root, message: error.description))
                continue
            }
            for file in files {
                do {
                    let flow = try self.flow(inFile: file, performers: performers)
                    if swiftFlows.contains(where: { $0.name == flow.name && $0.version == flow.version }) {
                        problems.append(duplicate(flow, in: file, alsoIn: "a Swift flow of this server"))
                    } else if let twin = loaded.first(where: { $0.flow.name == flow.name && $0.flow.version == flow.version }) {
                        problems.append(duplicate(flow, in: file, alsoIn: twin.file))
                    } else {
                        loaded.append((file, flow))
                    }
                } catch {
                    problems += error.problems
                }
            }
        }
        guard problems.isEmpty else { return .failure(FlowFileProblems(problems)) }
        return .success(loaded)
    }

    /// The files `path` stands for: itself when it is not a directory;
    /// else every `*.json` directly in it, in name order, names starting
    /// with `.` left out (an editor's or a mount's own files).
    static func files(at path: String) throws(SmallFiles.Failure) -> [String] {
        guard SmallFiles.isDirectory(path) else { return [path] }
        let names = try SmallFiles.names(inDirectory: path)
        let directory = path.hasSuffix("/") ? path : path + "/"
        return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted().map { directory + $0 }
    }

    /// The flow in the file at `path`; its problems name the file as `path`.
    static func flow(inFile path: String, performers: Set<String>?) throws(FlowFileProblems) -> Flow {
        let bytes: [UInt8]
        do {
            // One byte past the limit, so that the definition says a longer file is too long.
            bytes = try SmallFiles.bytes(ofFile: path, atMost: FlowFile.maxBytes + 1)
        } catch {
            throw FlowFileProblems([FlowFileProblem(file: path, pointer: .root, message: error.description)])
        }
        return try FlowFile.definition(of: bytes, file: path, performers: performers).flow()
            .madeFrom(FlowSourceDigest.source(of: bytes))
    }

    /// Rebuilds the flow of a source a store kept, for the sessions pinned
    /// to it (``Sessions/HostedFlows/sourceCompiler``): nil when its bytes
    /// are not the content its digest names, or no longer make a flow.
    /// Effects are not checked: a session that asks for one no performer
    /// serves gets the effect's failure, as any unrouted effect does.
    static func flow(ofKept source: FlowSource) -> Flow? {
        let computed = FlowSourceDigest.source(of: source.bytes)
        guard computed.sha256 == source.sha256,
            let definition = try? FlowFile.definition(of: source.bytes, file: "flow-\(source.sha256).json", performers: nil)
        else { return nil }
        return definition.flow().madeFrom(computed)
    }

    private static func duplicate(_ flow: Flow, in file: String, alsoIn other: String) -> FlowFileProblem {
        FlowFileProblem(
            file: file, pointer: .root,
            message: "flow '\(flow.name)' version \(flow.version) is also defined by \(other); give this file another version")
    }
}
