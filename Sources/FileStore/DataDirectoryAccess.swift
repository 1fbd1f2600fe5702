import Platform

/// Who besides the server's own user can change a data directory. The
/// journal holds session ids (bearer capabilities) and every payload, and
/// whoever can write the directory can add, replace or delete segments:
/// forge sessions, or make the next start refuse.
public enum DataDirectoryAccess {
    /// Why others can write the directory at `path`: group- or
    /// world-writable, or owned by another user than this process's
    /// effective one. Nil when only its owner (this process's user) can, or
    /// when it does not exist yet (the store creates it with mode 0700).
    public static func othersCanWrite(_ path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        var reasons: [String] = []
        let mode = status.st_mode & 0o7777
        if mode & S_IWGRP != 0 { reasons.append("group-writable") }
        if mode & S_IWOTH != 0 { reasons.append("world-writable") }
        let user = geteuid()
        if status.st_uid != user { reasons.append("owned by uid \(status.st_uid), not by this process's uid \(user)") }
        guard !reasons.isEmpty else { return nil }
        return reasons.joined(separator: ", ") + " (mode " + octal(mode) + ")"
    }

    private static func octal(_ mode: mode_t) -> String {
        let digits = String(mode, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
