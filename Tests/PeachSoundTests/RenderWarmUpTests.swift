import Foundation
import PeachDomain
import Testing
@testable import PeachSound

/// The render path run once before the device opens: it must leave no trace in the sound.
@Suite("sound engine: warming the render path before a start")
@MainActor
struct RenderWarmUpTests {
    typealias Support = EngineTestSupport

    @Test("a warm-up renders into its scratch and leaves the clock, the voices and the first note as they were")
    func warmUpLeavesNoTrace() throws {
        let (warmed, warmedSink) = try Support.engine()
        let (cold, coldSink) = try Support.engine()
        let frames = 1024
        let scratch = UnsafeMutablePointer<Float>.allocate(capacity: frames)
        defer { scratch.deallocate() }
        scratch.initialize(repeating: .nan, count: frames)

        warmed.renderer.warmUp(scratch: scratch, frames: frames)

        #expect((0..<frames).allSatisfy { scratch[$0] == 0 }, "the mixer rendered silence into the scratch")
        #expect(warmed.renderer.renderedFrames == 0, "the render clock did not move")
        #expect(warmed.renderer.owners.allSatisfy { $0.load(ordering: .relaxed) == 0 }, "every voice is free")
        #expect(warmedSink.render(seconds: 0.05).allSatisfy { $0 == 0 }, "nothing sounds after it")
        _ = coldSink.render(seconds: 0.05)
        let a4 = Support.frequency(69, cents: 13)
        _ = try warmed.play(frequency: a4, velocity: .standard, amplitude: .nominal)
        _ = try cold.play(frequency: a4, velocity: .standard, amplitude: .nominal)
        let first = warmedSink.render(seconds: 0.2)
        #expect(first.contains { $0 != 0 }, "the note sounds")
        let reference = coldSink.render(seconds: 0.2)
        let difference = zip(first, reference).map { abs($0 - $1) }.max() ?? .infinity
        let firstDiff = zip(first, reference).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? -1
        #expect(difference == 0, "the first note is the one without a warm-up: \(difference) at \(firstDiff)")
    }

    @Test("a warm-up leaves a sounding voice alone")
    func warmUpSkipsSoundingVoices() throws {
        let (engine, sink) = try Support.engine()
        let (reference, referenceSink) = try Support.engine()
        let a4 = Support.frequency(69)
        _ = try engine.play(frequency: a4, velocity: .standard, amplitude: .nominal)
        _ = try reference.play(frequency: a4, velocity: .standard, amplitude: .nominal)
        let before = sink.render(seconds: 0.05)
        #expect(before == referenceSink.render(seconds: 0.05))
        let scratch = UnsafeMutablePointer<Float>.allocate(capacity: 512)
        defer { scratch.deallocate() }
        scratch.initialize(repeating: 0, count: 512)
        engine.renderer.warmUp(scratch: scratch, frames: 512)
        #expect(sink.render(seconds: 0.1) == referenceSink.render(seconds: 0.1), "the sounding note went on untouched")
    }
}
