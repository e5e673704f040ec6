import Foundation
import Testing
@testable import PeachDomain

@Suite("Comparison session")
@MainActor
struct ComparisonSessionTests {
    @Test("starts idle and plays nothing")
    func startsIdle() {
        let fixture = ComparisonFixture()
        #expect(fixture.session.state == .idle)
        #expect(fixture.player.handles.isEmpty)
    }

    @Test("a full cycle: note 1, note 2 back to back, awaiting answer, feedback, next comparison")
    func fullCycle() {
        let fixture = ComparisonFixture()
        fixture.session.start()
        #expect(fixture.session.state == .playingNote1)
        #expect(fixture.player.handles.count == 1)

        fixture.clock.advance(seconds: 0.999)
        #expect(fixture.session.state == .playingNote1)
        fixture.clock.advance(seconds: 0.001)
        #expect(fixture.session.state == .playingNote2)
        #expect(fixture.player.handles.count == 2)
        let (note1, note2) = (fixture.player.handles[0], fixture.player.handles[1])
        #expect(note1.endedAt == .seconds(1))
        #expect(note2.startedAt == .seconds(1))

        fixture.clock.advance(seconds: 1)
        #expect(fixture.session.state == .awaitingAnswer)
        #expect(note2.endedAt == .seconds(2))
        #expect(fixture.player.soundingNotes.isEmpty)

        fixture.answerCorrectly()
        #expect(fixture.session.state == .showingFeedback)
        fixture.clock.advance(seconds: 0.399)
        #expect(fixture.session.state == .showingFeedback)
        fixture.clock.advance(seconds: 0.001)
        #expect(fixture.session.state == .playingNote1)
        #expect(fixture.player.handles.count == 3)
        #expect(fixture.player.handles[2].startedAt == .milliseconds(2400))
    }

    @Test("plays the reference at its exact pitch and the target at the detuned interval")
    func pitches() throws {
        let settings = TrainingSettings(referencePitch: 442, intervals: [DirectedInterval(.majorThird, .up)],
                                        tuningSystem: .justIntonation)
        let fixture = ComparisonFixture(settings: settings)
        fixture.start(at: .playingNote2, scope: .intervals)
        let comparison = try #require(fixture.session.currentComparison)
        let reference = fixture.player.handles[0].initialFrequency.rawValue
        let target = fixture.player.handles[1].initialFrequency.rawValue
        let expectedReference = 442 * pow(2, Double(comparison.referenceNote.rawValue - 69) / 12)
        #expect(abs(1200 * log2(reference / expectedReference)) < 1e-6)
        // A pure major third (5/4) from the reference, then the offset.
        let expectedTarget = expectedReference * 5 / 4 * pow(2, comparison.centOffset.rawValue / 1200)
        #expect(abs(1200 * log2(target / expectedTarget)) < 1e-6)
        #expect(comparison.targetNote.rawValue == comparison.referenceNote.rawValue + 4)
    }

    @Test("notes use the configured velocity and duration; the reference is at nominal loudness")
    func velocityAndDuration() {
        let settings = TrainingSettings(noteDuration: NoteDuration(seconds: 0.5)!, velocity: MIDIVelocity(90))
        let fixture = ComparisonFixture(settings: settings)
        fixture.start(at: .awaitingAnswer)
        #expect(fixture.player.handles.map(\.velocity) == [MIDIVelocity(90), MIDIVelocity(90)])
        #expect(fixture.player.handles.map(\.duration?.seconds) == [0.5, 0.5])
        #expect(fixture.player.handles[0].amplitude == .nominal)
        #expect(fixture.player.handles[1].startedAt == .milliseconds(500))
    }

    @Test("vary loudness changes only the second note, within the configured spread")
    func varyLoudness() {
        let fixture = ComparisonFixture(settings: TrainingSettings(loudnessVariation: 0.5))
        fixture.session.start()
        for _ in 0..<40 {
            fixture.clock.advance(seconds: 1)
            fixture.answerCorrectly()
            fixture.clock.advance(seconds: 0.4)
        }
        let references = stride(from: 0, to: fixture.player.handles.count, by: 2).map { fixture.player.handles[$0] }
        let targets = stride(from: 1, to: fixture.player.handles.count, by: 2).map { fixture.player.handles[$0] }
        #expect(references.allSatisfy { $0.amplitude == .nominal })
        #expect(targets.allSatisfy { abs($0.amplitude.rawValue) <= 5 })
        #expect(Set(targets.map(\.amplitude)).count > 30)
    }

    @Test("answers are not accepted during note 1")
    func noAnswerDuringNote1() {
        let fixture = ComparisonFixture()
        fixture.start(at: .playingNote1)
        fixture.session.answer(higher: true)
        #expect(fixture.session.state == .playingNote1)
        #expect(fixture.observer.completed.isEmpty)
    }

    @Test("an answer during note 2 is accepted and cuts note 2 off")
    func answerDuringNote2() {
        let fixture = ComparisonFixture()
        fixture.start(at: .playingNote2)
        fixture.clock.advance(seconds: 0.3)
        fixture.session.answer(higher: false)
        #expect(fixture.session.state == .showingFeedback)
        #expect(fixture.player.handles[1].endedAt == .milliseconds(1300))
        #expect(fixture.player.handles[1].stopCallCount == 1)
        #expect(fixture.observer.completed.count == 1)
        // The cancelled end-of-note-2 timer must not disturb the feedback phase.
        fixture.clock.advance(seconds: 0.39)
        #expect(fixture.session.state == .showingFeedback)
        fixture.clock.advance(seconds: 0.01)
        #expect(fixture.session.state == .playingNote1)
    }

    @Test("observers get the completed comparison with the answer, correctness and the clock's time")
    func observersNotified() throws {
        let fixture = ComparisonFixture()
        fixture.start(at: .awaitingAnswer)
        let comparison = try #require(fixture.session.currentComparison)
        fixture.session.answer(higher: !comparison.isTargetHigher)
        let completed = try #require(fixture.observer.completed.first)
        #expect(completed.comparison == comparison)
        #expect(completed.answeredHigher == !comparison.isTargetHigher)
        #expect(!completed.isCorrect)
        #expect(completed.timestamp == fixture.clock.startDate.addingTimeInterval(2))
        #expect(fixture.session.lastCompleted == completed)
    }

    @Test("a second answer to the same comparison is ignored")
    func doubleAnswer() {
        let fixture = ComparisonFixture()
        fixture.start(at: .awaitingAnswer)
        fixture.session.answer(higher: true)
        fixture.session.answer(higher: false)
        #expect(fixture.observer.completed.count == 1)
    }

    @Test("the staircase follows the answers within a run (Kazez)")
    func staircase() throws {
        let fixture = ComparisonFixture()
        fixture.start(at: .awaitingAnswer)
        #expect(fixture.session.currentComparison?.centOffset.magnitude == 100)
        fixture.answerCorrectly()
        fixture.clock.advance(seconds: 0.4)
        #expect(fixture.session.currentComparison?.centOffset.magnitude == 50)
        fixture.clock.advance(seconds: 2)
        fixture.session.answer(higher: !fixture.session.currentComparison!.isTargetHigher)
        fixture.clock.advance(seconds: 0.4)
        let magnitude = try #require(fixture.session.currentComparison?.centOffset.magnitude.rawValue)
        #expect(abs(magnitude - 81.82) < 0.005)
    }

    @Test("a run starts from the profile's fitted threshold (classic rule: the overall one)")
    func startsFromProfile() {
        let fixture = ComparisonFixture(settings: TrainingSettings(staircase: .kazez), estimate: .flat(12.5))
        fixture.session.start()
        #expect(fixture.session.currentComparison?.centOffset.magnitude == 12.5)
    }

    /// A fitted 0.3 ct below the offsets asked (the staircase has not asked lower than 0.46 yet) is
    /// still where the next run starts, not the 100 ct of a player with no threshold, whether the
    /// answers alone already say "below" or not yet.
    @Test("a run starts from the fitted threshold also when it lies below the offsets asked so far")
    func startsFromBelow() {
        let flat = ThresholdEstimate.flat(0.3)
        let below = ThresholdEstimate(overallCurve: flat.overallCurve, curve: flat.curve, slope: flat.slope,
                                      answerWeight: flat.answerWeight, offsetsAsked: 0.46...100)
        #expect(below.overallValue == .notEnoughAnswers)
        let said = ThresholdEstimate(overallCurve: flat.overallCurve, curve: flat.curve, slope: flat.slope,
                                     answerWeight: flat.answerWeight, offsetsAsked: 0.46...100,
                                     bounds: flat.curve.mapValues { _ in OffsetBounds(below: 0.46) })
        #expect(said.overallValue == .below(0.46))
        for estimate in [below, said] {
            let fixture = ComparisonFixture(settings: TrainingSettings(staircase: .kazez), estimate: estimate)
            fixture.session.start()
            #expect(fixture.session.currentComparison.map { abs($0.centOffset.magnitude.rawValue - 0.3) < 1e-9 } == true)
        }
    }

    @Test("a new run starts the staircase again from the profile, not from the last run's answer")
    func runRestarts() {
        let fixture = ComparisonFixture(settings: TrainingSettings(staircase: .kazez))
        fixture.start(at: .awaitingAnswer)
        fixture.answerCorrectly()                                   // 100 correct → 50
        fixture.clock.advance(seconds: 2.4)
        #expect(fixture.session.currentComparison?.centOffset.magnitude == 50)
        fixture.session.stop()
        fixture.session.start()
        #expect(fixture.session.currentComparison?.centOffset.magnitude == 100)
    }

    @Test("single-note runs play primes; interval runs draw from the configured intervals")
    func scopes() {
        let intervals: Set = [DirectedInterval(.perfectFourth, .down), DirectedInterval(.majorSixth, .up)]
        let fixture = ComparisonFixture(settings: TrainingSettings(intervals: intervals))
        fixture.session.start(.singleNotes)
        #expect(fixture.session.currentComparison?.interval == .prime)
        fixture.session.stop()
        fixture.session.start(.intervals)
        var seen: Set<DirectedInterval> = []
        for _ in 0..<30 {
            seen.insert(fixture.session.currentComparison!.interval)
            fixture.clock.advance(seconds: 1)
            fixture.answerCorrectly()
            fixture.clock.advance(seconds: 0.4)
        }
        #expect(seen == intervals)
        #expect(fixture.session.scope == .intervals)
    }

    @Test("settings are read live at each new comparison, not mid-comparison")
    func liveSettings() {
        let fixture = ComparisonFixture()
        fixture.session.start()
        fixture.settings.currentSettings.noteDuration = NoteDuration(seconds: 2)!
        fixture.settings.currentSettings.referencePitch = 415
        fixture.clock.advance(seconds: 1)
        #expect(fixture.session.state == .playingNote2)  // this comparison keeps its 1 s notes
        fixture.answerCorrectly()
        fixture.clock.advance(seconds: 0.4)
        let next = fixture.player.handles[2]
        #expect(next.duration?.seconds == 2)
        let note = fixture.session.currentComparison!.referenceNote.rawValue
        let expected = 415 * pow(2, Double(note - 69) / 12)
        #expect(abs(1200 * log2(next.initialFrequency.rawValue / expected)) < 1e-6)
        fixture.clock.advance(seconds: 1.9)
        #expect(fixture.session.state == .playingNote1)
        fixture.clock.advance(seconds: 0.1)
        #expect(fixture.session.state == .playingNote2)
    }

    @Test("start while running does nothing")
    func startWhileRunning() {
        let fixture = ComparisonFixture()
        fixture.start(at: .playingNote2)
        fixture.session.start(.intervals)
        #expect(fixture.session.state == .playingNote2)
        #expect(fixture.player.handles.count == 2)
        #expect(fixture.session.scope == .singleNotes)
    }

    @Test("onChange is called on every state change")
    func onChange() {
        let fixture = ComparisonFixture()
        var states: [ComparisonSession.State] = []
        fixture.session.onChange = { [session = fixture.session] in states.append(session.state) }
        fixture.start(at: .awaitingAnswer)
        fixture.session.answer(higher: true)
        fixture.session.stop()
        #expect(states == [.playingNote1, .playingNote2, .awaitingAnswer, .showingFeedback, .idle])
    }
}
