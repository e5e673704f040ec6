import Foundation
import PeachDomain
import PeachReports
import PeachTestSupport
import PeachText
import Testing

/// `peach profile --json`'s rhythm modes: their exact keys, nulls where there is no data, and the
/// figures of a simulated history.
@MainActor
@Suite("profile --json: the rhythm modes")
struct RhythmProfileJSONTests {
    static let time = Date(timeIntervalSince1970: 1_772_719_387)
    static let figureKeys: Set<String> = ["value", "low", "high"]

    static func rhythmModes(_ digest: HistoryDigest) throws -> (timing: [String: Any], gapFill: [String: Any]) {
        let text = try ProfileReport(digest: digest, range: .standard).json()
        let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let modes = try #require(document["modes"] as? [[String: Any]])
        let timing = try #require(modes.first { $0["mode"] as? String == "compare-timing" })
        let gapFill = try #require(modes.first { $0["mode"] as? String == "fill-the-gap" })
        return (timing, gapFill)
    }

    @Test("an empty history: every key, null where there is no data")
    func empty() throws {
        let (timing, gapFill) = try Self.rhythmModes(HistoryDigest(now: Self.time, calendar: SystemCalendar()))
        #expect(Set(timing.keys) == ["mode", "ewma", "count", "threshold", "tempos", "trend"])
        #expect(timing["count"] as? Int == 0 && timing["threshold"] is NSNull && timing["trend"] is NSNull)
        #expect(timing["ewma"] is NSNull && gapFill["ewma"] is NSNull)
        #expect((timing["tempos"] as? [Any])?.isEmpty == true)
        #expect(Set(gapFill.keys) == ["mode", "ewma", "count", "bias", "spread", "hits", "misses", "positions", "trend"])
        #expect(gapFill["count"] as? Int == 0 && gapFill["hits"] as? Int == 0 && gapFill["misses"] as? Int == 0)
        #expect(gapFill["bias"] is NSNull && gapFill["spread"] is NSNull && gapFill["trend"] is NSNull)
        let positions = try #require(gapFill["positions"] as? [String: [String: Any]])
        #expect(Set(positions.keys) == ["beat", "e", "and", "a"])
        for figures in positions.values {
            #expect(Set(figures.keys) == ["bias", "spread"] && figures["bias"] is NSNull && figures["spread"] is NSNull)
        }
    }

    /// A history of a simulated listener at two tempi (Compare Timing) and a Fill the Gap run.
    static func simulatedDigest() -> HistoryDigest {
        var listener = SimulatedListener(shape: .weibull, slope: 2.5, lapse: 0.02, thresholds: [(MIDINote(60), 5)],
                                         intervalFactor: 1, learning: nil, matching: SimulatedListener.Matching(bias: 0, spread: 10))
        listener.timing = SimulatedListener.Timing(early: 12, late: 9)
        listener.tapping = SimulatedListener.Tapping(bias: -6, spread: 10, miss: 0.05, positions: [.beat: -3, .e: -9])
        let recorder = DigestRecorder()
        var digest = HistoryDigest(now: time, calendar: SystemCalendar())
        for (tempo, start) in [(66, 0.0), (90, 86_400.0)] {
            var settings = TrainingSettings()
            settings.rhythm.tempo = TempoBPM(validating: tempo)!
            let simulation = RhythmSimulation(listener: listener, profile: { _ in [:] }, observers: [recorder],
                                              settings: FixedSettingsProvider(settings),
                                              start: time.addingTimeInterval(-10 * 86_400 + start), seed: UInt64(tempo))
            simulation.runTiming(answers: 300, at: simulation.now)
            if tempo == 90 { simulation.runGapFill(trials: 10, at: simulation.now) }
        }
        for answer in recorder.answers {
            switch answer {
            case .timing(let record): digest.add(record)
            case .gapFill(let record): digest.add(record)
            }
        }
        return digest
    }

    @Test("a simulated history: the most recent band's thresholds on top, a line per band, Fill the Gap's figures, all in ms")
    func simulated() throws {
        let (timing, gapFill) = try Self.rhythmModes(Self.simulatedDigest())
        #expect(timing["count"] as? Int == 600)
        let threshold = try #require(timing["threshold"] as? [String: [String: Double]])
        #expect(Set(threshold.keys) == ["early", "late"])
        let tempos = try #require(timing["tempos"] as? [[String: Any]])
        #expect(tempos.map { [$0["lowest"] as? Int, $0["highest"] as? Int] } == [[60, 79], [80, 99]])
        for tempo in tempos {
            #expect(Set(tempo.keys) == ["lowest", "highest", "threshold"])
        }
        let latest = try #require(tempos.last?["threshold"] as? [String: [String: Double]])
        #expect(latest == threshold, "the top-level threshold is the band trained most recently")
        for (direction, truth) in [("early", 12.0), ("late", 9.0)] {
            let figure = try #require(threshold[direction])
            #expect(Set(figure.keys) == Self.figureKeys)
            let value = try #require(figure["value"])
            #expect(abs(value / truth - 1) < 0.3, "\(direction): \(value) ms, truly \(truth)")
            #expect(figure["low"]! < value && value < figure["high"]!)
        }
        #expect(["stable", "improving", "declining"].contains(timing["trend"] as? String ?? ""))
        // The moving averages: of the offsets asked (near the thresholds), of each trial's mean tap
        // from its gaps (about the bias of -6 ms).
        let timingAverage = try #require(timing["ewma"] as? Double)
        #expect(timingAverage > 3 && timingAverage < 40, "the offsets asked: \(timingAverage) ms")
        let gapAverage = try #require(gapFill["ewma"] as? Double)
        #expect(gapAverage > 2 && gapAverage < 15, "the mean taps' distance from the gaps: \(gapAverage) ms")

        #expect(gapFill["count"] as? Int == 10)
        let hits = try #require(gapFill["hits"] as? Int), misses = try #require(gapFill["misses"] as? Int)
        #expect(hits + misses == 160 && misses > 0 && misses < 30)
        let bias = try #require(gapFill["bias"] as? [String: Double])
        #expect(Set(bias.keys) == Self.figureKeys && bias["value"]! < 0, "negative is early: \(bias)")
        let spread = try #require(gapFill["spread"] as? [String: Double])
        #expect(Set(spread.keys) == Self.figureKeys && spread["value"]! > 5)
        let positions = try #require(gapFill["positions"] as? [String: [String: [String: Double]]])
        let beat = try #require(positions["beat"]?["bias"]?["value"]), e = try #require(positions["e"]?["bias"]?["value"])
        #expect(beat > e, "the beat's taps are later than the e's: \(beat), \(e)")
        #expect(gapFill["trend"] is NSNull || gapFill["trend"] is String)
    }

    @Test("the text: the rhythm modes' moving averages beside the pitch modes', in ms")
    func movingAveragesInText() {
        let text = ProfileReport(digest: Self.simulatedDigest(), range: .standard).text(Texts(.english))
        let lines = text.split(separator: "\n").map(String.init)
        let heading = lines.firstIndex { $0.hasPrefix("Offsets asked / errors left, moving average") } ?? lines.count
        #expect(heading < lines.count, "no moving averages in:\n\(text)")
        let below = lines.dropFirst(heading + 1).prefix { !$0.isEmpty }
        #expect(below.contains { $0.contains("Compare Timing") && $0.contains(" ms  (600 answers)") }, "\(below)")
        #expect(below.contains { $0.contains("Fill the Gap") && $0.contains(" ms  (") }, "\(below)")
    }
}

/// Keeps every rhythm answer, in order.
@MainActor
final class DigestRecorder: RhythmObserver {
    var answers: [RhythmAnswer] = []

    func rhythmAnswered(_ answer: RhythmAnswer) {
        answers.append(answer)
    }
}
