import Foundation

/// A loop of `length` frames holding exactly `cycles` periods, so that looping it plays
/// `cycles · sampleRate / length` Hz with no drift however long the note is held.
public struct ExactLoop: Sendable, Equatable {
    public var length: Int
    public var cycles: Int
    public var sampleRate: Int

    public init(length: Int, cycles: Int, sampleRate: Int) {
        self.length = length
        self.cycles = cycles
        self.sampleRate = sampleRate
    }

    public var frequency: Double { Double(cycles) * Double(sampleRate) / Double(length) }

    /// How far the looped frequency is from `frequency`, in cents (+ is sharp).
    public func centsOff(from frequency: Double) -> Double {
        1200 * log2(self.frequency / frequency)
    }

    /// The shortest loop of at least `shortest` frames whose frequency is within `tolerance` cents of
    /// `frequency`; nil when none is at most `longest` frames.
    public static func shortest(for frequency: Double, sampleRate: Int, toleranceCents tolerance: Double,
                                shortest: Int = SoundFontEncoder.shortestLoop,
                                longest: Int = 1 << 20) -> ExactLoop? {
        precondition(frequency > 0 && frequency < Double(sampleRate) / 2, "frequency below Nyquist")
        guard shortest >= 1, longest >= shortest else { return nil }
        let cyclesPerFrame = frequency / Double(sampleRate)
        for length in shortest...longest {
            let cycles = Int((cyclesPerFrame * Double(length)).rounded())
            guard cycles >= 1 else { continue }
            let loop = ExactLoop(length: length, cycles: cycles, sampleRate: sampleRate)
            if abs(loop.centsOff(from: frequency)) <= tolerance { return loop }
        }
        return nil
    }
}
