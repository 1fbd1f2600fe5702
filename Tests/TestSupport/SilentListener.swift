import Platform

/// A loopback port that takes connections (the kernel's backlog) and
/// never answers on them: a server that stopped before it could speak
/// (a client's connect waits its whole timeout).
public struct SilentListener: Sendable {
    public let socket: Int32
    public let port: Int

    public init() throws {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let listening = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(socket, pointer, length) == 0 && listen(socket, 16) == 0 && getsockname(socket, pointer, &length) == 0
            }
        }
        guard listening else {
            Glibc.close(socket)
            throw FreeLoopbackPortError(description: "cannot listen on loopback: errno \(errno)")
        }
        self.socket = socket
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    public func close() { Glibc.close(socket) }
}
