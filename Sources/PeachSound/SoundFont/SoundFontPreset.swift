/// A preset of a SoundFont, addressed as MIDI bank and program.
public struct SoundFontPreset: Hashable, Sendable, Codable, CustomStringConvertible {
    public let bank: Int
    public let program: Int

    public init(bank: Int, program: Int) {
        self.bank = bank
        self.program = program
    }

    /// Parses `BANK:PROGRAM` (`0:0`, `8:80`) or a lone program number (bank 0).
    public init(parsing text: String) throws(SoundError) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let programText = parts.last,
              let program = Int(programText.trimmingCharacters(in: .whitespaces)), (0...127).contains(program)
        else { throw .invalidPresetText(text) }
        var bank = 0
        if parts.count == 2 {
            guard let value = Int(parts[0].trimmingCharacters(in: .whitespaces)), (0...16383).contains(value) else {
                throw .invalidPresetText(text)
            }
            bank = value
        }
        self.init(bank: bank, program: program)
    }

    /// Bank 0, program 0: the sine of Peach's own SoundFont.
    public static let standard = SoundFontPreset(bank: 0, program: 0)

    public var description: String { "\(bank):\(program)" }
}

/// A preset as a SoundFont lists it.
public struct SoundFontPresetInfo: Hashable, Sendable {
    public let preset: SoundFontPreset
    public let name: String
}
