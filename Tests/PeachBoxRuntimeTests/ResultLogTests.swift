import Foundation
import PeachDomain
import PeachTestSupport
import PeachText
import Testing
@testable import PeachBoxRuntime

/// The log line of each answer: written once its fit is in (beside the main actor), in the answers'
/// order, each with the measurement that includes it; `flush` writes those still waiting.
@Suite("The result log")
@MainActor
struct ResultLogTests {
    static func answer(_ index: Int, offset: Double) -> CompareAnswer {
        let comparison = CompareExercise(referenceNote: MIDINote(48 + index % 25), interval: .prime,
                                         tuningSystem: .equalTemperament, centOffset: Cents(offset))!
        return CompareAnswer(exercise: comparison, answeredHigher: index % 3 != 0,
                             timestamp: Date(timeIntervalSince1970: Double(index)))
    }

    static func offsets(in log: LogCapture) -> [String] {
        log.entries.map { String($0.message.split(separator: " ").first { $0.hasPrefix("+") || $0.hasPrefix("-") } ?? "") }
    }

    @Test("lines come in the answers' order, each with its answer in the measurement; flush writes the rest")
    func orderAndFlush() async {
        let profile = PerceptualProfile()
        for index in 0..<200 { profile.compareAnswered(Self.answer(index, offset: Double(1 + index % 40))) }
        let log = LogCapture()
        let texts = LiveTexts(Language.english)
        let results = ResultLog(profile: profile, settings: FixedSettingsProvider(), texts: texts, logger: log.logger)
        let offsets = [31.25, -17.5, 3.75]
        for (index, offset) in offsets.enumerated() {
            let answer = Self.answer(200 + index, offset: offset)
            profile.compareAnswered(answer)
            results.compareAnswered(answer)
        }
        #expect(log.entries.isEmpty)   // nothing was fitted on the way
        await results.written()
        #expect(Self.offsets(in: log) == ["+31.25", "-17.50", "+3.75"])
        let measured = texts.current.threshold(profile.thresholdEstimate(for: .compare, range: .standard)?.overallValue
                                               ?? .notEnoughAnswers)
        #expect(log.entries.last?.message.hasSuffix(measured) == true)

        for index in 0..<2 {
            let answer = Self.answer(203 + index, offset: 9.5 + Double(index))
            profile.compareAnswered(answer)
            results.compareAnswered(answer)
        }
        results.flush()
        await results.written()
        #expect(Self.offsets(in: log) == ["+31.25", "-17.50", "+3.75", "+9.50", "+10.50"])
    }

    @Test("flush while the writer waits for a fit: each line once, in order")
    func flushDuringAFit() async {
        let profile = PerceptualProfile()
        for index in 0..<300 { profile.compareAnswered(Self.answer(index, offset: Double(1 + index % 40))) }
        let log = LogCapture()
        let results = ResultLog(profile: profile, settings: FixedSettingsProvider(), texts: LiveTexts(Language.english),
                                logger: log.logger)
        for (index, offset) in [12.5, -7.25].enumerated() {
            let answer = Self.answer(300 + index, offset: offset)
            profile.compareAnswered(answer)
            results.compareAnswered(answer)
        }
        // The writer starts and waits for the fit beside the main actor (a tenth of a second).
        for _ in 0..<3 { await Task.yield() }
        results.flush()
        #expect(Self.offsets(in: log) == ["+12.50", "-7.25"])
        // The cancelled writer's fit comes in and writes nothing more.
        _ = await profile.currentThresholdEstimate(for: .compare, range: .standard)
        for _ in 0..<10 { await Task.yield() }
        await results.written()
        #expect(Self.offsets(in: log) == ["+12.50", "-7.25"])
    }
}
