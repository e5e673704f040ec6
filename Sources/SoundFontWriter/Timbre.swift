/// A sound of the Peach bank: the relative amplitudes of its harmonics and its envelope.
public struct Timbre: Sendable, Equatable {
    /// The preset and instrument name.
    public var name: String
    /// Short name for the samples ("Organ A4"), so sample names fit their 19 characters.
    public var sampleName: String
    /// `harmonics[n − 1]` is the amplitude of harmonic n relative to the others.
    public var harmonics: [Double]
    /// Envelope generators, shared by every zone of the instrument.
    public var envelope: [Generator]

    public init(name: String, sampleName: String, harmonics: [Double], envelope: [Generator]) {
        self.name = name
        self.sampleName = sampleName
        self.harmonics = harmonics
        self.envelope = envelope
    }

    /// A pure sine: a few milliseconds to full level, held, and an 80 ms release (no clicks).
    public static let sine = Timbre(
        name: "Sine", sampleName: "Sine", harmonics: [1],
        envelope: [.time(.attackVolEnv, seconds: 0.005), .time(.releaseVolEnv, seconds: 0.08)])

    /// Six harmonics falling gently, held at full level like an organ pipe.
    public static let softOrgan = Timbre(
        name: "Soft Organ", sampleName: "Organ", harmonics: [1, 0.5, 0.32, 0.2, 0.13, 0.08],
        envelope: [.time(.attackVolEnv, seconds: 0.01), .time(.releaseVolEnv, seconds: 0.08)])

    /// Twelve harmonics falling as 1/n², struck: it fades by about 17 dB a second and then stays
    /// 30 dB down, so a long held note (tuning in Tune & Match) is still heard.
    public static let pluck = Timbre(
        name: "Pluck", sampleName: "Pluck", harmonics: (1...12).map { 1 / Double($0 * $0) },
        envelope: [.time(.attackVolEnv, seconds: 0.003), .time(.decayVolEnv, seconds: 6),
                   Generator(.sustainVolEnv, 300), .time(.releaseVolEnv, seconds: 0.08)])
}
