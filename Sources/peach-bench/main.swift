import Foundation
import PeachDomain
import PeachStorage
import PeachReports

// `make bench`: figures for the training core. Each line is one measured quantity.
// Later parts (sound, storage, MIDI input) add their own sections.

@MainActor
func measure(_ label: String, unit: String, count: Int, _ body: () -> Void) {
    let clock = ContinuousClock()
    let elapsed = clock.measure(body)
    let seconds = elapsed.seconds
    let perItem = seconds / Double(count)
    let (value, scale) = perItem < 1e-6 ? (perItem * 1e9, "ns") : perItem < 1e-3 ? (perItem * 1e6, "µs") : (perItem * 1e3, "ms")
    let padded = label.padding(toLength: 56, withPad: " ", startingAt: 0)
    print(padded + String(format: "%10.1f ", value) + "\(scale)/\(unit)" + String(format: "   (%d in %.3f s)", count, seconds))
}

/// Which build this bench (and the programs beside it that it starts) is.
#if DEBUG
let benchBuild = "debug"
#else
let benchBuild = "release"
#endif

func syntheticRecords(_ count: Int) -> ([CompareAnswer], [MatchAnswer]) {
    var random = SeededRandomGenerator(seed: 42)
    let start = Date(timeIntervalSince1970: 1_700_000_000)
    var compareAnswers: [CompareAnswer] = []
    var matchAnswers: [MatchAnswer] = []
    compareAnswers.reserveCapacity(count * 4 / 5)
    for i in 0..<count {
        let reference = MIDINote(Int.random(in: 36...84, using: &random))
        let target = reference.offset(bySemitones: Bool.random(using: &random) ? 0 : 7)!
        let time = start.addingTimeInterval(Double(i) * 7)
        if i % 5 == 4 {
            matchAnswers.append(MatchAnswer(referenceNote: reference, targetNote: target, initialCentOffset: 40,
                                            userCentError: Cents(Double.random(in: -30...30, using: &random)),
                                            tuningSystem: .equalTemperament, timestamp: time)!)
        } else {
            compareAnswers.append(CompareAnswer(referenceNote: reference, targetNote: target,
                                                centOffset: Cents(Double.random(in: -60...60, using: &random)),
                                                isCorrect: Bool.random(using: &random), tuningSystem: .justIntonation,
                                                timestamp: time)!)
        }
    }
    return (compareAnswers, matchAnswers)
}

@MainActor
func run() {
    print("== training core (release build, \(ProcessInfo.processInfo.activeProcessorCount) cores)")

    let strategy = StaircaseStrategy()
    let settings = TrainingSettings(intervals: [DirectedInterval(.perfectFifth, .up)])
    strategy.startRun(mode: .compare, settings: settings, estimate: nil)
    var random: any RandomNumberGenerator = SeededRandomGenerator(seed: 1)
    var sink = 0
    measure("staircase next comparison", unit: "comparison", count: 1_000_000) {
        for _ in 0..<1_000_000 {
            sink &+= strategy.nextExercise(settings: settings, interval: .prime, random: &random).referenceNote.rawValue
        }
    }

    for count in [100_000, 1_000_000] {
        let (compareAnswers, matchAnswers) = syntheticRecords(count)
        measure("profile rebuild from \(count) answers", unit: "rebuild", count: 1) {
            sink &+= PerceptualProfile(compareAnswers: compareAnswers, matchAnswers: matchAnswers).answers(for: .compare).count
        }
        measure("progress timeline from \(count) answers", unit: "timeline", count: 1) {
            let now = compareAnswers.last!.timestamp
            sink &+= ProgressTimeline(compareAnswers: compareAnswers, matchAnswers: matchAnswers, now: now, calendar: SystemCalendar())[.compare].count
        }
    }

    let clock = ManualTrainingClock()
    let profile = PerceptualProfile()
    let session = CompareTrainer(notePlayer: SilentNotePlayer(), profile: profile, observers: [profile],
                                 settings: FixedSettingsProvider(), clock: clock,
                                 interruptions: TrainingInterruptionCenter(), random: SeededRandomGenerator(seed: 2))
    session.start()
    measure("comparison session: one full exercise (no audio)", unit: "exercise", count: 100_000) {
        for _ in 0..<100_000 {
            clock.advance(by: .seconds(2))
            session.answer(higher: session.currentExercise!.isTargetHigher)
            clock.advance(by: .milliseconds(400))
        }
    }
    storageFigures(&sink)
    startupFigures()
    midiMappingFigures(&sink)
    measurementFigures(&sink)
    hearingCheckFigures()
    webFigures()
    boxMemoryFigures()
    if sink == 42 { print("") }  // keeps the optimiser from discarding the work
}

@MainActor
func storageFigures(_ sink: inout Int) {
    print("== training history (SQLite, WAL, synchronous=FULL, on \(FileManager.default.temporaryDirectory.path))")
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("peach-bench-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    do {
        let location = DataLocation(directory: directory)
        guard let store = try HistoryStore.open(location) else {
            print("storage benchmark: no history could be made in \(directory.path)")
            return
        }
        let (compareAnswers, matchAnswers) = syntheticRecords(2_000)
        measure("durable insert (one answer, one fsync'ed transaction)", unit: "answer", count: 1_000) {
            do {
                for record in compareAnswers.prefix(1_000) { try store.save(record) }
            } catch {
                print("storage benchmark: saving failed: \(error)")
            }
        }
        _ = matchAnswers
    } catch {
        print("storage benchmark failed: \(error)")
    }
}

/// The modes `make bench` and the guest scripts call; anything else (`--help` too) says so rather
/// than running the whole native bench.
let modes = ["--e2e-latency [--notes]", "--tuning-latency [--notes]", "--pitch-change WAV", "--midi-flood",
             "--import-child CSV HISTORY", "--rss SOUNDFONT BANK:PROGRAM", "--web-load PORT SECONDS", "--web", "--startup",
             "--sound", "--measurement", "--check", "--memory", "--tap-timing DIR NAME TEMPO CYCLES", "--timing-answers DIR NAME TRIALS",
             "--tap-jitter", "--timing-report OUT"]
let known = Set(modes.compactMap { $0.split(separator: " ").first.map(String.init) } + ["--notes"])
if let unknown = CommandLine.arguments.dropFirst().first(where: { $0.hasPrefix("-") && !known.contains($0) }) {
    FileHandle.standardError.write(Data("peach-bench: unknown option \(unknown). With no option it runs the native "
        .appending("figures; one of these runs one part:\n  \(modes.joined(separator: "\n  "))\n").utf8))
    exit(64)
}

if CommandLine.arguments.count == 6, CommandLine.arguments[1] == "--tap-timing" {
    TapTiming.tapRun(Array(CommandLine.arguments[2...]))
} else if CommandLine.arguments.count == 5, CommandLine.arguments[1] == "--timing-answers" {
    TapTiming.answerRun(Array(CommandLine.arguments[2...]))
} else if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "--timing-report" {
    TapTimingReport.printFigures(CommandLine.arguments[2])
} else if CommandLine.arguments.contains("--tap-jitter") {
    await tapPathJitterFigures()
} else if CommandLine.arguments.contains("--e2e-latency") {
    endToEndLatencyFigures()
} else if CommandLine.arguments.contains("--tuning-latency") {
    tuningLatencyFigures()
} else if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "--pitch-change" {
    pitchChangeOfRecording(CommandLine.arguments[2])
} else if CommandLine.arguments.contains("--midi-flood") {
    await sequencerFloodFigures()
} else if CommandLine.arguments.count == 4, CommandLine.arguments[1] == "--import-child" {
    importChild(Array(CommandLine.arguments[2...]))
} else if CommandLine.arguments.count == 4, CommandLine.arguments[1] == "--rss" {
    rssProbe(Array(CommandLine.arguments[2...]))
} else if CommandLine.arguments.count == 4, CommandLine.arguments[1] == "--web-load" {
    webLoadFigures(Array(CommandLine.arguments[2...]))
} else if CommandLine.arguments.contains("--memory") {
    boxMemoryFigures()
} else if CommandLine.arguments.contains("--web") {
    webFigures()
} else if CommandLine.arguments.contains("--startup") {
    startupFigures()
} else if CommandLine.arguments.contains("--sound") {
    soundBench()
} else if CommandLine.arguments.contains("--measurement") {
    var sink = 0
    measurementFigures(&sink)
    hearingCheckFigures()
} else if CommandLine.arguments.contains("--check") {
    hearingCheckFigures()
} else {
    soundBench()
    run()
    importFigures()
}
