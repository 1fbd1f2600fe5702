import CCurl

/// One attempt of a call: a libcurl easy handle, the request's header list,
/// and the answer as it arrives. Used on the client's event-loop thread
/// only (libcurl calls ``receive(_:)`` from `curl_multi_perform` there).
final class BackendTransfer {
    let easy: UnsafeMutableRawPointer
    var job: BackendJob
    private var headers: UnsafeMutablePointer<curl_slist>?
    /// libcurl's message for a failed transfer (CURLOPT_ERRORBUFFER).
    private let errorBuffer: UnsafeMutablePointer<CChar>
    private let bodyLimit: Int
    private var body: [UInt8] = []
    private var isBodyCut = false

    /// `nil` when libcurl cannot make a handle (no memory).
    init?(job: BackendJob, bodyLimit: Int) {
        guard let easy = curl_easy_init() else { return nil }
        self.easy = easy
        self.job = job
        self.bodyLimit = bodyLimit
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
    }

    deinit {
        curl_easy_cleanup(easy)
        curl_slist_free_all(headers)
        errorBuffer.deallocate()
    }

    /// Sets up the request: `POST` of the body as JSON to the call's URL,
    /// its headers, no redirects, no other protocols, and the time left to
    /// the deadline. Returns why libcurl refused, or `nil`.
    func configure(userAgent: String, secondsLeft: Double) -> String? {
        let call = job.call
        for header in [
            "Content-Type: application/json", "Accept: application/json",
            "Idempotency-Key: \(call.idempotencyKey)", "X-Request-ID: \(call.requestID)",
            // No `Expect: 100-continue` round trip before a larger body.
            "Expect:",
        ] {
            guard let list = curl_slist_append(headers, header) else { return "libcurl is out of memory" }
            headers = list
        }
        let context = Unmanaged.passUnretained(self).toOpaque()
        // A body pointer for an empty body too: libcurl reads `count` bytes from it.
        let bodyBytes = call.body.isEmpty ? [0] : call.body
        let milliseconds = max(1, Int((secondsLeft * 1000).rounded(.up)))
        let codes = [
            CCurl_easy_setopt_string(easy, CURLOPT_URL, call.url.absoluteString),
            CCurl_easy_setopt_string(easy, CURLOPT_PROTOCOLS_STR, "http,https"),
            CCurl_easy_setopt_long(easy, CURLOPT_FOLLOWLOCATION, 0),
            CCurl_easy_setopt_long(easy, CURLOPT_NOSIGNAL, 1),
            CCurl_easy_setopt_string(easy, CURLOPT_USERAGENT, userAgent),
            CCurl_easy_setopt_slist(easy, CURLOPT_HTTPHEADER, headers),
            CCurl_easy_setopt_off_t(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(call.body.count)),
            bodyBytes.withUnsafeBytes { CCurl_easy_setopt_pointer(easy, CURLOPT_COPYPOSTFIELDS, $0.baseAddress) },
            CCurl_easy_setopt_long(easy, CURLOPT_TIMEOUT_MS, milliseconds),
            CCurl_easy_setopt_write_callback(easy) { data, size, count, context in
                guard let context else { return 0 }
                let bytes = UnsafeRawBufferPointer(start: data, count: size * count)
                return Unmanaged<BackendTransfer>.fromOpaque(context).takeUnretainedValue().receive(bytes)
            },
            CCurl_easy_setopt_pointer(easy, CURLOPT_WRITEDATA, context),
            CCurl_easy_setopt_pointer(easy, CURLOPT_ERRORBUFFER, errorBuffer),
        ]
        if let refused = codes.first(where: { $0 != CURLE_OK }) {
            return "libcurl refused the request's options: \(String(cString: curl_easy_strerror(refused)))"
        }
        return nil
    }

    /// Keeps the body up to the limit; past it, keeps what fits and stops
    /// the transfer (a count other than the one given makes libcurl end it
    /// with CURLE_WRITE_ERROR).
    private func receive(_ bytes: UnsafeRawBufferPointer) -> Int {
        let room = bodyLimit - body.count
        guard bytes.count <= room else {
            body.append(contentsOf: bytes.prefix(room))
            isBodyCut = true
            return 0
        }
        body.append(contentsOf: bytes)
        return bytes.count
    }

    /// What the attempt came to, once libcurl finished it with `code`.
    func result(of code: CURLcode) -> AttemptResult {
        var status = 0
        _ = CCurl_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
        // The body passed the limit: receive(_:) stopped the transfer, with
        // the status and the body's first bytes in hand. (Not
        // CURLOPT_MAXFILESIZE, which refuses a long Content-Length before
        // reading anything: a 4xx's detail is in those first bytes.)
        let cut = code == CURLE_WRITE_ERROR && isBodyCut
        if status > 0 && (code == CURLE_OK || cut) {
            return .answered(response(status: status, isBodyCut: cut))
        }
        switch code {
        case CURLE_OPERATION_TIMEDOUT:
            return .cutByDeadline
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY, CURLE_COULDNT_CONNECT, CURLE_PROXY,
            CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_GOT_NOTHING, CURLE_PARTIAL_FILE, CURLE_SSL_CONNECT_ERROR,
            CURLE_HTTP2, CURLE_HTTP2_STREAM, CURLE_HTTP3, CURLE_QUIC_CONNECT_ERROR, CURLE_AGAIN:
            return .transientFailure("no answer from the backend: \(message(for: code))")
        default:
            return .permanentFailure("the request to the backend failed: \(message(for: code))")
        }
    }

    private func response(status: Int, isBodyCut: Bool) -> AttemptResponse {
        var contentType: UnsafeMutableRawPointer?
        _ = CCurl_easy_getinfo_pointer(easy, CURLINFO_CONTENT_TYPE, &contentType)
        var retryAfter: curl_off_t = 0
        _ = CCurl_easy_getinfo_off_t(easy, CURLINFO_RETRY_AFTER, &retryAfter)
        return AttemptResponse(
            status: status,
            contentType: contentType.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) },
            retryAfterSeconds: retryAfter > 0 ? Double(retryAfter) : nil,
            body: body,
            isBodyCut: isBodyCut
        )
    }

    /// libcurl's own sentence for the failure ("Failed to connect to
    /// 127.0.0.1 port 9 after 0 ms: Couldn't connect to server"), or the
    /// code's general one.
    private func message(for code: CURLcode) -> String {
        errorBuffer[Int(CURL_ERROR_SIZE)] = 0
        let specific = String(cString: errorBuffer)
        return specific.isEmpty ? String(cString: curl_easy_strerror(code)) : specific
    }
}
