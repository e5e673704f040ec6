/// A SoundFont 2.01 bank as this project builds it: samples, instruments that map keys to
/// samples, and presets that choose an instrument. `SoundFontEncoder` turns it into file bytes.
public struct SoundFont: Sendable, Equatable {
    public var info: SoundFontInfo
    public var samples: [Sample]
    public var instruments: [Instrument]
    public var presets: [Preset]

    public init(info: SoundFontInfo, samples: [Sample], instruments: [Instrument], presets: [Preset]) {
        self.info = info
        self.samples = samples
        self.instruments = instruments
        self.presets = presets
    }
}

/// The text of the INFO list. No creation date on purpose: the same bank must give the same bytes.
public struct SoundFontInfo: Sendable, Equatable {
    public var name: String
    public var engineer: String
    public var copyright: String
    public var comment: String
    public var software: String

    public init(name: String, engineer: String, copyright: String, comment: String, software: String) {
        self.name = name
        self.engineer = engineer
        self.copyright = copyright
        self.comment = comment
        self.software = software
    }
}
