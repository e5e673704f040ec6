import Foundation
import Testing
@testable import PeachDomain

/// The profile's state saved at some answer and continued from there must give exactly what adding
/// every answer gives: the checkpoint `peach run` starts from relies on it.
@Suite("Profile answers: saved and continued")
struct ProfileAnswersTests {
    enum Answer {
        case compare(CompareAnswer)
        case match(MatchAnswer)
    }

    /// A random history of both kinds and all modes: notes, intervals, offsets from 0.01 to 300 cents.
    static func history(_ count: Int, seed: UInt64) -> [Answer] {
        var random = SeededRandomGenerator(seed: seed)
        return (0..<count).map { index in
            let reference = MIDINote(Int.random(in: 40...80, using: &random))
            let target = reference.offset(bySemitones: [0, 0, 7, -5, 12][Int.random(in: 0...4, using: &random)])!
            let time = Date(timeIntervalSince1970: 1_700_000_000 + Double(index))
            let cents = Cents(exp(Double.random(in: log(0.01)...log(300), using: &random)))
            if Int.random(in: 0...3, using: &random) == 0 {
                return .match(MatchAnswer(
                    referenceNote: reference, targetNote: target, initialCentOffset: cents,
                    userCentError: Cents(Double.random(in: -40...40, using: &random)), tuningSystem: .equalTemperament,
                    timestamp: time)!)
            }
            return .compare(CompareAnswer(referenceNote: reference, targetNote: target, centOffset: cents,
                                          isCorrect: Bool.random(using: &random), tuningSystem: .justIntonation,
                                          timestamp: time)!)
        }
    }

    static func adding(_ records: some Sequence<Answer>, to answers: ProfileAnswers) -> ProfileAnswers {
        var answers = answers
        for record in records {
            switch record {
            case .compare(let answer): answers.add(answer)
            case .match(let answer): answers.add(answer)
            }
        }
        return answers
    }

    /// Every number the profile shows for a mode (compared exactly: Doubles by ==).
    struct Numbers: Equatable {
        let answers: Int, noteCounts: [Int], estimate: ThresholdEstimate?
        let attempts: Int, accuracy: MatchAccuracy?, matchingChange: ProgressChange?
    }

    @MainActor
    static func numbers(_ answers: ProfileAnswers) throws -> [Numbers] {
        let profile = PerceptualProfile(answers)
        let range = try NoteRange(lowest: MIDINote(40), highest: MIDINote(80))
        return TrainingMode.allCases.map { mode in
            let compared = profile.answers(for: mode)
            let attempts = profile.attempts(for: mode)
            return Numbers(answers: compared.count, noteCounts: compared.noteCounts,
                           estimate: profile.thresholdEstimate(for: mode, range: range),
                           attempts: attempts.count, accuracy: profile.matchAccuracy(for: mode),
                           matchingChange: attempts.change)
        }
    }

    @Test("saved at a random answer, reloaded and continued: the same bytes and numbers as all answers added",
          arguments: [(1, 5_000), (2, 12_000), (3, 400)])
    @MainActor
    func continuedEqualsWhole(seed: UInt64, count: Int) throws {
        let records = Self.history(count, seed: seed)
        let whole = Self.adding(records, to: ProfileAnswers())
        var random = SeededRandomGenerator(seed: seed + 100)
        for _ in 0..<3 {
            let split = Int.random(in: 0...count, using: &random)
            let reloaded = try ProfileAnswers(saved: try Self.adding(records.prefix(split), to: ProfileAnswers()).saved())
            let continued = Self.adding(records.dropFirst(split), to: reloaded)
            #expect(try continued.saved() == whole.saved())
            #expect(try Self.numbers(continued) == Self.numbers(whole))
        }
        #expect(whole.discrimination[.compare]?.count ?? 0 > 0 && whole.matching[.matchIntervals]?.count ?? 0 > 0)
    }

    /// The weights grow by 2^(1/1000) per answer and are rescaled past 1e100, some 332,000 answers in.
    @Test("saved before the weights are rescaled and continued past it: still exactly the whole")
    @MainActor
    func acrossRescaling() throws {
        let answer = CompareAnswer(referenceNote: MIDINote(60), targetNote: MIDINote(67), centOffset: Cents(12.5),
                                   isCorrect: true, tuningSystem: .equalTemperament, timestamp: Date(timeIntervalSince1970: 0))!
        let missed = CompareAnswer(referenceNote: MIDINote(62), targetNote: MIDINote(69), centOffset: Cents(3.2),
                                   isCorrect: false, tuningSystem: .equalTemperament, timestamp: Date(timeIntervalSince1970: 0))!
        let attempt = MatchAnswer(referenceNote: MIDINote(60), targetNote: MIDINote(60), initialCentOffset: Cents(30),
                                  userCentError: Cents(-4.25), tuningSystem: .equalTemperament,
                                  timestamp: Date(timeIntervalSince1970: 0))!
        var before = ProfileAnswers()
        for index in 0..<331_000 {
            before.add(index % 3 == 0 ? missed : answer)
            before.add(attempt)
        }
        var whole = before
        var continued = try ProfileAnswers(saved: before.saved())
        for index in 0..<3_000 {
            whole.add(index % 3 == 0 ? missed : answer)
            whole.add(attempt)
            continued.add(index % 3 == 0 ? missed : answer)
            continued.add(attempt)
        }
        #expect(try continued.saved() == whole.saved())
        #expect(try Self.numbers(continued) == Self.numbers(whole))
        // The rescaling happened in between: the next answer's weight was near 1e100 when saved, small after.
        #expect(try Self.nextWeight(before) > 1e99)
        #expect(try Self.nextWeight(whole) < 1e3)
    }

    /// The weight the next interval comparison gets, read from the saved state.
    static func nextWeight(_ answers: ProfileAnswers) throws -> Double {
        let object = try JSONSerialization.jsonObject(with: answers.saved()) as? [String: Any]
        let modes = try #require(object?["discrimination"] as? [String: Any])
        let compare = try #require(modes["compare-intervals"] as? [String: Any])
        let decaying = try #require(compare["decaying"] as? [String: Any])
        let bits = try #require(decaying["unit"] as? NSNumber)
        return Double(bitPattern: bits.uint64Value)
    }

    @Test("a state of another version, or bytes that are not one, are refused")
    func refused() throws {
        let saved = try Self.adding(Self.history(200, seed: 9), to: ProfileAnswers()).saved()
        let text = String(decoding: saved, as: UTF8.self)
        #expect(text.contains("\"version\":\(ProfileAnswers.formatVersion)"))
        let older = Data(text.replacingOccurrences(of: "\"version\":\(ProfileAnswers.formatVersion)", with: "\"version\":0").utf8)
        #expect(throws: ProfileAnswers.SavedStateError.otherVersion(0)) { try ProfileAnswers(saved: older) }
        // Another version's bins need not decode as this one's (version 2 had seven numbers per bin): the
        // version is what is said, not a decoding error.
        let otherLayout = Data(#"{"discrimination":{"compare":"seven numbers a bin"},"matching":{},"version":2}"#.utf8)
        #expect(throws: ProfileAnswers.SavedStateError.otherVersion(2)) { try ProfileAnswers(saved: otherLayout) }
        #expect(throws: (any Error).self) { try ProfileAnswers(saved: Data(saved.prefix(saved.count / 2))) }
        #expect(throws: (any Error).self) { try ProfileAnswers(saved: Data("{}".utf8)) }
        #expect(throws: Never.self) { try ProfileAnswers(saved: saved) }
    }
}
