import Logging
import Synchronization

/// Collects log messages so a test can see that something was (or was not) logged.
public final class LogCapture: Sendable {
    private let messages = Mutex<[(Logger.Level, String)]>([])

    public init() {}

    public var logger: Logger {
        Logger(label: "test") { _ in Handler(capture: self) }
    }

    public var entries: [(level: Logger.Level, message: String)] { messages.withLock { $0.map { ($0.0, $0.1) } } }

    public func contains(level: Logger.Level, _ fragment: String) -> Bool {
        entries.contains { $0.level == level && $0.message.contains(fragment) }
    }

    fileprivate func append(_ level: Logger.Level, _ message: String) {
        messages.withLock { $0.append((level, message)) }
    }

    private struct Handler: LogHandler {
        let capture: LogCapture
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            capture.append(event.level, "\(event.message)")
        }
    }
}
