import Foundation
import Testing
@testable import peach_bench

/// The timing group's claims (Tests/System/guest-timing.sh), checked on the host once the guest has
/// ended (Tests/System/run.sh) on what it left: per buffer, the offsets Peach stored for the
/// emulated keyboard's taps against their truth (the time the tap reached the sequencer, as a second
/// listener on the keyboard's port had it stamped, against the gap's time in the loopback's
/// recording) within 1 ms at the median and 3 ms at the 95th percentile, and each Compare Timing
/// pattern's third click where its record says, to the frame.
@Suite("tap timing through snd-aloop (system test)",
       .enabled(if: ProcessInfo.processInfo.environment["PEACH_SYSTEM_TEST"] == "1"))
struct TimingSystemTests {
    static var out: URL { URL(fileURLWithPath: ProcessInfo.processInfo.environment["PEACH_SYSTEM_TEST_OUT"] ?? ".") }

    static func buffers() throws -> [(name: String, directory: URL)] { try TapTimingReport.buffers(in: out) }

    @Test("the offsets Peach stores agree with the truth: 1 ms at the median, 3 ms at the 95th percentile")
    func tapOffsets() throws {
        let buffers = try Self.buffers()
        try #require(!buffers.isEmpty, "no buffer's results in \(Self.out.path)")
        for buffer in buffers {
            let report = try TapTimingReport(directory: buffer.directory)
            report.figures(buffer: buffer.name).forEach { print($0) }
            // Per tap where the history keeps them, else per trial; against the sequencer's stamp of
            // the tap where it has one (the second listener's read is late by its own wake-up).
            let errors = [report.kernelTapErrors, report.tapErrors, report.kernelTrialErrors, report.trialErrors]
                .first { !$0.isEmpty } ?? []
            guard errors.count >= 3, let spread = TapTimingReport.spread(errors) else {
                Issue.record("\(buffer.name): too few taps matched (\(report.truthHits) on gaps, \(report.unmatchedTrials))")
                continue
            }
            #expect(spread.median <= 1, "\(buffer.name): median |error| \(spread.median) ms")
            // A hit Peach stored that no tap on a gap in the recording answers would be a tap Peach
            // misplaced: one in twenty at most, besides the taps the recording could not place (no
            // pattern click in reach, or the clicks around it off the grid), which have no truth.
            #expect(report.unpairedStored <= report.unplaced + max(report.storedHits, 20) / 20,
                    "\(buffer.name): \(report.unpairedStored) of Peach's \(report.storedHits) hits unpaired, \(report.unplaced) taps unplaced")
            #expect(spread.p95 <= 3, "\(buffer.name): p95 |error| \(spread.p95) ms")
        }
    }

    @Test("a Compare Timing pattern's third click sits where its record says, to within one frame")
    func compareTimingClicks() throws {
        for buffer in try Self.buffers() {
            let report = try TapTimingReport(directory: buffer.directory)
            #expect(report.timingAnswers > 0 && report.timingPatterns >= report.timingAnswers,
                    "\(buffer.name): \(report.timingAnswers) answers, \(report.timingPatterns) patterns in the recording")
            #expect(report.timingFrameErrors.allSatisfy { abs($0) <= 1 }, "\(buffer.name): \(report.timingFrameErrors)")
        }
    }
}
