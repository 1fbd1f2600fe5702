/// What `navigation_build_info` reports about this build.
public enum BuildInfo {
    /// The server's release version; bumped with each release.
    public static let version = "0.1.0"

    /// The Swift compiler that built this binary, e.g. `6.3`.
    public static var swiftVersion: String {
        #if compiler(>=7.0)
            "7+"
        #elseif compiler(>=6.3)
            "6.3"
        #elseif compiler(>=6.2)
            "6.2"
        #elseif compiler(>=6.1)
            "6.1"
        #else
            "6.0"
        #endif
    }
}
