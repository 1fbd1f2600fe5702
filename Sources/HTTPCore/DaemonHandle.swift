import CMicroHTTPD

/// A running libmicrohttpd daemon.
///
/// `@unchecked Sendable` because it is an immutable wrapper of a C pointer:
/// libmicrohttpd's daemon functions used here may be called from any thread,
/// and ``HTTPServer``'s lifecycle lock ensures stop runs once.
struct DaemonHandle: @unchecked Sendable {
    private let daemon: OpaquePointer

    /// Starts a daemon that binds `address` and calls back into `dispatcher`.
    ///
    /// `dispatcher` and `errorLog` are passed unretained: the caller must keep
    /// them alive until ``stop()`` returns.
    static func start(
        configuration: HTTPServerConfiguration,
        address: BindAddress,
        dispatcher: RequestDispatcher,
        errorLog: StartupErrorLog
    ) throws(HTTPServerError) -> DaemonHandle {
        var flags =
            MHD_USE_EPOLL_INTERNAL_THREAD.rawValue
            | MHD_USE_ITC.rawValue  // lets MHD_stop_daemon wake the worker threads at once
            | MHD_ALLOW_SUSPEND_RESUME.rawValue  // streams and deferred answers wait suspended, costing no thread
            | MHD_USE_ERROR_LOG.rawValue  // routed to `errorLog`, which keeps start-up errors only
        if configuration.turbo {
            flags |= MHD_USE_TURBO.rawValue
        }
        if address.isIPv6 {
            flags |= MHD_USE_IPv6.rawValue
        }

        let (daemon, messages) = errorLog.recording {
            address.withSockAddrPointer { sockAddr in
                var settings = CMicroHTTPD_DaemonSettings(
                    flags: flags,
                    bind_address: sockAddr,
                    port: UInt16(clamping: configuration.port),
                    thread_pool_size: UInt32(configuration.threads),
                    connection_limit: UInt32(configuration.connectionLimit),
                    per_ip_connection_limit: UInt32(configuration.perIPConnectionLimit),
                    connection_timeout_seconds: UInt32(configuration.connectionTimeoutSeconds),
                    connection_memory_limit: configuration.connectionMemoryLimitBytes,
                    access_handler: daemonAccessHandler,
                    request_completed: daemonRequestCompleted,
                    connection_notify: daemonConnectionNotify,
                    uri_log: daemonURILog,
                    error_log: daemonErrorLog,
                    context: Unmanaged.passUnretained(dispatcher).toOpaque(),
                    error_log_context: Unmanaged.passUnretained(errorLog).toOpaque()
                )
                return CMicroHTTPD_start_daemon(&settings)
            }
        }
        guard let daemon else {
            let reason = messages.last ?? "libmicrohttpd could not start (no reason given)"
            throw .startFailed("on \(address.displayName):\(configuration.port): \(reason)")
        }
        return DaemonHandle(daemon: daemon)
    }

    /// The port the listening socket is bound to.
    var boundPort: Int {
        Int(CMicroHTTPD_bound_port(daemon))
    }

    /// Closes every connection and joins the worker threads.
    func stop() {
        MHD_stop_daemon(daemon)
    }
}
