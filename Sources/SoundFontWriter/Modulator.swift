/// A SoundFont modulator record (8.2). Used here only to switch off the specification's default
/// modulators that would move the pitch or add effects: a modulator in an instrument with the same
/// source, destination and amount source replaces the default one.
public struct Modulator: Sendable, Equatable {
    public var source: UInt16
    public var destination: GeneratorKind
    public var amount: Int16
    public var amountSource: UInt16
    public var transform: UInt16

    public init(source: UInt16, destination: GeneratorKind, amount: Int16, amountSource: UInt16 = 0,
                transform: UInt16 = 0) {
        self.source = source
        self.destination = destination
        self.amount = amount
        self.amountSource = amountSource
        self.transform = transform
    }

    /// Modulation wheel (CC 1) to vibrato depth, off (the default modulator adds up to 50 cents).
    public static let noModWheelVibrato = Modulator(source: 0x0081, destination: .vibLfoToPitch, amount: 0)
    /// Channel pressure to vibrato depth, off.
    public static let noPressureVibrato = Modulator(source: 0x000D, destination: .vibLfoToPitch, amount: 0)
    /// Effects depth 1 (CC 91) to reverb send, off.
    public static let noReverbFromController = Modulator(source: 0x00DB, destination: .reverbEffectsSend, amount: 0)
    /// Effects depth 3 (CC 93) to chorus send, off.
    public static let noChorusFromController = Modulator(source: 0x00DD, destination: .chorusEffectsSend, amount: 0)
}
