import Foundation
import PeachTestSupport
import Testing

/// `peach simulate` and what `peach profile` then shows, through the real binary.
@Suite("simulate and profile")
struct SimulateCommandTests {
    final class Workspace {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("peach-sim-\(UUID().uuidString)")
        init() throws { try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: directory) }

        func listener(_ text: String) throws -> String {
            let file = directory.appendingPathComponent("listener-\(UUID().uuidString).yaml")
            try Data(text.utf8).write(to: file)
            return file.path
        }

        var data: String { directory.appendingPathComponent("data").path }
    }

    static let binaryAvailable = HistoryCommandsTests.binaryAvailable
    static let flat = "psychometric: logistic\nslope: 3\nlapse: 0.01\nthresholds: {C4: 8}\nmatching: {bias: -3, spread: 5}\n"

    @Test("a simulated listener's answers land in the history and the profile measures its threshold",
          .enabled(if: binaryAvailable))
    func measuresTheTruth() throws {
        let workspace = try Workspace()
        let listener = try workspace.listener(Self.flat)
        let simulated = try BuiltProgram.run(["simulate", "--listener", listener, "--trials", "1000", "--seed", "5",
                                                   "--data-dir", workspace.data])
        #expect(simulated.status == 0, "\(simulated.output)")
        #expect(simulated.output.contains("simulated 1,000 answers"), "counts with the language's thousands separator")
        #expect(simulated.output.contains("true threshold (mean over C2–C6): 8.0 ct"))
        let result = try BuiltProgram.run(["profile", "--json", "--data-dir", workspace.data])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let modes = try #require(document["modes"] as? [[String: Any]])
        #expect(modes[0]["count"] as? Int == 1000)
        let threshold = try #require(modes[0]["threshold"] as? [String: Any])
        #expect(threshold["criterion"] as? Double == 0.75)
        let value = try #require(threshold["value"] as? Double)
        #expect(abs(value / 8 - 1) < 0.2, "measured \(value)")
        #expect(try #require(threshold["low"] as? Double) < value && value < (threshold["high"] as? Double ?? 0))
        #expect(modes[0]["trend"] as? String == "stable")
        // The listener's own function is the fitted one (logistic, slope 3, 1 % lapses): the median over
        // five users, since one user's slope varies by a quarter and staircase data make it steeper.
        var slopes: [Double] = [], lapses: [Double] = []
        for seed in 5...9 {
            let data = seed == 5 ? workspace.data : workspace.directory.appendingPathComponent("data-\(seed)").path
            if seed > 5 {
                _ = try BuiltProgram.run(["simulate", "--listener", listener, "--trials", "1000", "--seed", "\(seed)",
                                               "--data-dir", data])
            }
            let profile = try BuiltProgram.run(["profile", "--json", "--data-dir", data])
            let document = try #require(try JSONSerialization.jsonObject(with: Data(profile.output.utf8)) as? [String: Any])
            let modes = try #require(document["modes"] as? [[String: Any]])
            let psychometric = try #require(modes[0]["psychometric"] as? [String: Any])
            slopes.append(try #require(psychometric["slope"] as? Double))
            lapses.append(try #require(psychometric["lapse"] as? Double))
        }
        let slope = slopes.sorted()[2], lapse = lapses.sorted()[2]
        #expect(abs(slope / 3 - 1) < 0.3 && lapse < 0.05, "slopes \(slopes), lapses \(lapses)")
        #expect(modes[1]["psychometric"] is NSNull)                     // no intervals answered
        let keys = try #require(modes[0]["notes"] as? [[String: Any]])
        #expect(keys.reduce(0) { $0 + ($1["count"] as? Int ?? 0) } == 1000)
        #expect(keys.filter { $0["threshold"] is [String: Any] }.count == 49)
    }

    @Test("the chart shows the fitted curve, its band and the answers per note", .enabled(if: binaryAvailable))
    func chart() throws {
        let workspace = try Workspace()
        let listener = try workspace.listener("thresholds: {C2: 30, C6: 3}\n")
        _ = try BuiltProgram.run(["simulate", "--listener", listener, "--trials", "1500", "--seed", "2",
                                       "--data-dir", workspace.data])
        let result = try BuiltProgram.run(["profile", "--data-dir", workspace.data])
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("Hear & Compare – single notes: 75 % correct at ") == true)
        let rows = lines.filter { $0.contains(" ┤") }
        let marks = rows.map { row in Array(row.split(separator: "┤", maxSplits: 1)[1]) }
        // The fitted threshold falls from C2 to C6: ● on a high row at the left, a low row at the right.
        let first = try #require(marks.firstIndex { $0.first == "●" })
        let last = try #require(marks.firstIndex { $0.count == 49 && $0.last == "●" })
        #expect(first < last)
        #expect(rows.contains { $0.contains("│") })
        #expect(lines.contains { $0.hasPrefix("answers ") && $0.contains("▫") })
    }

    @Test("Tune & Match: the profile shows bias and spread", .enabled(if: binaryAvailable))
    func matching() throws {
        let workspace = try Workspace()
        let listener = try workspace.listener(Self.flat)
        _ = try BuiltProgram.run(["simulate", "--listener", listener, "--mode", "match", "--trials", "400",
                                       "--seed", "1", "--data-dir", workspace.data])
        let result = try BuiltProgram.run(["profile", "--json", "--data-dir", workspace.data])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let modes = try #require(document["modes"] as? [[String: Any]])
        let threshold = try #require(modes[2]["threshold"] as? [String: Any])
        let bias = try #require(threshold["bias"] as? [String: Any])
        let spread = try #require(threshold["spread"] as? [String: Any])
        #expect(try #require(bias["low"] as? Double) < -3 && -3 < (bias["high"] as? Double ?? 0))
        #expect(try #require(spread["low"] as? Double) < 5 && 5 < (spread["high"] as? Double ?? 0))
    }

    @Test("the same seed gives the same answers", .enabled(if: binaryAvailable))
    func reproducible() throws {
        let workspace = try Workspace()
        let listener = try workspace.listener(Self.flat)
        var outputs: [String] = []
        for index in 0..<2 {
            let data = workspace.directory.appendingPathComponent("data\(index)").path
            _ = try BuiltProgram.run(["simulate", "--listener", listener, "--trials", "300", "--seed", "9",
                                           "--data-dir", data])
            outputs.append(try BuiltProgram.run(["history", "--limit", "300", "--data-dir", data]).output
                .split(separator: "\n").map { $0.split(separator: " ").dropFirst(2).joined(separator: " ") }
                .joined(separator: "\n"))
        }
        #expect(outputs[0] == outputs[1] && outputs[0].count > 1000)
    }

    /// The profile reads a history in time order: a second simulation dated among the first's answers
    /// (as it was, over its own last days) was read interleaved with them, not as it was trained.
    @Test("a second simulation into the same history is dated after the answers already there", .enabled(if: binaryAvailable))
    func continuesTheHistory() throws {
        let workspace = try Workspace()
        let listener = try workspace.listener(Self.flat)
        _ = try BuiltProgram.run(["simulate", "--listener", listener, "--trials", "300", "--days", "2", "--data-dir", workspace.data])
        _ = try BuiltProgram.run(["simulate", "--listener", listener, "--trials", "300", "--days", "3",
                                       "--mode", "compare-intervals", "--data-dir", workspace.data])
        let output = try BuiltProgram.run(["history", "--json", "--limit", "600", "--data-dir", workspace.data]).output
        let answers = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
        func times(_ singleNotes: Bool) -> [String] {
            answers.filter { ($0["interval"] as? String == "P1") == singleNotes }.compactMap { $0["timestamp"] as? String }
        }
        let (first, second) = (times(true), times(false))
        #expect(first.count == 300 && second.count == 300)
        // ISO 8601 in UTC with milliseconds: in time order as strings.
        #expect(try #require(first.max()) < #require(second.min()))
    }

    /// Never dated past now: with too little time left after the newest stored answer (or within
    /// --days) for the answers asked, nothing is simulated.
    @Test("no room before now for the answers asked: said in words, nothing stored", .enabled(if: binaryAvailable))
    func noRoom() throws {
        let workspace = try Workspace()
        let listener = try workspace.listener(Self.flat)
        _ = try BuiltProgram.run(["simulate", "--listener", listener, "--trials", "200", "--data-dir", workspace.data])
        // The first ended about a day ago; 100,000 answers need more than that.
        let crowded = try BuiltProgram.run(["simulate", "--listener", listener, "--trials", "100000", "--data-dir", workspace.data])
        #expect(crowded.status == 1 && crowded.output.contains("leaves too little time before now for 100,000 simulated answers"),
                "\(crowded.output)")
        let stored = try BuiltProgram.run(["history", "--json", "--limit", "1000", "--data-dir", workspace.data]).output
        #expect(try #require(try JSONSerialization.jsonObject(with: Data(stored.utf8)) as? [Any]).count == 200)
        let tooShort = try BuiltProgram.run(["simulate", "--listener", listener, "--trials", "300", "--days", "0.001",
                                                  "--data-dir", workspace.directory.appendingPathComponent("other").path])
        #expect(tooShort.status != 0 && tooShort.output.contains("--days leaves too little time for 300 simulated answers"),
                "\(tooShort.output)")
        #expect(!FileManager.default.fileExists(atPath: workspace.directory.appendingPathComponent("other").path))
    }

    @Test("a bad listener file is refused with FILE:LINE:COLUMN and nothing is stored", .enabled(if: binaryAvailable))
    func badListener() throws {
        let workspace = try Workspace()
        let listener = try workspace.listener("psychometric: cauchy\nslope: -1\nthresholds: {H9: 5, C4: 0}\n")
        let result = try BuiltProgram.run(["simulate", "--listener", listener, "--data-dir", workspace.data])
        #expect(result.status != 0)
        #expect(result.output.contains("\(listener):1:"))
        #expect(result.output.contains("expected one of: weibull, gaussian, logistic"))
        #expect(result.output.contains("\(listener):2:"))
        #expect(result.output.contains("`H9` is not a note"))
        #expect(result.output.contains("out of range 0.01…1200"))
        #expect(!FileManager.default.fileExists(atPath: workspace.data))
    }
}

extension SimulateCommandTests {
    @Test("a listener path that is missing or a directory is said in words", .enabled(if: binaryAvailable))
    func missingListener() throws {
        let workspace = try Workspace()
        let missing = try BuiltProgram.run(["simulate", "--listener", workspace.directory.path + "/nope.yaml",
                                                 "--data-dir", workspace.data])
        #expect(missing.status != 0 && missing.output.contains("nope.yaml: no such listener file"))
        let directory = try BuiltProgram.run(["simulate", "--listener", workspace.directory.path,
                                                   "--data-dir", workspace.data])
        #expect(directory.status != 0 && directory.output.contains("this is a directory; name the listener file inside it"))
        // Foundation said "You don't have permission" for a device, in English, even as root.
        let device = try BuiltProgram.run(["simulate", "--listener", "/dev/null", "--data-dir", workspace.data])
        #expect(device.status != 0 && device.output.contains("/dev/null: this is not a regular file (a device, a pipe or a socket)"))
    }
}

extension SimulateCommandTests {
    /// Answers dated before 2000 would not import again (`csvTimestampTooEarly`), and a span of
    /// millions of years made dates no reader could hold.
    @Test("answers that would reach back before 2000 are refused before anything is stored",
          .enabled(if: binaryAvailable), arguments: [["--days", "20000"], ["--days", "200000000000000"],
                                                     ["--trials", "100000", "--run-length", "1"],
                                                     ["--trials", "9223372036854775807", "--run-length", "1"]])
    func beforeTwoThousand(span: [String]) throws {
        let workspace = try Workspace()
        let listener = try workspace.listener(Self.flat)
        let result = try BuiltProgram.run(["simulate", "--listener", listener, "--data-dir", workspace.data] + span)
        #expect(result.status == 64, "\(result.output)")
        #expect(result.output.contains("the simulated answers would reach back before 2000"), "\(result.output)")
        #expect(!FileManager.default.fileExists(atPath: workspace.data))
    }

    @Test("the longest span allowed still simulates, and what it stores exports and imports again",
          .enabled(if: binaryAvailable))
    func longestSpanRoundTrips() throws {
        let workspace = try Workspace()
        let listener = try workspace.listener(Self.flat)
        let days = String(Int(Date().timeIntervalSince(Date(timeIntervalSince1970: 946_684_800)) / 86_400) - 1)
        let simulated = try BuiltProgram.run(["simulate", "--listener", listener, "--trials", "40", "--run-length", "10",
                                                   "--days", days, "--seed", "3", "--data-dir", workspace.data])
        #expect(simulated.status == 0, "\(simulated.output)")
        let csv = workspace.directory.appendingPathComponent("export.csv").path
        #expect(try BuiltProgram.run(["export", "--output", csv, "--data-dir", workspace.data]).status == 0)
        let imported = try BuiltProgram.run(["import", csv, "--data-dir", workspace.directory.appendingPathComponent("again").path])
        #expect(imported.status == 0, "\(imported.output)")
    }
}

extension SimulateCommandTests {
    /// A listener the staircase cannot reach (400 ct; it plays at most 100): every place says "above",
    /// the text chart marks the keys ↑, the JSON has `above` and no trend change.
    @Test("a threshold above the offsets asked is said as above them everywhere the profile shows it",
          .enabled(if: binaryAvailable))
    func aboveTheOffsets() throws {
        let workspace = try Workspace()
        let listener = try workspace.listener("thresholds: {C4: 400}\n")
        let simulated = try BuiltProgram.run(["simulate", "--listener", listener, "--trials", "1000", "--seed", "1",
                                                   "--data-dir", workspace.data])
        // Above the bound the answers show: the keys' mean, near the 100 ct the staircase held to (a
        // key with fewer answers there shows a bound further in).
        func saysAbove(_ output: String, after prefix: String) -> Bool {
            guard let start = output.range(of: prefix + "above ")?.upperBound,
                  let end = output[start...].range(of: " ct, where the largest differences were asked")?.lowerBound,
                  let bound = Double(output[start..<end]) else { return false }
            return bound >= 80 && bound <= 100.5
        }
        #expect(saysAbove(simulated.output, after: "Peach measures: "), "\(simulated.output)")
        let text = try BuiltProgram.run(["profile", "--data-dir", workspace.data])
        #expect(saysAbove(text.output, after: "single notes: "), "\(text.output)")
        // Labelled with a bound every marked key is above (a key's own answers may show less than 100).
        let arrows = text.output.split(separator: "\n").first { $0.drop { $0 == " " }.hasPrefix(">") && $0.contains("┤") }
        #expect(arrows?.filter { $0 == "↑" }.count ?? 0 >= 30, "the chart's row of arrows: \(text.output)")
        let json = try BuiltProgram.run(["profile", "--json", "--data-dir", workspace.data])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let mode = try #require((document["modes"] as? [[String: Any]])?.first)
        let threshold = try #require(mode["threshold"] as? [String: Any])
        #expect((threshold["above"] as? Double).map { $0 >= 80 && $0 <= 100.5 } == true && threshold["value"] == nil)
        #expect(mode["trendChange"] is NSNull)
    }

    @Test("--mode check runs a hearing check of at most 80 answers, says its result, and peach profile then reports a threshold inside it",
          .enabled(if: binaryAvailable))
    func hearingCheck() throws {
        let workspace = try Workspace()
        let listener = try workspace.listener(Self.flat)
        let simulated = try BuiltProgram.run(["simulate", "--listener", listener, "--mode", "check", "--seed", "5",
                                              "--data-dir", workspace.data])
        #expect(simulated.status == 0, "\(simulated.output)")
        #expect(simulated.output.contains("in a hearing check (Hear & Compare – single notes)"), "\(simulated.output)")
        let said = try #require(simulated.output.split(separator: "\n").first { $0.hasPrefix("the check says: You hear differences of about") },
                                "\(simulated.output)")
        let numbers = said.split(whereSeparator: { !"0123456789.".contains($0) }).compactMap { Double($0) }
        try #require(numbers.count >= 3, "\(said)")
        let (low, high) = (numbers[1], numbers[2])
        let result = try BuiltProgram.run(["profile", "--json", "--data-dir", workspace.data])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let modes = try #require(document["modes"] as? [[String: Any]])
        let count = try #require(modes[0]["count"] as? Int)
        #expect(count > 0 && count <= 80)
        let threshold = try #require(modes[0]["threshold"] as? [String: Any])
        let value = try #require(threshold["value"] as? Double)
        #expect(low <= value && value <= high, "profile \(value), the check said \(said)")
    }
}
