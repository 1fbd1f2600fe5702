import CMicroHTTPD
import Platform

/// The server's open ``HTTPStream``s, so that a stopping server can end
/// them all; and the libmicrohttpd callback response that sends one.
final class OpenStreams: Sendable {
    private let streams = Locked<[ObjectIdentifier: HTTPStream]>([:])
    /// `SO_SNDBUF` of a stream's socket; 0 leaves the system's.
    private let sendBufferBytes: Int

    init(sendBufferBytes: Int) {
        self.sendBufferBytes = sendBufferBytes
    }

    /// Streams whose responses libmicrohttpd has not finished yet.
    var count: Int {
        streams.withLock { $0.count }
    }

    /// A callback response reading `stream`, which stays registered until
    /// libmicrohttpd frees the response; `nil` when libmicrohttpd refuses.
    func makeResponse(for stream: HTTPStream, on connection: OpaquePointer) -> OpaquePointer? {
        let binding = StreamBinding(stream: stream, connection: connection, streams: self)
        let context = Unmanaged.passRetained(binding).toOpaque()
        guard
            let response = MHD_create_response_from_callback(
                UInt64.max,  // MHD_SIZE_UNKNOWN: sent chunked
                Self.blockSize, streamRead, context, streamFree)
        else {
            Unmanaged<StreamBinding>.fromOpaque(context).release()
            stream.finish()
            return nil
        }
        streams.withLock { $0[ObjectIdentifier(stream)] = stream }
        limitSendBuffer(of: connection)
        return response
    }

    /// Caps the kernel's buffer for a stream's socket: left to autotuning it
    /// grows to megabytes for a client that does not read, which would both
    /// hide a slow reader from the stream's own bound and cost that much
    /// kernel memory per stream.
    private func limitSendBuffer(of connection: OpaquePointer) {
        guard sendBufferBytes > 0 else { return }
        let socket = CMicroHTTPD_connection_fd(connection)
        guard socket >= 0 else { return }
        var bytes = Int32(clamping: sendBufferBytes)
        _ = setsockopt(socket, SOL_SOCKET, SO_SNDBUF, &bytes, socklen_t(MemoryLayout<Int32>.size))
    }

    /// Ends every open stream with its stop notice; each connection then
    /// sends what it has queued and closes.
    func stopAll() {
        let open = streams.withLock { Array($0.values) }
        for stream in open { stream.stop() }
    }

    fileprivate func remove(_ stream: HTTPStream) {
        streams.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(stream)) }
    }

    /// The most bytes copied per read callback.
    private static let blockSize = 16 * 1024
}

/// What the read callback needs: the stream, and the connection to suspend.
private final class StreamBinding {
    let stream: HTTPStream
    let connection: OpaquePointer
    let streams: OpenStreams

    init(stream: HTTPStream, connection: OpaquePointer, streams: OpenStreams) {
        self.stream = stream
        self.connection = connection
        self.streams = streams
    }
}

/// `MHD_ContentReaderCallback`: the next bytes of a stream, 0 after
/// suspending the connection until more are queued, or the end.
private func streamRead(
    cls: UnsafeMutableRawPointer?, position: UInt64, buffer: UnsafeMutablePointer<CChar>?, max: Int
) -> Int {
    guard let cls, let buffer, max > 0 else { return -2 }  // MHD_CONTENT_READER_END_WITH_ERROR
    let binding = Unmanaged<StreamBinding>.fromOpaque(cls).takeUnretainedValue()
    let target = UnsafeMutableRawBufferPointer(start: UnsafeMutableRawPointer(buffer), count: max)
    guard let count = binding.stream.read(into: target, connection: binding.connection) else {
        return -1  // MHD_CONTENT_READER_END_OF_STREAM
    }
    return count
}

/// `MHD_ContentReaderFreeCallback`: the response is done with; the stream
/// is over.
private func streamFree(cls: UnsafeMutableRawPointer?) {
    guard let cls else { return }
    let binding = Unmanaged<StreamBinding>.fromOpaque(cls).takeRetainedValue()
    binding.streams.remove(binding.stream)
    binding.stream.finish()
}
