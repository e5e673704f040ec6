import Foundation

/// The SoundFont generators this project uses, with their numbers from the specification (8.1.2).
public enum GeneratorKind: UInt16, Sendable, Equatable, CaseIterable {
    case modLfoToPitch = 5
    case vibLfoToPitch = 6
    case modEnvToPitch = 7
    case chorusEffectsSend = 15
    case reverbEffectsSend = 16
    case attackVolEnv = 34
    case decayVolEnv = 36
    case sustainVolEnv = 37
    case releaseVolEnv = 38
    case instrument = 41
    case keyRange = 43
    case fineTune = 52
    case sampleID = 53
    case sampleModes = 54
}

/// A generator with a signed 16-bit amount (timecents, centibels, tenths of a percent…).
public struct Generator: Sendable, Equatable {
    public var kind: GeneratorKind
    public var amount: Int16

    public init(_ kind: GeneratorKind, _ amount: Int16) {
        self.kind = kind
        self.amount = amount
    }

    /// `sampleModes` value: loop continuously, also through the release.
    public static let loopContinuously = Generator(.sampleModes, 1)

    /// A time in seconds as timecents (1200·log2 s), for the envelope generators.
    public static func time(_ kind: GeneratorKind, seconds: Double) -> Generator {
        Generator(kind, Int16((1200 * log2(seconds)).rounded()))
    }
}
