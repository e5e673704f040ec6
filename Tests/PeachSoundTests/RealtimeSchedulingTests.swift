import Foundation
import Testing
@testable import PeachSound

/// The render thread asks for SCHED_FIFO (as FluidSynth does) and falls back quietly when refused.
@Suite("Real-time scheduling of the audio thread", .serialized)
struct RealtimeSchedulingTests {
    /// Runs `body` on a fresh thread (scheduling changes stay off the test runner's threads).
    static func onThread<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.value = body()
            done.signal()
        }
        thread.start()
        done.wait()
        return box.value!
    }

    final class ResultBox<T>: @unchecked Sendable { var value: T? }

    /// Root here (and CI) may use SCHED_FIFO; an ordinary user without RLIMIT_RTPRIO may not.
    static let mayUseRealtime = geteuid() == 0 && RealtimeScheduling.mayPromote

    @Test("priority 20 gives SCHED_FIFO 20 where allowed; otherwise a refusal with the reason, normal scheduling kept")
    func promotes() {
        let (outcome, policy) = Self.onThread { () -> (RealtimeScheduling.Outcome, (Int32, Int32)) in
            (RealtimeScheduling.promoteCurrentThread(priority: 20), RealtimeScheduling.currentThread())
        }
        if Self.mayUseRealtime {
            #expect(outcome == .realtime(priority: 20))
            #expect(policy.0 == SCHED_FIFO && policy.1 == 20)
        } else {
            guard case .refused(20, let reason) = outcome else { Issue.record("expected a refusal, got \(outcome)"); return }
            #expect(!reason.isEmpty && policy.0 == SCHED_OTHER)
        }
    }

    @Test("an impossible priority is refused with the system's reason and changes nothing")
    func refused() {
        let (outcome, policy) = Self.onThread { () -> (RealtimeScheduling.Outcome, (Int32, Int32)) in
            (RealtimeScheduling.promoteCurrentThread(priority: 150), RealtimeScheduling.currentThread())
        }
        guard case .refused(150, let reason) = outcome else { Issue.record("expected a refusal, got \(outcome)"); return }
        #expect(reason.contains("Invalid argument"))
        #expect(policy.0 == SCHED_OTHER)
        #expect(outcome.description.contains("normal scheduling"))
    }

    @Test("priority 0 leaves the thread alone")
    func off() {
        let (outcome, policy) = Self.onThread { () -> (RealtimeScheduling.Outcome, (Int32, Int32)) in
            (RealtimeScheduling.promoteCurrentThread(priority: 0), RealtimeScheduling.currentThread())
        }
        #expect(outcome == .off && policy.0 == SCHED_OTHER)
    }

    @Test("the ALSA output's render thread runs at the configured priority, known when start returns")
    @MainActor
    func outputThread() throws {
        let (engine, _) = try EngineTestSupport.engine()
        let output = ALSAPCMOutput(renderer: engine.renderer,
                                   configuration: .init(device: "null", periodFrames: 128, periodCount: 3, realtimePriority: 15))
        try output.start()
        defer { output.stop() }
        if Self.mayUseRealtime {
            #expect(output.scheduling == .realtime(priority: 15))
            // The kernel's view: the thread named peach-audio has policy 1 (SCHED_FIFO), priority 15.
            let tasks = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")
            let audio = tasks.first { (try? String(contentsOfFile: "/proc/self/task/\($0)/comm", encoding: .utf8))?
                .hasPrefix("peach-audio") == true }
            let stat = try String(contentsOfFile: "/proc/self/task/\(try #require(audio))/stat", encoding: .utf8)
            let fields = stat.split(separator: ")").last?.split(separator: " ") ?? []
            #expect(fields.count > 38 && fields[38] == "1" && fields[37] == "15")   // policy (41), rt_priority (40)
        } else {
            #expect(output.scheduling != .off)
        }
    }

    /// A figure of this process's /proc/self/status, in kB.
    static func status(_ field: String) throws -> Int {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix(field + ":") })
        return try #require(Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]))
    }

    @Test("locking memory locks what is in memory and reads nothing in: the resident size stays (MCL_CURRENT alone faulted in every mapping whole)",
          .enabled(if: geteuid() == 0))
    func locksOnlyWhatIsUsed() throws {
        let before = try Self.status("VmRSS")
        let mapped = try Self.status("VmSize")
        #expect(RealtimeScheduling.lockMemory() == nil)
        defer { munlockall() }
        let after = try Self.status("VmRSS")
        let locked = try Self.status("VmLck")
        #expect(locked > before / 2, "the mappings in use are locked: \(locked) kB locked, \(before) kB resident")
        #expect(after < before + 16_384, "nothing else read in: \(before) → \(after) kB resident of \(mapped) kB mapped")
    }
}
