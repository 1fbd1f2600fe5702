// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "NavigationServer",
    products: [
        // The engine: users depend on this to write their own flows.
        .library(name: "Coordination", targets: ["Coordination"]),
        .library(name: "Flows", targets: ["Flows"]),
        // The server around your own flows: `ServerProcess.run(flows:)`.
        .library(name: "NavigationServerRuntime", targets: ["NavigationServerRuntime"]),
        .executable(name: "navigation-server", targets: ["navigation-server"]),
    ],
    targets: [
        .target(name: "JSON"),
        .target(name: "Coordination", dependencies: ["JSON"]),
        .target(name: "Flows", dependencies: ["Coordination"]),
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),
        // A mutex ThreadSanitizer can see, shared by every layer that locks.
        .target(name: "Locking"),
        .target(name: "HTTPCore", dependencies: ["CMicroHTTPD", "Locking"]),
        // openapi.yaml and web/ are compiled into NavigationAPI by the EmbedFiles plugin.
        .executableTarget(name: "EmbedFilesTool"),
        .plugin(name: "EmbedFiles", capability: .buildTool(), dependencies: ["EmbedFilesTool"]),
        .target(name: "NavigationAPI", dependencies: ["Sessions", "Coordination", "HTTPCore", "Locking"], plugins: ["EmbedFiles"]),
        .target(
            name: "NavigationServerRuntime",
            dependencies: ["NavigationAPI", "Sessions", "RedisStore", "HTTPCore", "Coordination", "Locking"]),
        // Linked with jemalloc (Debian's libjemalloc-dev), which replaces
        // malloc for the whole process (README, Performance).
        .executableTarget(
            name: "navigation-server", dependencies: ["NavigationServerRuntime", "Flows"],
            linkerSettings: [.linkedLibrary("jemalloc")]),
        // Session journals and the stores that keep them (DURABILITY.md).
        .target(name: "Sessions", dependencies: ["Coordination", "Locking"]),
        .systemLibrary(
            name: "CHiredis",
            pkgConfig: "hiredis",
            providers: [.apt(["libhiredis-dev"])]
        ),
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        // Effects performed over HTTP against teams' backends, on libcurl's
        // multi interface (EFFECTS.md, "Who performs it").
        .target(name: "EffectBackends", dependencies: ["JSON", "CCurl", "Locking"]),
        // Sessions shared by several instances through Redis (DURABILITY.md, "Several instances").
        .target(name: "RedisStore", dependencies: ["Sessions", "CHiredis", "Locking"]),
        // Helpers every test target shares (a lock ThreadSanitizer can see, a seeded generator).
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "JSONTests", dependencies: ["JSON", "TestSupport"]),
        .testTarget(name: "CoordinationTests", dependencies: ["Coordination", "Sessions", "Locking", "TestSupport"]),
        .testTarget(name: "FlowsTests", dependencies: ["Flows", "Coordination", "Sessions", "TestSupport"]),
        .testTarget(name: "HTTPCoreTests", dependencies: ["HTTPCore", "TestSupport"]),
        .testTarget(name: "EffectBackendsTests", dependencies: ["EffectBackends", "JSON", "TestSupport"]),
        .testTarget(name: "SessionsTests", dependencies: ["Sessions", "RedisStore", "Flows", "TestSupport"]),
        .testTarget(
            name: "NavigationAPITests",
            dependencies: [
                "NavigationAPI", "NavigationServerRuntime", "Sessions", "RedisStore", "Flows", "Coordination", "HTTPCore", "TestSupport",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// The container build (docker/Dockerfile) copies no Tests directory (see
// .dockerignore) and sets NAVIGATION_BUILD_WITHOUT_TESTS=1 to leave the test
// targets out of the package.
if Context.environment["NAVIGATION_BUILD_WITHOUT_TESTS"] == "1" {
    package.targets.removeAll { $0.type == .test || $0.name == "TestSupport" }
}
