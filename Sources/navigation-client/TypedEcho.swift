import Foundation

/// Whether what is typed on standard input shows: off while a secret field
/// is asked for, as a password prompt does, and back on once its line is
/// read. It is put back at the end of input and at exit too, and before a
/// signal that ends the program (Ctrl-C), so the shell is never left without echo.
enum TypedEcho {
    /// Turns echo off; the Enter still shows, as a new line. Nothing when
    /// standard input is no terminal, or echo is off already.
    static func hide() {
        guard !echoIsHidden, isatty(STDIN_FILENO) == 1, tcgetattr(STDIN_FILENO, &settingsBeforeHiding) == 0 else { return }
        installRestorers()
        var hidden = settingsBeforeHiding
        hidden.c_lflag &= ~tcflag_t(ECHO)
        hidden.c_lflag |= tcflag_t(ECHONL)
        // TCSANOW: what was typed already is kept, and the change holds at once.
        echoIsHidden = tcsetattr(STDIN_FILENO, TCSANOW, &hidden) == 0
    }

    /// Puts the terminal back as ``hide()`` found it; nothing when echo is not hidden.
    static func show() {
        restoreTypedEcho()
    }

    private static func installRestorers() {
        guard !restorersInstalled else { return }
        restorersInstalled = true
        atexit(restoreTypedEcho)
        for number in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] { signal(number, restoreTypedEchoAndDie) }
    }
}

// The state the C callbacks read: written on the main actor, read by
// `atexit` and a signal handler (tcsetattr is async-signal-safe).
nonisolated(unsafe) private var echoIsHidden = false
nonisolated(unsafe) private var settingsBeforeHiding = termios()
nonisolated(unsafe) private var restorersInstalled = false

private func restoreTypedEcho() {
    guard echoIsHidden else { return }
    echoIsHidden = false
    tcsetattr(STDIN_FILENO, TCSANOW, &settingsBeforeHiding)
}

/// Puts echo back, then ends the program with the signal as it would have ended without this handler.
private func restoreTypedEchoAndDie(_ number: Int32) {
    restoreTypedEcho()
    signal(number, SIG_DFL)
    raise(number)
}
