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

    private static func gdbStacks(of pid: Int32) -> String? {
        guard let gdb = executable(named: "gdb") else { return nil }
        let arguments = [
            "--batch", "--nx", "-p", String(pid), "-ex", "set pagination off", "-ex", "thread apply all bt 40",
        ]
        guard let stacks = run(gdb, arguments, input: nil) else { return nil }
        let demangled = executable(named: "swift-demangle").flatMap { run($0, ["--simplified"], input: stacks) }
        return demangled ?? stacks
    }

    /// `name` in `PATH` or beside the running `swift` (the toolchain's bin).
    private static func executable(named name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let directories = path.split(separator: ":").map(String.init) + ["/usr/bin", "/opt/swift/usr/bin"]
        return directories.map { $0 + "/" + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs a tool with a deadline of ``gdbSeconds``; its stdout, or nil
    /// when it failed or ran out of time (then it is killed).
    private static func run(_ executable: String, _ arguments: [String], input: String?) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        let inputPipe = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = input == nil ? FileHandle.nullDevice : inputPipe
        guard (try? process.run()) != nil else { return nil }
        let collected = LockedBox(Data())
        let drained = DispatchSemaphore(value: 0)
        // Read while the input is written: a tool's output can fill its pipe first.
        Thread.detachNewThread {
            let data = output.fileHandleForReading.readDataToEndOfFile()
            collected.withLock { $0 = data }
            drained.signal()
        }
        if let input {
            inputPipe.fileHandleForWriting.write(Data(input.utf8))
            try? inputPipe.fileHandleForWriting.close()
        }
        guard drained.wait(timeout: .now() + gdbSeconds) == .success else {
            kill(process.processIdentifier, SIGKILL)
            return nil
        }
        process.waitUntilExit()
        let text = String(decoding: collected.withLock { $0 }, as: UTF8.self)
        return text.isEmpty ? nil : text
    }
}
