import Foundation
import PeachDomain
import PeachReports
import PeachStorage
import Testing
@testable import PeachCommands

/// `peach simulate --mode compare-timing|fill-the-gap`, in process: the listener's figures come out
/// of `peach profile --json`.
@MainActor
@Suite("simulate: the rhythm modes")
struct SimulateRhythmTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("peach-simulate-rhythm-\(UUID().uuidString)")

    static let listener = """
        thresholds: {C4: 5}
        timing: {early: 12, late: 9}
        tapping: {bias: -6, spread: 10, miss: 0.05, positions: {beat: -3, e: -9, and: -5, a: -8}}
        """

    func file(_ name: String, _ text: String) throws -> String {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// Runs `peach simulate` with these arguments on the test's history, then reads its profile.
    func simulate(_ arguments: [String]) throws -> [String: [String: Any]] {
        let data = directory.appendingPathComponent("data").path
        let common = ["--listener", try file("me.yaml", Self.listener), "--config", try file("config.yaml", "training:\n  rhythm:\n    tempo: 90\n"),
                      "--data-dir", data]
        let command = try SimulateCommand.parse(common + arguments)
        try command.run()
        let store = try #require(try HistoryStore.open(DataLocation(directory: URL(fileURLWithPath: data)), create: false))
        var digest = HistoryDigest(now: Date(), calendar: SystemCalendar())
        try store.forEachRhythmAnswer(timing: { digest.add($0) }, gapFill: { digest.add($0) })
        try store.close()
        let text = try ProfileReport(digest: digest, range: .standard).json()
        let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let modes = try #require(document["modes"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: modes.compactMap { mode in (mode["mode"] as? String).map { ($0, mode) } })
    }

    static func contains(_ figure: Any?, _ truth: Double) -> Bool {
        guard let figure = figure as? [String: Double], let low = figure["low"], let high = figure["high"] else { return false }
        return low <= truth && truth <= high
    }

    @Test("Compare Timing: 600 answers at 90 BPM measure the listener's early and late thresholds within their intervals")
    func compareTiming() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let modes = try simulate(["--mode", "compare-timing", "--trials", "600", "--seed", "5"])
        let timing = try #require(modes["compare-timing"])
        #expect(timing["count"] as? Int == 600)
        let tempos = try #require(timing["tempos"] as? [[String: Any]])
        #expect(tempos.count == 1 && tempos.first?["lowest"] as? Int == 80 && tempos.first?["highest"] as? Int == 99)
        let threshold = try #require(timing["threshold"] as? [String: Any])
        // The domain's claim, for at least 80 % of seeds: within ±15 % of the truth; this seed's intervals hold it.
        for (direction, truth) in [("early", 12.0), ("late", 9.0)] {
            let value = try #require((threshold[direction] as? [String: Double])?["value"])
            #expect(abs(value / truth - 1) < 0.15 && Self.contains(threshold[direction], truth), "\(direction): \(threshold)")
        }
        #expect(modes["fill-the-gap"]?["count"] as? Int == 0)
        #expect(modes["compare"]?["count"] as? Int == 0, "the pitch profile has no rhythm answer")
    }

    @Test("Fill the Gap: 20 trials measure the listener's bias, spread and each position's bias within their intervals")
    func fillTheGap() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let modes = try simulate(["--mode", "fill-the-gap", "--trials", "20", "--seed", "2"])
        let gapFill = try #require(modes["fill-the-gap"])
        #expect(gapFill["count"] as? Int == 20)
        let hits = try #require(gapFill["hits"] as? Int), misses = try #require(gapFill["misses"] as? Int)
        #expect(hits + misses == 20 * 16 && misses > 0)
        // Every position drawn alike: the taps' bias is the positions' mean.
        #expect(Self.contains(gapFill["bias"], (-3 - 9 - 5 - 8) / 4.0), "\(gapFill)")
        let positions = try #require(gapFill["positions"] as? [String: [String: Any]])
        for (name, truth) in [("beat", -3.0), ("e", -9.0), ("and", -5.0), ("a", -8.0)] {
            #expect(Self.contains(positions[name]?["bias"], truth), "\(name): \(positions[name] ?? [:])")
            #expect(Self.contains(positions[name]?["spread"], 10), "\(name): \(positions[name] ?? [:])")
        }
        #expect(modes["compare-timing"]?["count"] as? Int == 0)
    }

    @Test("a second rhythm simulation continues the first; a pitch mode still takes the pitch path")
    func continues() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try simulate(["--mode", "fill-the-gap", "--trials", "5", "--seed", "3"])
        let modes = try simulate(["--mode", "fill-the-gap", "--trials", "5", "--seed", "4"])
        #expect(modes["fill-the-gap"]?["count"] as? Int == 10)
        #expect(throws: (any Error).self) { try SimulateCommand.parse(["--listener", "x", "--mode", "tap-dance"]) }
        #expect(try SimulateCommand.parse(["--listener", "x", "--mode", "match"]).mode == .training(.match))
        #expect(try SimulateCommand.parse(["--listener", "x", "--mode", "fill-the-gap"]).mode == .training(.fillTheGap))
    }
}
