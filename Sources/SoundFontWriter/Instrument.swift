/// An instrument: settings shared by all its zones (the SoundFont's global zone) and one zone
/// per key range, each naming the sample it plays.
public struct Instrument: Sendable, Equatable {
    public var name: String
    public var shared: ZoneSettings
    public var zones: [InstrumentZone]

    public init(name: String, shared: ZoneSettings = ZoneSettings(), zones: [InstrumentZone]) {
        self.name = name
        self.shared = shared
        self.zones = zones
    }
}

public struct InstrumentZone: Sendable, Equatable {
    public var keys: ClosedRange<UInt8>
    public var settings: ZoneSettings
    /// Index into `SoundFont.samples`.
    public var sampleIndex: Int

    public init(keys: ClosedRange<UInt8>, settings: ZoneSettings = ZoneSettings(), sampleIndex: Int) {
        self.keys = keys
        self.settings = settings
        self.sampleIndex = sampleIndex
    }
}

/// Generators and modulators of a zone, apart from the key range and the sample or instrument
/// link, which the encoder places where the specification wants them (first and last).
public struct ZoneSettings: Sendable, Equatable {
    public var generators: [Generator]
    public var modulators: [Modulator]

    public init(generators: [Generator] = [], modulators: [Modulator] = []) {
        self.generators = generators
        self.modulators = modulators
    }

    public var isEmpty: Bool { generators.isEmpty && modulators.isEmpty }
}
