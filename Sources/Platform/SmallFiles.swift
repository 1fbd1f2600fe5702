/// Files a server reads whole at start (a key, flow files) and the
/// directories they are listed from: bounded reads, `EINTR` retried, each
/// failure said in the system's words.
package enum SmallFiles {
    /// Why a file or directory could not be read: `cannot open it (No such
    /// file or directory)`. Callers put the path and their flag in front.
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    /// At most `limit` bytes of the file at `path`, from its start: a
    /// longer file is cut there, so ask for one byte more than a check
    /// accepts to tell it was too long.
    package static func bytes(ofFile path: String, atMost limit: Int) throws(Failure) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(description: "cannot open it (\(systemErrorText(errno)))") }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: limit)
        var count = 0
        while count < limit {
            let read = bytes.withUnsafeMutableBytes { buffer in
                Platform.read(descriptor, buffer.baseAddress! + count, limit - count)
            }
            if read < 0, errno == EINTR { continue }
            guard read >= 0 else { throw Failure(description: "cannot read it (\(systemErrorText(errno)))") }
            if read == 0 { break }
            count += read
        }
        return Array(bytes[..<count])
    }

    /// The names in the directory at `path`, `.` and `..` left out, in no
    /// particular order.
    package static func names(inDirectory path: String) throws(Failure) -> [String] {
        guard let stream = opendir(path) else { throw Failure(description: "cannot list it (\(systemErrorText(errno)))") }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) {
                    String(cString: $0)
                }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Whether `path` names a directory (following symbolic links).
    package static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }
}
