import Coordination
import FlowFiles
import Platform

/// `navigation-server flows …`: flow files checked without starting a
/// server, and the JSON Schema of their format, for a team's CI and editors.
enum FlowsCommand {
    /// Runs the subcommand in `arguments` (the words after `flows`) and
    /// exits: 0 when every file is sound or the schema is printed, 1 with
    /// every problem found, 2 for a usage error. `flows` and `effects`: what
    /// this binary hosts and performs, which the files are checked against.
    static func run(_ arguments: [String], flows: [Flow], effects: [EffectPerformer]) -> Never {
        guard let subcommand = arguments.first else { usageError("which subcommand?") }
        if subcommand == "--help" || subcommand == "-h" {
            StandardStream.output.write(Array(usage.utf8))
            exit(0)
        }
        switch subcommand {
        case "check": exit(check(Array(arguments.dropFirst()), flows: flows, effects: effects))
        case "schema": printSchema(Array(arguments.dropFirst()))
        default: usageError("unknown subcommand '\(subcommand)'")
        }
    }

    /// `flows check [--backend NAME[=URL]]... PATH...`: the exit status.
    private static func check(_ arguments: [String], flows: [Flow], effects: [EffectPerformer]) -> Int32 {
        var paths: [String] = []
        var performers = Set(effects.map(\.name))
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "--backend" {
                guard let route = remaining.popFirst() else { usageError("--backend needs NAME=URL") }
                performers.insert(effectName(ofRoute: route))
            } else if argument.hasPrefix("--backend=") {
                performers.insert(effectName(ofRoute: String(argument.dropFirst("--backend=".count))))
            } else if argument.hasPrefix("-") && argument != "-" {
                usageError("unknown option '\(argument)'")
            } else {
                paths.append(argument)
            }
        }
        guard !paths.isEmpty else { usageError("flows check needs at least one file or directory") }
        switch FlowFileLoading.flows(at: paths, performers: performers, beside: flows) {
        case .success(let loaded):
            for flow in loaded { StandardStream.output.writeLine("ok: flow '\(flow.name)' version \(flow.version)") }
            StandardStream.output.writeLine("\(loaded.count) flow \(loaded.count == 1 ? "file" : "files") checked, no problems")
            return 0
        case .failure(let failure):
            for problem in failure.problems { StandardStream.output.writeLine(problem.description) }
            let count = failure.problems.count
            StandardStream.error.writeLine("navigation-server flows check: \(count) \(count == 1 ? "problem" : "problems")")
            return 1
        }
    }

    /// `flows schema`: ``FlowFile/schema`` on standard output, as it is.
    private static func printSchema(_ arguments: [String]) -> Never {
        if let argument = arguments.first { usageError("flows schema takes no arguments, not '\(argument)'") }
        StandardStream.output.write(FlowFile.schema)
        exit(0)
    }

    /// `NAME` of `NAME=URL` (or of a bare `NAME`): the effect it performs.
    private static func effectName(ofRoute route: String) -> String {
        String(route.prefix { $0 != "=" })
    }

    private static func usageError(_ message: String) -> Never {
        StandardStream.error.writeLine("navigation-server flows: \(message)")
        StandardStream.error.write(Array(usage.utf8))
        exit(2)
    }

    /// The `flows --help` text.
    static var usage: String {
        """
        usage: navigation-server flows check [--backend NAME[=URL]]... PATH...
               navigation-server flows schema

        Checks flow files as a start with --flows does (docs/flow-files.md), without starting a server,
        or prints the JSON Schema of their format.

        subcommands:
          check PATH...   Reads every PATH: a flow file, or a directory whose *.json files are each
                          one. Prints one line per flow when all are sound (exit 0), else every
                          problem, each as FILE#POINTER: WHAT (exit 1). Effects must be performed
                          by this binary or by a --backend NAME given here, as at a start; the
                          flows must not repeat a (name, version) of each other or of this binary.
          schema          Prints the JSON Schema (draft 2020-12) of a flow file (exit 0), for
                          editors and validators: every member a file may have, which are
                          required, their types and values. What only check can see (that names
                          exist, effects' performers) it does not say.

        """
    }
}
