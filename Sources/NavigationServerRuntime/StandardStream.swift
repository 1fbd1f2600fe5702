import Platform

/// Unbuffered writes of whole lines to stdout and stderr.
///
/// Each line goes out in one `write(2)`, so lines written by many threads at
/// once never interleave, and nothing waits in a stdio buffer.
enum StandardStream {
    case output
    case error

    private var descriptor: Int32 {
        switch self {
        case .output: STDOUT_FILENO
        case .error: STDERR_FILENO
        }
    }

    /// Writes `line` and a newline.
    func writeLine(_ line: String) {
        var bytes = Array(line.utf8)
        bytes.append(UInt8(ascii: "\n"))
        write(bytes)
    }

    /// Writes `bytes` as given, retrying after a partial write or a signal.
    func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count, let base = buffer.baseAddress {
                let written = Glibc.write(descriptor, base + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
    }
}
