/// An utterance as eSpeak NG made it: 16-bit mono samples at its own rate (22,050 Hz). Kept so, a
/// prompt takes less than half the memory it would at 48 kHz; the sound engine interpolates as it
/// plays (`SampledSound(pcm16:sampleRate:)`).
public struct SpokenSamples: Sendable, Equatable {
    public let samples: [Int16]
    public let sampleRate: Double

    public var seconds: Double { Double(samples.count) / sampleRate }
}
