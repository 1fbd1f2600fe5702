import Foundation

/// What every thread of a process is doing, for the failure message of a
/// wait that ran out: where each thread waits in the kernel (from `/proc`),
/// and, when `gdb` is installed, every thread's stack, demangled by the
/// toolchain's `swift-demangle` when it is found beside `swift`.
public enum ThreadDump {
    /// How long gdb may take to attach and walk every stack before the dump
    /// makes do with `/proc`.
    static let gdbSeconds = 120.0

    public static func of(pid: Int32) -> String {
        var text = "threads of process \(pid) (/proc: name, state, kernel wait channel):\n" + kernelView(of: pid)
        if let stacks = gdbStacks(of: pid) {
            text += "\nstacks of process \(pid) (gdb):\n" + stacks
        } else {
            text += "\n(no stacks: install gdb for them)\n"
        }
        return text
    }

    /// One line per thread: its id, name, state and what it waits on.
    static func kernelView(of pid: Int32) -> String {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        var lines: [String] = []
        for task in tasks.sorted(by: { (Int($0) ?? 0) < (Int($1) ?? 0) }) {
            let directory = "/proc/\(pid)/task/\(task)/"
            let name = read(directory + "comm").trimmingCharacters(in: .whitespacesAndNewlines)
            // stat: "tid (comm) state ..."; the name may hold spaces and parentheses.
            let stat = read(directory + "stat")
            let state = stat.range(of: ") ", options: .backwards).map { String(stat[$0.upperBound...].prefix(1)) } ?? "?"
            let channel = read(directory + "wchan")
            lines.append("  \(task) \(name): \(state) \(channel.isEmpty || channel == "0" ? "-" : channel)")
        }
        return lines.isEmpty ? "  (process \(pid) is gone)\n" : lines.joined(separator: "\n") + "\n"
    }

    private static func read(_ path: String) -> String {
        (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }

    /// gdb stops every thread of the process it attaches to, this one's
    /// too when it dumps this process: its output goes to a file (a pipe
    /// this process read would fill and stop gdb for good), and coreutils'
    /// `timeout`, a process of its own, bounds it.
    private static func gdbStacks(of pid: Int32) -> String? {
        guard let gdb = executable(named: "gdb") else { return nil }
        let arguments = [
            "--batch", "--nx", "-p", String(pid), "-ex", "set pagination off", "-ex", "thread apply all bt 40",
        ]
        guard let stacks = run(gdb, arguments) else { return nil }
        return executable(named: "swift-demangle").flatMap { run($0, ["--simplified"], input: stacks) } ?? stacks
    }

    /// `name` in `PATH` or beside the running `swift` (the toolchain's bin).
    private static func executable(named name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let directories = path.split(separator: ":").map(String.init) + ["/usr/bin", "/bin", "/opt/swift/usr/bin"]
        return directories.map { $0 + "/" + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs a tool under `timeout -s KILL` (``gdbSeconds``), its stdin from
    /// `input`, its stdout into a file; that output, or nil when there is
    /// none (or no `timeout` to bound it).
    private static func run(_ executable: String, _ arguments: [String], input: String? = nil) -> String? {
        guard let timeout = Self.executable(named: "timeout") else { return nil }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("thread-dump-\(UUID().uuidString)")
        guard (try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)) != nil else { return nil }
        defer { try? FileManager.default.removeItem(at: directory) }
        let inputFile = directory.appendingPathComponent("input")
        let outputFile = directory.appendingPathComponent("output")
        guard FileManager.default.createFile(atPath: inputFile.path, contents: Data((input ?? "").utf8)),
            FileManager.default.createFile(atPath: outputFile.path, contents: nil),
            let stdin = FileHandle(forReadingAtPath: inputFile.path), let stdout = FileHandle(forWritingAtPath: outputFile.path)
        else { return nil }
        defer {
            try? stdin.close()
            try? stdout.close()
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: timeout)
        process.arguments = ["-s", "KILL", String(Int(gdbSeconds)), executable] + arguments
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        process.waitUntilExit()
        // What it wrote before it failed or ran out of time is worth showing too.
        guard let text = try? String(contentsOf: outputFile, encoding: .utf8), !text.isEmpty else { return nil }
        return text
    }
}
