import PeachPractice
import ServiceLifecycle
import Synchronization
import Testing
@testable import PeachBoxRuntime

@Suite("The box's services: a stop shuts them down in order, each after the one before has ended")
struct BoxServicesTests {
    final class Log: Sendable {
        let lines = Mutex<[BoxPart]>([])
        func append(_ part: BoxPart) { lines.withLock { $0.append(part) } }
        var parts: [BoxPart] { lines.withLock { $0 } }
    }

    /// Records when it was shut down; the stop part ends at once, as a signal would end it.
    struct Part: Service {
        let part: BoxPart
        let log: Log
        let started: Log
        func run() async throws {
            started.append(part)
            guard part != .stop else { return }
            try? await gracefulShutdown()
            // A part that takes its time to close (the output draining) is awaited before the next:
            // it gives the others many chances to run first, and none does.
            if part == .audioOutput { for _ in 0..<200 { await Task.yield() } }
            log.append(part)
        }
    }

    @Test("the stop part ending shuts every other part down in the reverse of the start order")
    func order() async throws {
        let log = Log(), started = Log()
        let parts = Dictionary(uniqueKeysWithValues: BoxPart.allCases.map { part in
            (part, Part(part: part, log: log, started: started) as any Service)
        })
        try await BoxServices.group(parts).run()
        #expect(log.parts == BoxPart.shutdownOrder.filter { $0 != .stop })
        #expect(Set(started.parts) == Set(BoxPart.allCases))
    }

    @Test("a box without a terminal shuts down the same way without that part")
    func withoutTerminal() async throws {
        let log = Log(), started = Log()
        let parts = Dictionary(uniqueKeysWithValues: BoxPart.allCases.filter { $0 != .terminal }.map { part in
            (part, Part(part: part, log: log, started: started) as any Service)
        })
        try await BoxServices.group(parts).run()
        #expect(log.parts == BoxPart.shutdownOrder.filter { $0 != .stop && $0 != .terminal })
    }
}
