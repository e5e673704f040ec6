import Foundation
import PeachTestSupport
import Testing
@testable import PeachCommands
@testable import PeachOptions

@Suite("Signals during start-up", .serialized, .timeLimit(.minutes(1)))
struct EarlySignalsTests {
    @Test("caught signals are remembered once each and do not end the process")
    func remembered() {
        EarlySignals.install()
        defer { for signal in EarlySignals.trapped { Foundation.signal(signal, SIG_DFL) } }
        _ = EarlySignals.takeReceived()
        kill(getpid(), SIGHUP)
        kill(getpid(), SIGTERM)
        // Test threads block signals; another thread takes them, a moment later.
        var received = Set<Int32>()
        for _ in 0..<200 where received.count < 2 {
            received.formUnion(EarlySignals.takeReceived())
            usleep(5_000)
        }
        #expect(received == [SIGHUP, SIGTERM])
        #expect(EarlySignals.takeReceived().isEmpty, "each is handed over once")
    }

    @Test("only `run` traps them; every other command keeps the default actions")
    func onlyRun() {
        EarlySignals.install(forArguments: ["peach", "export"])
        var action = sigaction()
        sigaction(SIGTERM, nil, &action)
        #expect(unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_DFL, to: Int.self))
    }

    @Test("SIGHUP and SIGTERM in the first 500 ms of `peach run` never kill it; it then stops cleanly on SIGTERM",
          .enabled(if: FileManager.default.isExecutableFile(atPath: BuiltProgram.peach.path)),
          arguments: [SIGHUP, SIGTERM], [0, 5, 20, 60, 150, 300, 500])
    func startUp(signal: Int32, milliseconds: Int) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("peach-signal-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let process = Process()
        process.executableURL = BuiltProgram.peach
        process.arguments = ["run", "--data-dir", directory.path, "--audio-device", "hw:CARD=NoSuchCard,DEV=0"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The stimulus is a moment after the start; nothing here waits for a result by the clock.
        usleep(useconds_t(milliseconds * 1000))
        kill(process.processIdentifier, signal)
        if signal == SIGHUP {
            // A reload: the box goes on (waiting for its devices here) until told to stop.
            usleep(100_000)
            #expect(process.isRunning, "a SIGHUP ended it")
            kill(process.processIdentifier, SIGTERM)
        }
        // A lost stop would leave it running for ever: it is given a minute, then killed and failed.
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        if !process.isRunning { ended.signal() }
        if ended.wait(timeout: .now() + 60) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            Issue.record("peach run did not stop on SIGTERM (signal \(signal) after \(milliseconds) ms)")
            return
        }
        process.waitUntilExit()
        #expect(process.terminationReason == .exit, "killed by signal \(process.terminationStatus)")
        #expect(process.terminationStatus == 0)
    }
}
