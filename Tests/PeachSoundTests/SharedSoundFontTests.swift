import Foundation
import PeachDomain
import Testing
@testable import PeachSound

/// An engine's voice slots play one SoundFont loaded once (its samples in memory once, not once
/// per slot), and a slot that borrows it sounds exactly like one that loaded it.
@Suite("sound engine: one SoundFont for every slot")
@MainActor
struct SharedSoundFontTests {
    static func render(_ synth: FluidSynthesizer, key: Int32) -> [Float] {
        var left = [Float](repeating: 0, count: 4096), right = left
        synth.noteOn(key: key, velocity: 100)
        left.withUnsafeMutableBufferPointer { l in
            right.withUnsafeMutableBufferPointer { r in synth.render(frames: 4096, left: l.baseAddress!, right: r.baseAddress!) }
        }
        synth.noteOff(key: key)
        return left + right
    }

    @Test("a borrowing synthesizer plays the owner's font object on channel 0 only and renders the same samples, also once only it holds the owner")
    func sameSound() throws {
        let path = EngineTestSupport.peachSoundFont
        var owner: FluidSynthesizer? = try FluidSynthesizer(soundFont: path, preset: .standard)
        let borrower = try FluidSynthesizer(sharing: try #require(owner), preset: .standard)
        let alone = try FluidSynthesizer(soundFont: path, preset: .standard)
        #expect(borrower.font == owner?.font)
        #expect(alone.font != owner?.font)
        // Only channel 0 has a preset: adding the font must not leave programs (and their samples,
        // the drum kit's on channel 10) selected on the others.
        #expect(borrower.channelsWithAPreset == [0])
        #expect(owner?.channelsWithAPreset == [0])
        let expected = Self.render(alone, key: 69)
        #expect(expected.contains { $0 != 0 })
        #expect(Self.render(try #require(owner), key: 69) == expected)
        owner = nil
        #expect(Self.render(borrower, key: 69) == expected)
    }

    @Test("an engine comes and goes with its slots sharing the font, and plays exactly each time")
    func engineLifetimes() throws {
        for _ in 0..<3 {
            let (engine, sink) = try EngineTestSupport.engine()
            for (index, note) in [57, 69, 81].enumerated() {
                _ = try engine.play(frequency: EngineTestSupport.frequency(note), seconds: 0.2 + Double(index) * 0.05,
                                    velocity: .standard, amplitude: .nominal)
            }
            let samples = sink.render(seconds: 0.3)
            #expect(samples.contains { $0 != 0 })
        }
    }
}
