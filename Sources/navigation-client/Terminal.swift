import Foundation

/// The terminal: lines typed on standard input, text written unbuffered to standard output.
enum Terminal {
    /// Lines as they are typed; the sequence ends at end of input (Ctrl-D).
    static func lines() -> AsyncStream<String> {
        let (lines, continuation) = AsyncStream.makeStream(of: String.self)
        // `readLine` blocks, so it runs on a thread of its own.
        let reader = Thread {
            while let line = readLine() { continuation.yield(line) }
            continuation.finish()
        }
        reader.start()
        return lines
    }

    /// Writes at once: a prompt has no newline to flush it.
    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static func writeError(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
