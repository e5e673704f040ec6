import PeachDomain

/// How one kind of controller drives Peach: read from a mapping file (see Mappings/README.md).
public struct ControllerMapping: Hashable, Sendable {
    /// Shown by `peach devices` and in logs.
    public var name: String
    /// The file it was read from (`built-in` for the fallback generic mapping).
    public var file: String
    /// Client or port names this mapping is for; empty for the generic mapping, which fits any device.
    public var match: [NamePattern]
    public var tuning: TuningControl
    /// How the tour names the tuning control (`tuning: spoken:`); nil: from its kind.
    public var tuningSpoken: [Language: String]?
    public var wheel: WheelSettings
    public var higher: [ControlTrigger]
    public var lower: [ControlTrigger]
    /// Explicit commit controls: required for a fader or knob, optional beside a pitch wheel.
    public var commit: [ControlTrigger]
    public var modes: [TrainingMode: [ControlTrigger]]
    public var stop: [ControlTrigger]
    /// Controls that ask for the spoken report.
    public var report: [ControlTrigger]
    /// Chords of keys as commands (modes, stop, report), for keyboards without other controls.
    public var chords: ChordGesture?
    public var feedback: FeedbackOutputs?

    public init(name: String, file: String, match: [NamePattern] = [], tuning: TuningControl = .pitchWheel(channel: nil),
                wheel: WheelSettings = WheelSettings(), higher: [ControlTrigger] = [], lower: [ControlTrigger] = [],
                commit: [ControlTrigger] = [], modes: [TrainingMode: [ControlTrigger]] = [:], stop: [ControlTrigger] = [],
                report: [ControlTrigger] = [], chords: ChordGesture? = nil, feedback: FeedbackOutputs? = nil) {
        self.name = name
        self.file = file
        self.match = match
        self.tuning = tuning
        self.wheel = wheel
        self.higher = higher
        self.lower = lower
        self.commit = commit
        self.modes = modes
        self.stop = stop
        self.report = report
        self.chords = chords
        self.feedback = feedback
    }

    public var isGeneric: Bool { match.isEmpty }

    /// True when this mapping is for the device with these names (the generic one fits all).
    public func matches(clientName: String, portName: String) -> Bool {
        isGeneric || match.contains { $0.matches(clientName) || $0.matches(portName) }
    }
}

/// The control that tunes the note in Tune & Match.
public enum TuningControl: Hashable, Sendable {
    /// The pitch wheel (spring-loaded): letting go commits the value held before it sprang back.
    case pitchWheel(channel: UInt8?)
    /// A fader, knob or the mod wheel: stays where it is left, so committing is an explicit control.
    case controlChange(controller: UInt8, channel: UInt8?)
}

/// How the pitch wheel's movements are read; the defaults suit common spring-loaded wheels.
public struct WheelSettings: Hashable, Sendable {
    /// Positions within ±neutralZone of the centre (full travel is ±1) count as the centre: a wheel
    /// at rest jitters and rarely reads exactly 0.
    public var neutralZone: Double
    /// A return to the centre faster than this is the spring, i.e. the player let go; slower is a
    /// deliberate tune to the centre.
    public var releaseSeconds: Double
    /// How far the wheel must be pushed for a flick to answer in Hear & Compare.
    public var flickThreshold: Double

    public init(neutralZone: Double = 0.03, releaseSeconds: Double = 0.09, flickThreshold: Double = 0.5) {
        self.neutralZone = neutralZone
        self.releaseSeconds = releaseSeconds
        self.flickThreshold = flickThreshold
    }
}

/// MIDI messages sent back to the device (pad LEDs) to show an answer's outcome.
public struct FeedbackOutputs: Hashable, Sendable {
    /// Which of the device's ports takes them; nil: the port the controller plays from, or its
    /// first writable port.
    public var port: NamePattern?
    /// Sent before each feedback (and when training stops) to turn earlier feedback off.
    public var clear: [MIDIMessage]
    public var messages: [AnswerResult: [MIDIMessage]]

    public init(port: NamePattern? = nil, clear: [MIDIMessage] = [], messages: [AnswerResult: [MIDIMessage]] = [:]) {
        self.port = port
        self.clear = clear
        self.messages = messages
    }
}

/// A case-insensitive pattern on a sequencer client or port name: `*` and `?` wildcards match the
/// whole name; text without wildcards matches anywhere in the name (`MPK mini` matches
/// `MPK mini 3 MIDI 1`).
public struct NamePattern: Hashable, Sendable, CustomStringConvertible {
    public let text: String

    public init(_ text: String) { self.text = text }

    public var description: String { text }

    public func matches(_ name: String) -> Bool {
        let pattern = Array(text.lowercased()), name = Array(name.lowercased())
        guard pattern.contains("*") || pattern.contains("?") else {
            return pattern.isEmpty ? false : String(name).contains(String(pattern))
        }
        return glob(pattern[...], name[...])
    }

    private func glob(_ pattern: ArraySlice<Character>, _ name: ArraySlice<Character>) -> Bool {
        guard let first = pattern.first else { return name.isEmpty }
        switch first {
        case "*":
            var rest = name
            while true {
                if glob(pattern.dropFirst(), rest) { return true }
                guard !rest.isEmpty else { return false }
                rest = rest.dropFirst()
            }
        case "?": return !name.isEmpty && glob(pattern.dropFirst(), name.dropFirst())
        default: return name.first == first && glob(pattern.dropFirst(), name.dropFirst())
        }
    }
}
