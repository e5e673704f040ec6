/// A preset (what a MIDI program change selects): bank, program and the instrument it plays.
public struct Preset: Sendable, Equatable {
    public var name: String
    public var bank: UInt16
    public var program: UInt16
    /// Index into `SoundFont.instruments`.
    public var instrumentIndex: Int

    public init(name: String, bank: UInt16 = 0, program: UInt16, instrumentIndex: Int) {
        self.name = name
        self.bank = bank
        self.program = program
        self.instrumentIndex = instrumentIndex
    }
}
