import Platform

/// A loopback port nothing listens on now (bound to port 0, then closed):
/// where a test starts a server of its own (redis-server, PostgreSQL).
public func freeLoopbackPort() throws -> Int {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
            bind(socket, pointer, length) == 0 && getsockname(socket, pointer, &length) == 0
        }
    }
    guard bound else { throw FreeLoopbackPortError(description: "no free loopback port: errno \(errno)") }
    return Int(UInt16(bigEndian: address.sin_port))
}

public struct FreeLoopbackPortError: Error, CustomStringConvertible {
    public let description: String
}
