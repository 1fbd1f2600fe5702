import Foundation
import Platform
import Testing

/// A cluster that takes TLS connections only, for the tests of a URI's
/// `sslmode`: a certificate authority of its own, made with the `openssl`
/// program, signs the server's certificate for `localhost` and `127.0.0.1`.
extension PostgresTestCluster {
    /// Makes the certificates, turns `ssl` on and refuses every connection
    /// over TCP without TLS (`hostnossl … reject`), then restarts the
    /// server; returns the path of the authority's certificate, what a
    /// client's `sslrootcert` names to verify the server.
    public func requireTLS() throws -> String {
        let tls = directory + "/tls"
        try FileManager.default.createDirectory(atPath: tls, withIntermediateDirectories: true)
        let extensions = tls + "/server.ext"
        try "subjectAltName = DNS:localhost, IP:127.0.0.1\n".write(toFile: extensions, atomically: true, encoding: .utf8)
        for arguments in [
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=navigation test CA", "-keyout", "ca.key",
                "-out", "ca.crt",
            ],
            ["req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost", "-keyout", "server.key", "-out", "server.csr"],
            [
                "x509", "-req", "-in", "server.csr", "-CA", "ca.crt", "-CAkey", "ca.key", "-CAcreateserial", "-days", "2",
                "-extfile", "server.ext", "-out", "server.crt",
            ],
        ] {
            try Self.openssl(arguments, in: tls)
        }
        // The server's key: its user's alone, or postgres refuses it.
        for file in ["server.key", "server.crt", "ca.crt"] where Self.runsAsRoot { chown(tls + "/" + file, Self.nobody, Self.nobody) }
        chmod(tls + "/server.key", 0o600)
        try "local all all trust\nhostssl all all 127.0.0.1/32 scram-sha-256\nhostnossl all all 0.0.0.0/0 reject\n".write(
            toFile: dataDirectory + "/pg_hba.conf", atomically: false, encoding: .utf8)
        let settings = "\nssl = on\nssl_cert_file = '\(tls)/server.crt'\nssl_key_file = '\(tls)/server.key'\n"
        let configuration = try FileHandle(forWritingTo: URL(fileURLWithPath: dataDirectory + "/postgresql.conf"))
        defer { try? configuration.close() }
        try configuration.seekToEnd()
        try configuration.write(contentsOf: Data(settings.utf8))
        stop(signal: SIGINT)
        try start()
        return tls + "/ca.crt"
    }

    /// A certificate authority no server's certificate is signed by; its
    /// certificate's path.
    public func strangerAuthority() throws -> String {
        let stranger = directory + "/stranger"
        try FileManager.default.createDirectory(atPath: stranger, withIntermediateDirectories: true)
        try Self.openssl(
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=a stranger", "-keyout", "ca.key", "-out",
                "ca.crt",
            ],
            in: stranger)
        return stranger + "/ca.crt"
    }

    private static func openssl(_ arguments: [String], in directory: String) throws {
        let process = try ChildProcess(URL(fileURLWithPath: "/usr/bin/openssl"), arguments, directory: URL(fileURLWithPath: directory))
        let exit = try process.waitForExit()
        guard exit == ChildProcess.Exit(status: 0, exited: true) else { throw process.failure("failed") }
    }
}
