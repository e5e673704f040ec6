import Logging
import Synchronization
import Testing
@testable import PeachBoxRuntime

@Suite("Log lines on a terminal with a status line")
struct StatusLineLogHandlerTests {
    @Test("a log line erases the status line first and draws it again after")
    func erasesAndRedraws() {
        let text = StatusLineLogHandler.text(level: .error, label: "peach.history", message: "refused",
                                             status: "Hear & Compare │ first note")
        #expect(text == "\r\u{1B}[Kpeach.history error: refused\nHear & Compare │ first note")
        #expect(StatusLineLogHandler.text(level: .info, label: "x", message: "m", status: nil) == "\r\u{1B}[Kx info: m\n")
    }

    @Test("the handler writes through and keeps its level")
    func handler() {
        let written = Mutex<[String]>([])
        var handler = StatusLineLogHandler(label: "peach.run") { text in written.withLock { $0.append(text) } }
        handler.logLevel = .warning
        var logger = Logger(label: "peach.run") { _ in handler }
        logger.logLevel = .warning
        logger.info("not shown")
        logger.warning("shown")
        #expect(written.withLock { $0.count } == 1)
        #expect(written.withLock { $0.first?.contains("peach.run warning: shown\n") } == true)
    }
}
