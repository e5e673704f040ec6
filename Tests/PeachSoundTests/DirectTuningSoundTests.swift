import Foundation
import PeachDomain
import Testing
@testable import PeachSound

/// A move of the tuning control reaches the sounding note from another thread (the
/// sequencer's input thread) at the next render, without the main actor; the moves' times keep
/// the newest one, and a released note keeps its pitch.
@Suite("sound engine: moves from the input thread")
@MainActor
struct DirectTuningSoundTests {
    typealias Support = EngineTestSupport
    static let a4 = Support.frequency(69)

    /// An engine whose A4 has sounded for `seconds`, its sink and the note. Keep the engine: a note
    /// holds it weakly, and an engine gone takes its notes' moves with it.
    static func soundingA4(_ seconds: Double, preset: SoundFontPreset = .standard) throws
        -> (engine: SoundEngine, sink: WAVFileSink, note: any PlaybackHandle) {
        let (engine, sink) = try Support.engine(preset: preset)
        let note = try engine.play(frequency: a4, velocity: .standard, amplitude: .nominal)
        sink.render(seconds: seconds)
        return (engine, sink, note)
    }

    @Test("a direct move is heard from the next render, exactly")
    func directMoveIsHeard() throws {
        let (engine, sink, handle) = try Self.soundingA4(0.2)
        let target = Self.a4.shifted(by: 37.5)
        let note = try #require(handle.directlyTunable)
        note.retune(to: target, causedAt: 1_000)
        let error = Support.error(sink.render(seconds: 0.3).prefix(480 * 10), target)
        #expect(abs(error) < 0.0001, "\(error) cents")
        try handle.stop()
        withExtendedLifetime(engine) {}
    }

    @Test("the main actor's forwarded move of an older event does not undo a newer direct move")
    func olderForwardedMoveIsIgnored() throws {
        let (engine, sink, handle) = try Self.soundingA4(0.1)
        let newer = Self.a4.shifted(by: 40)
        try #require(handle.directlyTunable).retune(to: newer, causedAt: 2_000)
        sink.render(seconds: 0.05)
        // The main actor handles the events in order, so it forwards the older move (time 1 000)
        // after the input thread already delivered the newer one, and then the newer one again.
        try TuningMoveTime.$current.withValue(1_000) { try handle.adjustFrequency(Self.a4.shifted(by: 10)) }
        let afterOlder = Support.error(sink.render(seconds: 0.3).prefix(480 * 10), newer)
        #expect(abs(afterOlder) < 0.0001, "the older move undid the newer one: \(afterOlder) cents")
        try TuningMoveTime.$current.withValue(2_000) { try handle.adjustFrequency(newer) }
        #expect(abs(Support.error(sink.render(seconds: 0.3).prefix(480 * 10), newer)) < 0.0001)
        // A move without a known time (the computer keyboard) applies whenever it comes.
        let keyed = Self.a4.shifted(by: -20)
        try handle.adjustFrequency(keyed)
        #expect(abs(Support.error(sink.render(seconds: 0.3).prefix(480 * 10), keyed)) < 0.0001)
        try handle.stop()
        withExtendedLifetime(engine) {}
    }

    @Test("a direct move after the release does not move the note's tail; a final commit value stays")
    func releasedNoteKeepsItsPitch() throws {
        let (engine, sink, handle) = try Self.soundingA4(0.2, preset: SoundFontPreset(bank: 0, program: 1))
        let held = Self.a4.shifted(by: 30)
        try TuningMoveTime.$current.withValue(TuningMoveTime.final) { try handle.adjustFrequency(held) }
        let note = try #require(handle.directlyTunable)
        // A later move from the input thread (a bounce of the spring) before the release arrives…
        note.retune(to: Self.a4.shifted(by: 2), causedAt: 5_000)
        sink.render(seconds: 0.01)
        try handle.stop()
        // …and after it.
        note.retune(to: Self.a4.shifted(by: 2), causedAt: 6_000)
        let tail = sink.render(seconds: 0.2)
        // A decaying tail measures less sharply than a held note; a bounce would put it 28 cents off.
        #expect(abs(Support.error(tail.prefix(480 * 10), held)) < 0.01, "the tail left the committed pitch")
        withExtendedLifetime(engine) {}
    }

    @Test("a move reaches the render while the main actor is busy: no hop through it")
    func moveWithoutMainActor() throws {
        let (engine, sink, handle) = try Self.soundingA4(0.2)
        let note = try #require(handle.directlyTunable)
        let target = Self.a4.shifted(by: -63)
        let rendered = Support.renderOnAnotherThread(engine.renderer, frames: 4800) { note.retune(to: target, causedAt: 7_000) }
        let samples = try #require(rendered, "the render waited for the main actor")
        #expect(abs(Support.error(samples[...], target)) < 0.0001)
        _ = sink
        try handle.stop()
        withExtendedLifetime(engine) {}
    }

    @Test("a move for a note whose slot went to another note does nothing")
    func staleNoteIsIgnored() throws {
        let (engine, sink) = try Support.engine()
        let first = try engine.play(frequency: Self.a4, velocity: .standard, amplitude: .nominal)
        let stale = try #require(first.directlyTunable)
        try engine.stopAll()
        sink.render(seconds: 0.05)
        var handles: [any PlaybackHandle] = []
        for _ in 0..<SoundEngine.defaultSlotCount {
            handles.append(try engine.play(frequency: Self.a4, velocity: .standard, amplitude: .nominal))
        }
        sink.render(seconds: 0.1)
        stale.retune(to: Self.a4.shifted(by: 90), causedAt: 9_000)
        let error = Support.error(sink.render(seconds: 0.3).prefix(480 * 10), Self.a4)
        #expect(abs(error) < 0.0001, "another note moved: \(error) cents")
        for handle in handles { try handle.stop() }
    }
}
