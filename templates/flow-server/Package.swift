// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "flow-server",
    // NavigationServer's own platforms: its libraries build for these releases on.
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .executable(name: "flow-server", targets: ["flow-server"])
    ],
    dependencies: [
        // Inside NavigationServer's repository, the checkout two levels up. Once this package is
        // copied out, depend on a release instead (`package:` below is then the URL's last
        // component without `.git`):
        //     .package(url: "https://github.com/your-org/NavigationServer.git", from: "1.0.0"),
        .package(name: "NavigationServer", path: "../..")
    ],
    targets: [
        // Your flows: plain Swift on the Coordination library, tested without a server.
        .target(
            name: "GreetingFlows",
            dependencies: [.product(name: "Coordination", package: "NavigationServer")]),
        // The server: one `ServerProcess.run` line. Linked with jemalloc, as navigation-server is
        // (Debian's libjemalloc-dev; docs/writing-flows.md, "Serving it").
        .executableTarget(
            name: "flow-server",
            dependencies: [
                "GreetingFlows", .product(name: "NavigationServerRuntime", package: "NavigationServer"),
            ],
            linkerSettings: [.linkedLibrary("jemalloc")]),
        .testTarget(
            name: "GreetingFlowsTests",
            dependencies: ["GreetingFlows", .product(name: "CoordinationTesting", package: "NavigationServer")]),
    ],
    swiftLanguageModes: [.v6]
)
