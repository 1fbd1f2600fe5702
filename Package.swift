// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "NavigationServer",
    // NavigationClient's model is @Observable, which Apple platforms have from these releases on.
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        // The engine: users depend on this to write their own flows.
        .library(name: "Coordination", targets: ["Coordination"]),
        .library(name: "Flows", targets: ["Flows"]),
        // Flows tested in-process as the server runs them: sessions driven by
        // screen name, router calls, random walks (docs/writing-flows.md).
        .library(name: "CoordinationTesting", targets: ["CoordinationTesting"]),
        // The server around your own flows: `ServerProcess.run(flows:)`.
        .library(name: "NavigationServerRuntime", targets: ["NavigationServerRuntime"]),
        .executable(name: "navigation-server", targets: ["navigation-server"]),
        // What an iOS or macOS app depends on: sessions as Codable values and an
        // observable model (docs/apps.md). Of the server's targets it imports only JSON, which imports nothing.
        .library(name: "NavigationClient", targets: ["NavigationClient"]),
        .executable(name: "navigation-client", targets: ["navigation-client"]),
    ],
    targets: [
        // The bottom of the stack: the C library imports, the clock, errno
        // text, and `Locked` (a mutex ThreadSanitizer can see).
        .target(name: "Platform", dependencies: ["CRC32CHardware"]),
        // CRC-32C with the processor's instructions, for Platform's CRC32C.
        .target(name: "CRC32CHardware"),
        .target(name: "JSON"),
        .target(name: "Coordination", dependencies: ["JSON"]),
        .target(name: "Flows", dependencies: ["Coordination"]),
        .target(name: "CoordinationTesting", dependencies: ["Coordination"]),
        // Flow files (docs/flow-files.md): read and checked into definitions the engine runs, their expressions JSON Logic
        // compiled once and evaluated on JSONValue; the format's JSON Schema is compiled in by the EmbedFiles plugin.
        .target(
            name: "FlowFiles", dependencies: ["Coordination", "Platform"], exclude: ["Format/flow-file.schema.json"],
            plugins: ["EmbedFiles"]),
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),
        .target(name: "HTTPCore", dependencies: ["CMicroHTTPD", "Platform"]),
        // openapi.yaml and web/ are compiled into NavigationAPI, the flow-file schema into FlowFiles, by the EmbedFiles plugin.
        .executableTarget(name: "EmbedFilesTool"),
        .plugin(name: "EmbedFiles", capability: .buildTool(), dependencies: ["EmbedFilesTool"]),
        .target(
            name: "NavigationAPI", dependencies: ["Sessions", "Coordination", "HTTPCore", "Platform", "JWTVerification"],
            plugins: ["EmbedFiles"]),
        .target(
            name: "NavigationServerRuntime",
            dependencies: [
                "NavigationAPI", "Sessions", "FileStore", "RedisStore", "PostgresStore", "HTTPCore", "Coordination", "Platform",
                "JWTVerification", "EffectBackends", "FlowFiles", "CCrypto",
            ]),
        // Linked with jemalloc (Debian's libjemalloc-dev), which replaces
        // malloc for the whole process (README, Performance).
        .executableTarget(
            name: "navigation-server", dependencies: ["NavigationServerRuntime", "Flows"],
            linkerSettings: [.linkedLibrary("jemalloc")]),
        // The Swift client for apps, on Foundation, URLSession and Observation, and the JSON target (which imports nothing).
        .target(name: "NavigationClient", dependencies: ["JSON"]),
        // A terminal client on the library: draws a session, sends its events, follows its stream.
        .executableTarget(name: "navigation-client", dependencies: ["NavigationClient"]),
        // The sessions of a server and their journals: the registry, the
        // journal record format, the SessionStore protocol and the memory store.
        .target(name: "Sessions", dependencies: ["Coordination", "Platform"]),
        // The default store: journals in segment files in a data directory
        // (docs/durability.md).
        .target(name: "FileStore", dependencies: ["Sessions", "Coordination", "Platform"]),
        .systemLibrary(
            name: "CHiredis",
            pkgConfig: "hiredis",
            providers: [.apt(["libhiredis-dev"])]
        ),
        // Sessions shared by several instances through Redis (docs/durability.md).
        .target(name: "RedisStore", dependencies: ["Sessions", "Coordination", "CHiredis", "Platform"]),
        .systemLibrary(
            name: "CPostgres",
            pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"])]
        ),
        // Sessions shared by several instances through PostgreSQL, over libpq (docs/durability.md).
        .target(name: "PostgresStore", dependencies: ["Sessions", "Coordination", "CPostgres", "Platform"]),
        // OpenSSL's libcrypto from Debian: every signature check goes through its EVP API.
        .systemLibrary(
            name: "CCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        // Bearer JWTs (HS256, RS256, ES256) verified into the session owner (docs/api.md, "Owners").
        .target(name: "JWTVerification", dependencies: ["CCrypto", "JSON"]),
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        // Effects performed over HTTP against teams' backends, on libcurl's
        // multi interface (docs/writing-flows.md, "Performers: backends and in-process services").
        .target(name: "EffectBackends", dependencies: ["JSON", "CCurl", "Platform"]),
        // Helpers every test target shares (a lock ThreadSanitizer can see, a seeded generator).
        .target(name: "TestSupport", dependencies: ["Platform"], path: "Tests/TestSupport"),
        // What tests that drive sessions of the built-in flows without a server share: their demo services' answers.
        .target(name: "FlowTestSupport", dependencies: ["Coordination", "Flows", "TestSupport"], path: "Tests/FlowTestSupport"),
        // What the store tests share: records to append, scratch directories, file store options.
        .target(name: "StoreTestSupport", dependencies: ["Sessions", "FileStore", "TestSupport"], path: "Tests/StoreTestSupport"),
        .testTarget(name: "JSONTests", dependencies: ["JSON", "TestSupport"]),
        .testTarget(name: "CoordinationTests", dependencies: ["Coordination", "Sessions", "Platform", "StoreTestSupport", "TestSupport"]),
        .testTarget(
            name: "FlowsTests",
            dependencies: ["Flows", "Coordination", "CoordinationTesting", "Sessions", "TestSupport", "FlowTestSupport"]),
        .testTarget(name: "CoordinationTestingTests", dependencies: ["CoordinationTesting", "TestSupport"]),
        .testTarget(
            name: "FlowFilesTests", dependencies: ["FlowFiles", "CoordinationTesting", "Flows", "FlowTestSupport", "TestSupport"]),
        // Test keys made and tokens signed with libcrypto when tests run; signing exists only here.
        .target(name: "JWTTestSupport", dependencies: ["CCrypto", "JSON"], path: "Tests/JWTTestSupport"),
        .testTarget(name: "JWTVerificationTests", dependencies: ["JWTVerification", "JWTTestSupport", "JSON", "TestSupport"]),
        .testTarget(name: "HTTPCoreTests", dependencies: ["HTTPCore", "Platform", "TestSupport"]),
        .testTarget(name: "EffectBackendsTests", dependencies: ["EffectBackends", "JSON", "TestSupport"]),
        .testTarget(
            name: "SessionsTests",
            dependencies: [
                "Sessions", "FileStore", "RedisStore", "CHiredis", "PostgresStore", "Coordination", "Flows", "StoreTestSupport",
                "TestSupport", "FlowTestSupport",
            ]),
        .testTarget(name: "FileStoreTests", dependencies: ["FileStore", "Sessions", "Platform", "StoreTestSupport", "TestSupport"]),
        .testTarget(
            name: "NavigationAPITests",
            dependencies: [
                "NavigationAPI", "NavigationServerRuntime", "Sessions", "FileStore", "RedisStore", "PostgresStore", "Flows", "Coordination",
                "JSON", "HTTPCore", "Platform", "TestSupport", "JWTVerification", "JWTTestSupport", "FlowTestSupport", "StoreTestSupport",
            ]
        ),
        .testTarget(
            name: "NavigationClientTests",
            dependencies: [
                "NavigationClient", "navigation-client", "NavigationAPI", "Sessions", "FileStore", "Flows", "Coordination", "HTTPCore",
                "TestSupport", "FlowTestSupport",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// The container build (docker/Dockerfile) copies no Tests directory (see
// .dockerignore) and sets NAVIGATION_BUILD_WITHOUT_TESTS=1 to leave the test
// targets, and the support targets under Tests/, out of the package.
if Context.environment["NAVIGATION_BUILD_WITHOUT_TESTS"] == "1" {
    package.targets.removeAll { $0.type == .test || $0.path?.hasPrefix("Tests/") == true }
}
