import Sessions

/// Why a `navigation-server journal` subcommand stopped: the one line it
/// writes on stderr and its exit status.
enum JournalCommandError: Error, Equatable {
    /// The command line is wrong (exit 2).
    case usage(String)
    /// The journal is damaged, or the operation was refused or failed (exit 1).
    case failure(String)

    var exitStatus: Int32 {
        switch self {
        case .usage: 2
        case .failure: 1
        }
    }

    var message: String {
        switch self {
        case .usage(let text): text + "; see navigation-server journal --help"
        case .failure(let text): text
        }
    }

    /// A store's refusal, as a failure; every ``StoreError`` text names the
    /// file and offset or the system call it is about.
    init(_ error: StoreError) {
        self = .failure(error.description)
    }
}
