import Foundation
import PeachDomain
import PeachStorage

/// The timing group's figures for one buffer, from what its guest left in DIR: the recordings
/// (`ftg-*` of Fill the Gap with taps, `ct` of Compare Timing), Peach's history (`data`) and log.
/// What Peach stored is set against the truth: a tap's time as the second listener read it (or as
/// the sequencer stamped it) against its gap's time in the recording, dated by the capture's clock.
struct TapTimingReport {
    /// Peach − truth, in ms: per tap where the history keeps the taps, else per trial (its mean).
    var tapErrors: [Double] = []
    var trialErrors: [Double] = []
    /// The same against the sequencer's own stamp of the tap.
    var kernelTapErrors: [Double] = []
    var kernelTrialErrors: [Double] = []
    /// How long after the sequencer's stamp the second listener read each tap, in ms.
    var readLatencies: [Double] = []
    /// Per tap Peach mapped (its debug log): its input stamp less the second listener's read stamp and
    /// less the sequencer's stamp, in ms; and the frame it took as heard against the capture's frame
    /// at that stamp, less the median of that difference over the nine taps around it (the offset of
    /// the loopback's capture from Peach's render, which an underrun moves), in ms.
    var inputStampDifferences: [Double] = []
    var inputStampLatencies: [Double] = []
    var clockDeviations: [Double] = []
    var truthHits = 0, strays = 0, unplaced = 0, unresolvedOnsets = 0
    /// Per trial (an older history without taps): trials whose hits Peach and the recording count
    /// differently (left out of the errors).
    var unmatchedTrials: [String] = []
    /// Per tap: the hits Peach stored, and those without a partner on each side (`HitPairing`).
    var storedHits = 0, unpairedStored = 0, unpairedRecorded = 0
    var tempos: [Int] = []
    /// Compare Timing: per pattern, its third click's offset found in the recording less the
    /// stored one, in frames; and the patterns the recording and the history hold.
    var timingFrameErrors: [Double] = []
    var timingPatterns = 0, timingAnswers = 0

    init(directory: URL) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        let runs = try names.filter { $0.hasPrefix("ftg-") && $0.hasSuffix(".txt") }.sorted()
            .map { try TapTimingRun(directory: directory, name: String($0.dropLast(4))) }
        guard let store = try HistoryStore.open(DataLocation(directory: directory.appendingPathComponent("data")), create: false) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: directory.appendingPathComponent("data").path])
        }
        let log = (try? String(contentsOf: directory.appendingPathComponent("peach.log"), encoding: .utf8)) ?? ""
        try gapFill(runs: runs, trials: store.allGapFillAnswers(), loggedHits: Self.loggedHits(log))
        mappings(runs: runs, logged: Self.loggedTaps(log))
        if names.contains("ct.txt") {
            try compareTiming(TapTimingRun(directory: directory, name: "ct"), answers: store.allTimingAnswers())
        }
    }

    /// The hits of each Fill the Gap trial as the log says them ("…, 15 of 16 gaps hit, …"), in order.
    static func loggedHits(_ log: String) -> [Int] {
        log.split(separator: "\n").compactMap { line in
            guard line.contains("fill the gap at"), let match = line.firstMatch(of: /, (\d+) of (\d+) gaps hit/) else { return nil }
            return Int(match.1)
        }
    }

    /// Each tap as Peach's debug log has it: its input stamp and the frame taken as heard.
    static func loggedTaps(_ log: String) -> [(stamp: UInt64, frame: Double)] {
        log.split(separator: "\n").compactMap { line in
            guard let match = line.firstMatch(of: /tap stamped (\d+) ns, heard at frame (-?[\d.]+)/),
                  let stamp = UInt64(match.1), let frame = Double(match.2) else { return nil }
            return (stamp, frame)
        }
    }

    private mutating func mappings(runs: [TapTimingRun], logged: [(stamp: UInt64, frame: Double)]) {
        for run in runs {
            guard let first = run.clock.marks.first?.time, let last = run.clock.marks.last?.time else { continue }
            var offsets: [Double] = []
            for tap in logged where tap.stamp > first && tap.stamp < last {
                guard let nearest = run.heard.min(by: { Self.distance($0.read, tap.stamp) < Self.distance($1.read, tap.stamp) }),
                      Self.distance(nearest.read, tap.stamp) < 50_000_000, let captured = run.clock.frame(at: tap.stamp) else { continue }
                inputStampDifferences.append(Double(Int64(bitPattern: tap.stamp &- nearest.read)) / 1e6)
                if let kernel = nearest.kernel { inputStampLatencies.append(Double(Int64(bitPattern: tap.stamp &- kernel)) / 1e6) }
                offsets.append(captured - tap.frame)
            }
            for (index, offset) in offsets.enumerated() {
                let around = offsets[max(0, index - 4)...min(offsets.count - 1, index + 4)].sorted()
                clockDeviations.append((offset - around[around.count / 2]) / TapTimingRun.rate * 1000)
            }
        }
    }

    private static func distance(_ a: UInt64, _ b: UInt64) -> UInt64 { a > b ? a - b : b - a }

    private mutating func gapFill(runs: [TapTimingRun], trials: [GapFillAnswer], loggedHits: [Int]) {
        var hits: [TapTimingRun.Hit] = []
        for run in runs {
            let taps = run.taps()
            hits += taps.hits
            strays += taps.strays
            unplaced += taps.unplaced
            unresolvedOnsets += taps.unresolvedOnsets
            if let tempo = run.tempo { tempos.append(tempo) }
        }
        hits.sort { $0.gapTime < $1.gapTime }
        truthHits = hits.count
        readLatencies = hits.compactMap { hit in hit.kernel.map { Double(Int64(bitPattern: hit.read &- $0)) / 1e6 } }
        if trials.allSatisfy({ $0.taps != nil }) {
            // Every tap stored: Peach's hits and the recording's paired as tapped (`HitPairing`).
            let stored = trials.flatMap { $0.taps?.hits.map(\.offsetMs) ?? [] }
            let pairs = HitPairing.pairs(stored: stored, recorded: hits.map(\.offsetMs))
            tapErrors = pairs.map { stored[$0.stored] - hits[$0.recorded].offsetMs }
            kernelTapErrors = pairs.compactMap { pair in hits[pair.recorded].kernelOffsetMs.map { stored[pair.stored] - $0 } }
            unpairedStored = stored.count - pairs.count
            unpairedRecorded = hits.count - pairs.count
            storedHits = stored.count
            return
        }
        guard let realtimeOffset = runs.first?.realtimeOffset else { return }
        // An older history keeps each trial's means only: per trial. A trial is scored once its last
        // gap's window has been heard: its gaps lie before its date, the next trial's after (by half
        // a sixteenth at least).
        var from = UInt64(0)
        for (index, trial) in trials.enumerated() {
            let scored = UInt64(Int64(trial.timestamp.timeIntervalSince1970 * 1e9) - realtimeOffset)
            // Nor long before the trial's start (one lost with the output was never scored): twice its
            // length at the nominal rate, since an emulated guest's loopback card may run far slower.
            let length = UInt64(2 * 64 * trial.tempo.sixteenth * 1e9)
            let mine = hits.filter { $0.gapTime > max(from, scored - min(scored, length)) && $0.gapTime <= scored }
            from = scored
            let count = index < loggedHits.count ? loggedHits[index] : -1
            guard count == mine.count, count > 0 else {
                unmatchedTrials.append("trial \(index + 1) at \(trial.tempo.rawValue) BPM: Peach \(count) hits, the recording \(mine.count)")
                continue
            }
            trialErrors.append(trial.meanOffsetMs - mine.map(\.offsetMs).reduce(0, +) / Double(count))
            let kernel = mine.compactMap(\.kernelOffsetMs)
            if kernel.count == count { kernelTrialErrors.append(trial.meanOffsetMs - kernel.reduce(0, +) / Double(count)) }
        }
    }

    private mutating func compareTiming(_ run: TapTimingRun, answers: [TimingAnswer]) {
        timingAnswers = answers.count
        guard let tempo = answers.first?.tempo.rawValue else { return }
        let found = run.timingOffsets(tempo: tempo)
        timingPatterns = found.count
        timingFrameErrors = zip(found, answers).map { Double($0) - $1.offsetMs / 1000 * TapTimingRun.rate }
    }

    /// The buffers a timing group's guest played with, in OUT: directories named FRAMESxPERIODS, as
    /// "FRAMES × PERIODS", smallest first.
    static func buffers(in out: URL) throws -> [(name: String, directory: URL)] {
        try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.wholeMatch(of: /\d+x\d+/) != nil }.sorted {
            Int($0.split(separator: "x")[0])! < Int($1.split(separator: "x")[0])!
        }.map { ($0.replacingOccurrences(of: "x", with: " × "), out.appendingPathComponent($0)) }
    }

    /// `peach-bench --timing-report OUT`: every buffer's figures (`make bench`'s timing group, whose
    /// guest has no debug build to run the host's checks with).
    static func printFigures(_ out: String) {
        do {
            for buffer in try buffers(in: URL(fileURLWithPath: out)) {
                try TapTimingReport(directory: buffer.directory).figures(buffer: buffer.name).forEach { print($0) }
            }
        } catch {
            benchFailure("cannot read the timing results in \(out): \(error)")
        }
    }

    /// Median, 95th percentile and largest of the magnitudes.
    static func spread(_ values: [Double]) -> (median: Double, p95: Double, worst: Double)? {
        let sorted = values.map(abs).sorted()
        guard !sorted.isEmpty else { return nil }
        return (sorted[sorted.count / 2], sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.95).rounded(.up)) - 1)], sorted.last!)
    }

    /// The FIGURE lines for `buffer` ("128 × 2").
    func figures(buffer: String) -> [String] {
        func line(_ what: String, _ values: [Double], unit: String = "ms") -> String? {
            guard let s = Self.spread(values) else { return nil }
            let mean = values.reduce(0, +) / Double(values.count)
            return String(format: "FIGURE: %@, %@: %d, |error| median %.2f %@, p95 %.2f %@, worst %.2f %@ (mean %+.2f %@)",
                          what, buffer, values.count, s.median, unit, s.p95, unit, s.worst, unit, mean, unit)
        }
        let tempoList = Set(tempos).sorted().map(String.init).joined(separator: " and ")
        var lines = [
            "RESULT: fill the gap, \(buffer), at \(tempoList) BPM: \(truthHits) taps on a gap in the recording, \(strays) on a click "
                + "(strays), \(unplaced) unplaced, \(unresolvedOnsets) overlapping onsets unresolved"
                + (storedHits == 0 ? "" : "; Peach stored \(storedHits) hits, paired with the recording's but \(unpairedStored) of "
                    + "Peach's and \(unpairedRecorded) of the recording's (a gap the recording saw where a tap's click hid a pattern click)")
                + (unmatchedTrials.isEmpty ? "" : "; trials left out: " + unmatchedTrials.joined(separator: "; ")),
        ]
        lines += [
            line("tap timing, Peach's stored offset − truth (second listener's read stamp), per tap", tapErrors),
            line("tap timing, Peach's stored offset − truth (the sequencer's stamp), per tap", kernelTapErrors),
            line("tap timing, Peach's stored trial mean − truth (second listener's read stamp), per trial", trialErrors),
            line("tap timing, Peach's stored trial mean − truth (the sequencer's stamp), per trial", kernelTrialErrors),
            line("tap path, the sequencer's stamp to the second listener's read (SCHED_FIFO 80)", readLatencies),
            line("tap path, the sequencer's stamp to Peach's input stamp", inputStampLatencies),
            line("tap path, Peach's input stamp − the second listener's read stamp", inputStampDifferences),
            line("audio clock, the frame Peach took as heard at a tap's stamp against the recording's, off the local median", clockDeviations),
            line("compare timing, third click found in the recording − stored offset, in frames", timingFrameErrors, unit: "frames"),
        ].compactMap { $0 }
        if timingAnswers > 0 { lines.append("RESULT: compare timing, \(buffer): \(timingAnswers) answers stored, \(timingPatterns) patterns found") }
        return lines
    }
}
