import Foundation
import Logging
import Synchronization

/// Log lines on a terminal that shows a status line: each line erases the status line first, so
/// it is never written into its middle, and the status line is drawn again below it.
struct StatusLineLogHandler: LogHandler {
    /// The status line as last drawn, shared by every handler and the terminal session.
    static let lastStatus = Mutex<String?>(nil)

    let label: String
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]
    private let write: @Sendable (String) -> Void

    init(label: String, write: @escaping @Sendable (String) -> Void = StatusLineLogHandler.writeToStandardError) {
        self.label = label
        self.write = write
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        write(Self.text(level: event.level, label: label, message: "\(event.message)",
                        status: Self.lastStatus.withLock { $0 }))
    }

    /// Erase the status line, the log line, the status line again.
    static func text(level: Logger.Level, label: String, message: String, status: String?) -> String {
        "\r\u{1B}[K\(label) \(level): \(message)\n" + (status ?? "")
    }

    static let writeToStandardError: @Sendable (String) -> Void = { text in
        var bytes = Array(text.utf8)
        _ = Glibc.write(STDERR_FILENO, &bytes, bytes.count)
    }
}
