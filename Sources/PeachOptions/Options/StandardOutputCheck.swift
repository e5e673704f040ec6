import Foundation
import PeachText

/// What `print` left in stdio's buffer, checked when the process ends: output that could not be
/// written (a full disk, a closed file) makes the exit status 1 with a message, for every command,
/// instead of a silent success.
public enum StandardOutputCheck {
    /// Registers the check; call once, first thing in `main`.
    public static func install() {
        atexit {
            guard fflush(nil) != 0 else { return }
            // "Error: " as swift-argument-parser says it for every other failure.
            let texts = CommandLineTexts.current
            let message = texts.text(.parserError, texts.text(.fileCannotWriteOutput, SystemWords.text(code: errno, texts))) + "\n"
            _ = message.withCString { Foundation.write(STDERR_FILENO, $0, strlen($0)) }
            _exit(1)
        }
    }
}
