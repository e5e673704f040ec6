import Foundation
import Glibc

/// The terminal while `peach run` owns it: raw keys (no echo, no line buffering; Ctrl-C still sends
/// SIGINT) and one status line redrawn in place. Restores the terminal's settings when closed.
final class TerminalSession: @unchecked Sendable {
    // @unchecked: `saved` is written once in init and read in restore(); the reader thread only reads fd 0.
    private var saved = termios()
    private let isRaw: Bool

    /// Whether standard input and output are a terminal a person is looking at.
    static var isInteractive: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

    init() {
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else {
            isRaw = false
            return
        }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        raw.c_iflag &= ~tcflag_t(IXON)  // Ctrl-S must not freeze the status line (and the box with it)
        raw.c_cc.6 = 1  // VMIN: return after one byte
        raw.c_cc.5 = 0  // VTIME: no timeout
        isRaw = tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0
    }

    deinit { restore() }

    func restore() {
        guard isRaw else { return }
        var settings = saved
        tcsetattr(STDIN_FILENO, TCSANOW, &settings)
        StatusLineLogHandler.lastStatus.withLock { $0 = nil }
        write("\r\u{1B}[K")
    }

    /// Bytes typed, read on a thread of their own (blocking reads of the terminal are its whole job).
    func keyBytes() -> AsyncStream<[UInt8]> {
        AsyncStream { continuation in
            let thread = Thread {
                var buffer = [UInt8](repeating: 0, count: 64)
                while true {
                    let count = read(STDIN_FILENO, &buffer, buffer.count)
                    if count > 0 {
                        continuation.yield(Array(buffer[0..<count]))
                    } else if count == 0 || errno != EINTR {
                        continuation.finish()
                        return
                    }
                }
            }
            thread.name = "peach-keyboard"
            thread.start()
        }
    }

    /// Redraws the status line in place, cut to the terminal's width.
    func showStatus(_ text: String) {
        StatusLineLogHandler.lastStatus.withLock { $0 = text }
        write("\r\u{1B}[K" + text)
    }

    /// Prints a line above the status line.
    func printLine(_ text: String) {
        write("\r\u{1B}[K" + text + "\n")
    }

    var width: Int {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 100 }
        return Int(size.ws_col)
    }

    /// Errors are ignored: a terminal that hung up must not take the box down with it.
    private func write(_ text: String) {
        var bytes = Array(text.utf8)
        _ = Glibc.write(STDOUT_FILENO, &bytes, bytes.count)
    }
}
