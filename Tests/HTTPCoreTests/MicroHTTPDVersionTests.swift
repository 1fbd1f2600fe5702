import TestSupport
import Testing

@testable import HTTPCore

/// Reading and comparing libmicrohttpd release numbers, and the start-up
/// check that refuses a library older than the HTTP layer was written for.
@Suite(.timeLimit(.minutes(10)), .hangGuard) struct MicroHTTPDVersionTests {
    // MARK: - Parsing

    @Test(arguments: [
        ("0.9.75", [0, 9, 75]),
        ("0.9.74", [0, 9, 74]),
        ("1.0.0", [1, 0, 0]),
        ("0.9.100", [0, 9, 100]),
        ("1", [1]),
        ("0.9.077", [0, 9, 77]),
    ])
    func parsesDottedNumbers(text: String, parts: [Int]) throws {
        let version = try #require(MicroHTTPDVersion(text))
        #expect(version.parts == parts)
    }

    @Test(arguments: [
        "", "garbage", "0.9.x", "0..9", ".0.9", "0.9.", "0.9.75-rc1", "v0.9.75", " 0.9.75", "-1.0.0",
        "+1.0.0", "0.9.75.1.2", "99999999999999999999.0.0", "٠.٩.٧٥",
    ])
    func refusesAnythingElse(text: String) {
        #expect(MicroHTTPDVersion(text) == nil)
    }

    @Test func describesItselfAsDottedNumbers() throws {
        #expect(try #require(MicroHTTPDVersion("0.9.075")).description == "0.9.75")
        #expect(MicroHTTPDVersion.minimumSupported.description == "0.9.75")
    }

    // MARK: - Comparing

    @Test func comparesPartByPartAsNumbers() throws {
        let ascending = try ["0.8.99", "0.9.9", "0.9.74", "0.9.75", "0.9.76", "0.9.100", "1.0.0", "1.0.1", "10.0.0"]
            .map { try #require(MicroHTTPDVersion($0)) }
        for (index, lower) in ascending.enumerated() {
            for higher in ascending[(index + 1)...] {
                #expect(lower < higher, "\(lower) < \(higher)")
                #expect(!(higher < lower), "not \(higher) < \(lower)")
                #expect(lower != higher)
            }
        }
    }

    @Test func missingTrailingPartsAreZero() throws {
        let short = try #require(MicroHTTPDVersion("0.9"))
        let long = try #require(MicroHTTPDVersion("0.9.0"))
        #expect(short == long)
        #expect(!(short < long) && !(long < short))
        #expect(try short < #require(MicroHTTPDVersion("0.9.1")))
    }

    // MARK: - The start-up check

    @Test(arguments: ["0.9.75", "0.9.76", "0.9.100", "1.0.0"])
    func acceptsTheMinimumAndNewer(text: String) throws {
        try MicroHTTPDVersion.requireSupported(text)
    }

    @Test(arguments: ["0.9.74", "0.9.9", "0.8.200", "0", "", "garbage", "0.9.75-rc1"])
    func refusesOlderOrUnreadableVersionsNamingBoth(text: String) {
        #expect(throws: HTTPServerError.unsupportedLibraryVersion(found: text, required: "0.9.75")) {
            try MicroHTTPDVersion.requireSupported(text)
        }
        let message = HTTPServerError.unsupportedLibraryVersion(found: text, required: "0.9.75").description
        #expect(message.contains("needs libmicrohttpd 0.9.75 or newer"))
        #expect(message.contains(text.isEmpty ? "of unknown version" : "version \"\(text)\""))
    }

    @Test func startRefusesAnOldLibraryBeforeBinding() throws {
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        let server = HTTPServer(configuration: configuration, handler: EchoHandler())
        #expect(throws: HTTPServerError.unsupportedLibraryVersion(found: "0.9.74", required: "0.9.75")) {
            try server.start(libraryVersion: "0.9.74")
        }
        #expect(server.port == 0)
        // Nothing was started, so the same server still starts on a supported library.
        try server.start(libraryVersion: "0.9.75")
        server.stop()
        #expect(server.port > 0)
    }

    @Test func theRunningLibraryIsSupported() throws {
        let running = try #require(
            MicroHTTPDVersion(MicroHTTPDVersion.runningText), "MHD_get_version() said \(MicroHTTPDVersion.runningText)")
        #expect(running >= MicroHTTPDVersion.minimumSupported)
        try MicroHTTPDVersion.requireSupported(MicroHTTPDVersion.runningText)
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        let server = HTTPServer(configuration: configuration, handler: EchoHandler())
        try server.start()
        server.stop()
        #expect(server.port > 0)
    }
}
