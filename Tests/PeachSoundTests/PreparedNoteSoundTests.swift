import Foundation
import PeachDomain
import Testing
@testable import PeachSound

/// Tune & Match's tunable note is prepared before the first touch and starts at its first
/// move, which the input thread can deliver without the main actor; until then it is silent.
@Suite("sound engine: a prepared note starts at its first move")
@MainActor
struct PreparedNoteSoundTests {
    typealias Support = EngineTestSupport
    static let a4 = Support.frequency(69)

    static func isSilent(_ samples: ArraySlice<Float>) -> Bool { samples.allSatisfy { $0 == 0 } }

    @Test("silent until a move from another thread; then exactly the note `play` would have started there")
    func directFirstMoveStartsIt() throws {
        let target = Self.a4.shifted(by: 37.5)
        let (engine, sink) = try Support.engine()
        let prepared = try engine.prepare(frequency: Self.a4, velocity: .standard, amplitude: .nominal)
        #expect(Self.isSilent(sink.render(seconds: 0.2)), "the prepared note sounded before its first move")
        try #require(prepared.directlyTunable).retune(to: target, causedAt: 1_000)
        let started = Array(sink.render(seconds: 0.5))

        let (playing, playingSink) = try Support.engine()
        playingSink.render(seconds: 0.2)
        let played = try playing.play(frequency: target, velocity: .standard, amplitude: .nominal)
        #expect(started == Array(playingSink.render(seconds: 0.5)), "the started note differs from a played one")
        #expect(abs(Support.error(started[12_000...].prefix(14_400), target)) < 0.0001)
        try prepared.stop()
        try played.stop()
        withExtendedLifetime(engine) {}
    }

    @Test("the main actor's first touch starts it too; the same touch forwarded after the direct one changes nothing")
    func forwardedFirstTouch() throws {
        let (engine, sink) = try Support.engine()
        let byMainActor = try engine.prepare(frequency: Self.a4, velocity: .standard, amplitude: .nominal)
        let first = Self.a4.shifted(by: -22)
        try TuningMoveTime.$current.withValue(3_000) { try byMainActor.adjustFrequency(first) }
        let heard = sink.render(seconds: 0.4)
        #expect(abs(Support.error(heard.suffix(14_400), first)) < 0.0001)
        try byMainActor.stop()
        sink.render(seconds: 1)

        let direct = try engine.prepare(frequency: Self.a4, velocity: .standard, amplitude: .nominal)
        let touched = Self.a4.shifted(by: 15)
        try #require(direct.directlyTunable).retune(to: touched, causedAt: 5_000)
        sink.render(seconds: 0.05)
        try TuningMoveTime.$current.withValue(5_000) { try direct.adjustFrequency(touched) }
        let after = sink.render(seconds: 0.4)
        #expect(abs(Support.error(after.suffix(14_400), touched)) < 0.0001)
        try direct.stop()
        withExtendedLifetime(engine) {}
    }

    @Test("let go before its first move, it never sounds and its slot is free again", arguments: [false, true])
    func letGoBeforeItSounds(byStopAll: Bool) throws {
        let (engine, sink) = try Support.engine()
        let prepared = try engine.prepare(frequency: Self.a4, velocity: .standard, amplitude: .nominal)
        sink.render(seconds: 0.05)
        #expect(engine.renderer.owners.contains { $0.load(ordering: .relaxed) != 0 })
        if byStopAll { try engine.stopAll() } else { try prepared.stop() }
        try #require(prepared.directlyTunable).retune(to: Self.a4, causedAt: 9_000)
        #expect(Self.isSilent(sink.render(seconds: 0.3)), "a note let go before its first move sounded")
        #expect(engine.renderer.owners.allSatisfy { $0.load(ordering: .relaxed) == 0 }, "the slot stayed taken")
        withExtendedLifetime(engine) {}
    }

    @Test("the first move from another thread is heard from the next render while the main actor is busy")
    func startsWithoutMainActor() throws {
        let (engine, sink) = try Support.engine()
        let prepared = try engine.prepare(frequency: Self.a4, velocity: .standard, amplitude: .nominal)
        sink.render(seconds: 0.1)
        let note = try #require(prepared.directlyTunable)
        let a4 = Self.a4
        let rendered = Support.renderOnAnotherThread(engine.renderer, frames: 256) { note.retune(to: a4, causedAt: 7_000) }
        let samples = try #require(rendered, "the render waited for the main actor")
        #expect(samples.contains { abs($0) > 0.001 }, "the first period after the move was silent")
        _ = sink
        try prepared.stop()
        withExtendedLifetime(engine) {}
    }

    /// The race: the render thread read the command queue just before `prepare` queued the arm, and
    /// the mailbox just after the input thread's first move. Here the mailbox is read with the arm
    /// still queued, as the render thread would then.
    @Test("a first move read before the command that armed its note still starts the note")
    func moveOvertakesTheArm() throws {
        let (engine, sink) = try Support.engine()
        sink.render(seconds: 0.05)
        let prepared = try engine.prepare(frequency: Self.a4, velocity: .standard, amplitude: .nominal)
        let target = Self.a4.shifted(by: -12.5)
        try #require(prepared.directlyTunable).retune(to: target, causedAt: 11_000)
        engine.renderer.applyMoves()
        let heard = sink.render(seconds: 0.4)
        #expect(heard.contains { abs($0) > 0.001 }, "the first move was lost: the note never sounded")
        #expect(abs(Support.error(heard.suffix(14_400), target)) < 0.0001)
        try prepared.stop()
        withExtendedLifetime(engine) {}
    }
}
